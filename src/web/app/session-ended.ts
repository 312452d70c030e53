import { mutate } from "swr";
import type { User } from "../../shared/contract/auth.ts";
import { keys } from "../lib/queries.ts";
import { forgetSession, signedInHint } from "../lib/session.ts";

/**
 * How long after its socket closed a page asks whether it is still signed in. The browser that
 * changed the password has its socket closed too, and gets its new session's cookie with the
 * change's answer, which may arrive just after the close.
 */
export const SESSION_CHECK_DELAY_MS = 1500;

/** Reasons the server gives (SessionEndReason in shared/contract/events.ts) that the sign-in page explains. */
const KNOWN = new Set(["signed_out", "password_changed", "password_reset", "account_deleted"]);

/**
 * The server ended this page's session's socket: once the check delay has passed, asks who is
 * signed in. Still signed in (the browser that changed its password), nothing happens; signed out,
 * the session is forgotten and the page goes to sign-in, which says why, and comes back here after.
 */
export async function checkSessionAfterEnd(reason: string, navigate: (to: string) => void): Promise<void> {
  if (!signedInHint()) return;
  await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_DELAY_MS));
  const user = (await mutate(keys.user())) as User | null | undefined;
  if (user) return;
  await forgetSession();
  const why = KNOWN.has(reason) ? reason : "ended";
  // A screen for players may have sent the page to sign-in already (with its way back): keep that.
  const onAuth = location.pathname === "/auth";
  const params = new URLSearchParams(onAuth ? location.search : "");
  if (!onAuth) params.set("returnUrl", `${location.pathname}${location.search}`);
  params.set("signedOut", why);
  navigate(`/auth?${params}`);
}
