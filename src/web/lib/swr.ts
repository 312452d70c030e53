import { useLayoutEffect } from "react";
import { mutate, unload, unstable_serialize, type Key, type Middleware, type SWRConfiguration } from "swr";
import { apiGet } from "./api.ts";

/**
 * Query keys are API paths ("/api/games"), or lists of path parts joined with "/"
 * (["/api/users", 7, "stats"] → "/api/users/7/stats").
 */
export function keyPath(key: unknown): string | null {
  if (typeof key === "string") return key;
  if (
    Array.isArray(key) &&
    key.length > 0 &&
    key.every((part) => typeof part === "string" || typeof part === "number")
  ) {
    return key.join("/");
  }
  return null;
}

// Serialized keys with a mounted hook, so invalidation can tell "refetch now" from "refetch on next mount".
const mountedKeys = new Map<string, number>();

const trackMounted: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const id = unstable_serialize(key as Key);
  // A layout effect, declared before SWR's own: the key counts as mounted before its first fetch
  // starts, so an invalidation landing in between refetches it instead of discarding the answer.
  useLayoutEffect(() => {
    if (!id) return;
    mountedKeys.set(id, (mountedKeys.get(id) ?? 0) + 1);
    return () => {
      const left = (mountedKeys.get(id) ?? 1) - 1;
      if (left > 0) mountedKeys.set(id, left);
      else mountedKeys.delete(id);
    };
  }, [id]);
  return useSWRNext(key, fetcher, config);
};

/** Spec §7: no retries, no refetch on focus or reconnect, no polling, never stale; GET the key's path. */
export const swrConfig: SWRConfiguration = {
  fetcher: (key: unknown) => {
    const path = keyPath(key);
    if (path === null) throw new Error(`Not an API key: ${String(key)}`);
    return apiGet(path);
  },
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  use: [trackMounted],
};

/**
 * Marks the matching queries out of date: those on screen refetch now (keeping their data
 * meanwhile), the others are dropped so they refetch when next shown.
 */
export async function invalidate(matches: (path: string) => boolean): Promise<void> {
  const hit = (key: unknown, mounted: boolean) => {
    const path = keyPath(key);
    return path !== null && matches(path) && mountedKeys.has(unstable_serialize(key as Key)) === mounted;
  };
  await Promise.all([
    mutate((key) => hit(key, true)),
    mutate((key) => hit(key, false), undefined, { revalidate: false }),
  ]);
}

/** Every API query. */
export const allQueries = (path: string) => path.startsWith("/api/");

/** Forgets every cached answer (sign-out); queries on screen refetch. */
export function clearAllQueries(): void {
  unload();
}
