import type { LiveHello } from "../lib/live.ts";
import type { QueryKey } from "../lib/queries.ts";
import type { RenderEnv } from "../lib/render-env.tsx";

/** The id of the JSON script a server-rendered page carries its first screen's data in (src/http/ssr/). */
export const FIRST_SCREEN_ID = "npt-first-screen";

/** What the server rendered the first screen from, for the browser to hydrate it with the same. */
export interface FirstScreen {
  /** The path and query rendered ("/leaderboard?view=overall"). */
  url: string;
  env: RenderEnv;
  /** The SWR cache entries the screen read: the answers the API gives this viewer. */
  queries: (readonly [QueryKey, unknown])[];
  /** Where the server's live channel stood when it read them (SocketHub: its id, what it had sent). */
  live: { hub: string; heard: number };
}

let hydrated: FirstScreen["live"] | null = null;

/** Remembers that the page was hydrated from this first screen (for `heardNothingSince`). */
export function rememberFirstScreen(first: FirstScreen): void {
  hydrated = first.live;
}

/**
 * Whether the live channel's hello says nothing was sent since the server read the first screen's
 * answers: joined on the same process, at the same count. Then they are as current as the socket.
 */
export function heardNothingSince(hello: LiveHello): boolean {
  return hydrated !== null && hello.hub === hydrated.hub && hello.heard === hydrated.heard;
}

/** The first screen the page came with, or null (a page drawn by the browser alone: the offline copy). */
export function readFirstScreen(): FirstScreen | null {
  const script = document.getElementById(FIRST_SCREEN_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as FirstScreen;
  } catch {
    return null;
  }
}

/**
 * When the page's own request started (performance.now() time): the server read the first screen's
 * answers after that, so they are at least that fresh.
 */
export function pageRequestedAt(): number {
  const navigation = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return navigation?.requestStart ?? 0;
}
