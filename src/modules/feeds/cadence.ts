/**
 * How often `serve` syncs with the odds provider (pure, so tests can walk through a game day).
 * Every minute while a game is under way or one kicks off within two hours — lines move and
 * finals arrive then — and every ten minutes otherwise. After failures the wait doubles, up to
 * fifteen minutes. A provider with a quota paces its paid calls further by itself.
 */

export const NEAR_INTERVAL_MS = 60_000;
export const FAR_INTERVAL_MS = 10 * 60_000;
export const NEAR_WINDOW_MS = 2 * 60 * 60 * 1000;
export const MAX_BACKOFF_MS = 15 * 60_000;

export interface SyncPace {
  /** The season's next kick-off after now, if any. */
  nextKickoff: Date | null;
  /** Games started and not yet completed (within the window a game can still be running or awaiting its final). */
  liveGames: number;
}

/** Milliseconds until the next sync. */
export function nextSyncDelay(now: Date, pace: SyncPace, failures: number): number {
  const untilKickoff = pace.nextKickoff ? pace.nextKickoff.getTime() - now.getTime() : Number.POSITIVE_INFINITY;
  const near = pace.liveGames > 0 || untilKickoff <= NEAR_WINDOW_MS;
  // Far from any game, still wake up when the next kick-off's two-hour window opens.
  const base = near
    ? NEAR_INTERVAL_MS
    : Math.max(NEAR_INTERVAL_MS, Math.min(FAR_INTERVAL_MS, untilKickoff - NEAR_WINDOW_MS));
  if (failures === 0) return base;
  return Math.min(MAX_BACKOFF_MS, Math.max(base, NEAR_INTERVAL_MS * 2 ** failures));
}
