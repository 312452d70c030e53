import { ApiError } from "../../lib/api.ts";

/** What a non-admin sees instead of the admin tools: the server's refusal, said plainly. */
export function AdminRefusal({ error }: { error: unknown }) {
  const signedOut = error instanceof ApiError && error.status === 401;
  return (
    <article className="empty-state admin-refusal" role="alert">
      <h2>{signedOut ? "Sign in as an admin" : "Admins only"}</h2>
      <p>
        {signedOut
          ? "These tools are for site admins. Sign in with an admin account to resolve games."
          : "Your account is not a site admin, so the server refuses these tools. Ask a site admin if a game needs resolving."}
      </p>
    </article>
  );
}

/** Whether an answer is the server refusing this user the admin tools. */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
