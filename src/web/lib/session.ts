import useSWR, { mutate } from "swr";
import type { User } from "../../shared/contract/auth.ts";
import { ApiError, apiGet } from "./api.ts";
import { clearAllQueries } from "./swr.ts";

export const USER_KEY = "/api/user";

/** 401 means "signed out", not a failure. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>(USER_KEY);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** The current user: undefined while loading, null when signed out. Loaded once and cached (spec §4). */
export function useCurrentUser() {
  const { data, error, isLoading } = useSWR<User | null>(USER_KEY, fetchCurrentUser);
  return { user: data, error, isLoading: isLoading && data === undefined };
}

/** Stores the user a sign-in, registration or rename answered with (null after sign-out). */
export function setCurrentUser(user: User | null): Promise<unknown> {
  return mutate(USER_KEY, user, { revalidate: false });
}

/** The browser's side of ending a session (logout, account deletion): every cached answer is forgotten and the user is none. */
export async function forgetSession(): Promise<void> {
  clearAllQueries();
  await setCurrentUser(null);
}
