import useSWR, { mutate } from "swr";
import type { User } from "../../shared/contract/auth.ts";
import { ApiError, apiGet } from "./api.ts";
import { keys } from "./queries.ts";
import { storageKeys, writeJson } from "./storage.ts";
import { clearAllQueries } from "./swr.ts";
import { forgetLastSeen } from "./offline.ts";
import { sessionHintCookie, sessionHintIn } from "../../shared/session-hint.ts";

/** Whether this browser holds a session (a cookie the page can read; the session's own cannot be). */
export const signedInHint = () => typeof document !== "undefined" && sessionHintIn(document.cookie) !== null;

/** Forgets the hint; the server sets it, with the session's mark, whenever it starts a session. */
function clearSignedInHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the next read of the hint needs it written at once; the Cookie Store API is asynchronous and not in every browser
  document.cookie = sessionHintCookie(null);
}

/** A visitor without the signed-in hint is signed out without asking; 401 means "signed out", not a failure. */
async function fetchCurrentUser(): Promise<User | null> {
  if (!signedInHint()) return null;
  try {
    const user = await apiGet<User>(keys.user()[1]);
    writeJson(storageKeys.knownAccount, true);
    return user;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    clearSignedInHint();
    return null;
  }
}

/** The current user: undefined while loading, null when signed out. Loaded once and cached (spec §4). */
export function useCurrentUser() {
  const { data, error, isLoading } = useSWR<User | null>(keys.user(), fetchCurrentUser);
  return { user: data, error, isLoading: isLoading && data === undefined };
}

/** Stores the user a sign-in, registration or rename answered with (null after sign-out). */
export function setCurrentUser(user: User | null): Promise<unknown> {
  if (user) writeJson(storageKeys.knownAccount, true);
  else clearSignedInHint();
  return mutate(keys.user(), user, { revalidate: false });
}

/** The browser's side of ending a session (logout, account deletion): every cached answer is forgotten and the user is none. */
export async function forgetSession(): Promise<void> {
  clearAllQueries();
  await forgetLastSeen();
  await setCurrentUser(null);
}
