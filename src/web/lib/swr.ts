import { useLayoutEffect } from "react";
import { mutate, unload, unstable_serialize, type Key, type Middleware, type SWRConfiguration } from "swr";
import { cache } from "swr/_internal";
import { apiGet } from "./api.ts";
import type { Family, QueryKey } from "./queries.ts";

/** A query key (lib/queries.ts): its family and the URL it GETs. */
function queryKey(key: unknown): QueryKey | null {
  return Array.isArray(key) && key.length === 2 && typeof key[0] === "string" && typeof key[1] === "string"
    ? (key as unknown as QueryKey)
    : null;
}

// Serialized keys with a mounted hook, so invalidation can tell "refetch now" from "refetch on next mount".
const mountedKeys = new Map<string, number>();

// When each query's latest fetch started (performance.now()): the live channel's first open
// refetches only those asked for before it could hear events (lib/live.ts, mayHaveMissedEvents).
const fetchStartedAt = new Map<string, number>();

// Answers the server rendered the first screen from (seedQueries), not yet shown by a mounted hook:
// their first mount takes them as they are, also where a query refetches on every visit.
const seeded = new Set<string>();
// Seeded answers not fetched again since: the live channel's first open decides on them as a whole.
const fromFirstScreen = new Set<string>();

/**
 * Puts the answers a server-rendered page came with in the cache, as if fetched at `fetchedAt`
 * (performance.now() time), before the page is hydrated: its hooks find them, and nothing asks again.
 * Written to SWR's cache directly, not through `mutate`: SWR hydrates from the cache as it was
 * before its first write, which would hide them from the hydrating render.
 */
export function seedQueries(entries: readonly (readonly [key: QueryKey, data: unknown])[], fetchedAt: number): void {
  for (const [key, data] of entries) {
    const id = unstable_serialize(key);
    fetchStartedAt.set(id, fetchedAt);
    seeded.add(id);
    fromFirstScreen.add(id);
    // `_k` is the key as given, which SWR keeps beside its state and `mutate` filters match on.
    cache.set(id, { data, _k: key } as Parameters<typeof cache.set>[1]);
  }
}

/** The first screen is on: a seeded answer not shown by then is asked for as usual when it is. */
export function forgetSeeds(): void {
  seeded.clear();
}

const trackMounted: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const id = unstable_serialize(key as Key);
  const fresh = !!id && seeded.has(id);
  // A layout effect, declared before SWR's own: the key counts as mounted before its first fetch
  // starts, so an invalidation landing in between refetches it instead of discarding the answer.
  useLayoutEffect(() => {
    if (!id) return;
    seeded.delete(id);
    mountedKeys.set(id, (mountedKeys.get(id) ?? 0) + 1);
    return () => {
      const left = (mountedKeys.get(id) ?? 1) - 1;
      if (left > 0) mountedKeys.set(id, left);
      else mountedKeys.delete(id);
    };
  }, [id]);
  const timedFetcher: typeof fetcher =
    fetcher &&
    ((...args) => {
      if (id) {
        fetchStartedAt.set(id, performance.now());
        fromFirstScreen.delete(id);
      }
      return fetcher(...args);
    });
  return useSWRNext(key, timedFetcher, fresh ? { ...config, revalidateOnMount: false } : config);
};

/** Spec §7: no retries, no refetch on focus or reconnect, no polling, never stale; GET the key's URL. */
export const swrConfig: SWRConfiguration = {
  fetcher: (key: unknown) => {
    const query = queryKey(key);
    if (query === null) throw new Error(`Not a query key (lib/queries.ts): ${String(key)}`);
    return apiGet(query[1]);
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
 * Marks the queries `matches` picks out of date: those on screen refetch now (keeping their data
 * meanwhile), the others are dropped so they refetch when next shown.
 */
async function invalidateWhere(matches: (query: QueryKey, id: string) => boolean): Promise<void> {
  const hit = (key: unknown, mounted: boolean) => {
    const query = queryKey(key);
    if (query === null) return false;
    const id = unstable_serialize(key as Key);
    return mountedKeys.has(id) === mounted && matches(query, id);
  };
  await Promise.all([
    mutate((key) => hit(key, true)),
    mutate((key) => hit(key, false), undefined, { revalidate: false }),
  ]);
}

/** Marks the queries of these families (or "all") out of date. Callers use the named invalidators of lib/queries.ts. */
export function invalidate(families: readonly Family[] | "all"): Promise<void> {
  return invalidateWhere((query) => families === "all" || families.includes(query[0]));
}

/**
 * Marks out of date every query whose latest fetch started at a time `isStale` rejects; undefined
 * when it was never fetched here (e.g. set by a sign-in). The answers the page came with from the
 * server (seedQueries), not fetched since, are out of date when `firstScreenStale` says so.
 */
export function invalidateFetched(
  isStale: (startedAt: number | undefined) => boolean,
  firstScreenStale: boolean,
): Promise<void> {
  return invalidateWhere((_query, id) =>
    fromFirstScreen.has(id) ? firstScreenStale : isStale(fetchStartedAt.get(id)),
  );
}

/**
 * Rewrites the cached answers of these families in place, without asking the server (a live update
 * carried the change itself); `update` returns the answer unchanged when it is not concerned.
 */
export async function updateQueries(families: readonly Family[], update: (data: unknown) => unknown): Promise<void> {
  const concerned = (key: unknown) => {
    const query = queryKey(key);
    return query !== null && families.includes(query[0]);
  };
  await mutate(concerned, (data: unknown) => (data === undefined ? data : update(data)), { revalidate: false });
}

/** Forgets every cached answer (sign-out); queries on screen refetch. */
export function clearAllQueries(): void {
  unload();
}
