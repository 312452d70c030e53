/** Pure rules about weeks and game state (spec §4, §5, §9). */
import type { OddsMarket } from "../../shared/contract/games.ts";
import { WEEKS } from "../../shared/games.ts";

/** A game that started this long ago counts as over for the week rule (spec §9 live window). */
export const LIVE_WINDOW_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Week 1 starts on the first Thursday on or after 1 September (spec §5), at 00:00 UTC. */
export function seasonStart(year: number): Date {
  const first = new Date(Date.UTC(year, 8, 1));
  const toThursday = (4 - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(year, 8, 1 + toThursday));
}

/** The season year a date falls in: before this year's start, it is last year's season. */
export function seasonYearOf(date: Date): number {
  const year = date.getUTCFullYear();
  return date < seasonStart(year) ? year - 1 : year;
}

/** Spec §5: whole 7-day periods since the season's start, plus 1, clamped to 1–18. */
export function weekNumber(date: Date): number {
  const start = seasonStart(seasonYearOf(date));
  const week = Math.floor((date.getTime() - start.getTime()) / (7 * DAY_MS)) + 1;
  return Math.min(WEEKS, Math.max(1, week));
}

export type GameStatus = "upcoming" | "live" | "completed";

/** The status a player sees: completed once resolved, live from kick-off, else upcoming. */
export function statusAt(game: { commenceTime: string; completed: boolean }, now: Date): GameStatus {
  if (game.completed) return "completed";
  return new Date(game.commenceTime) <= now ? "live" : "upcoming";
}

/** Betting is open only before kick-off on a game that is not yet completed (spec §4). */
export function isBettingOpen(game: { commenceTime: string; completed: boolean }, now: Date): boolean {
  return statusAt(game, now) === "upcoming";
}

/**
 * The advancing current week (spec §4, DESIGN): the lowest week that still has a game neither
 * completed nor started more than 4 hours ago; 18 once every game is done.
 */
export function currentWeek(
  games: readonly { week: number; commenceTime: string; completed: boolean }[],
  now: Date,
): number {
  let lowest = WEEKS;
  for (const game of games) {
    const over = game.completed || now.getTime() - new Date(game.commenceTime).getTime() > LIVE_WINDOW_MS;
    if (!over && game.week < lowest) lowest = game.week;
  }
  return lowest;
}

/**
 * The next moment an answer about these games changes by the clock alone (a kick-off makes a game
 * live; 4 hours later the week rule moves on), as epoch ms; Infinity when none is ahead. Cached
 * reads are served until then or until a write.
 */
export function nextClockChange(games: readonly { commenceTime: string; completed: boolean }[], now: Date): number {
  let next = Number.POSITIVE_INFINITY;
  for (const game of games) {
    if (game.completed) continue;
    const kickoff = new Date(game.commenceTime).getTime();
    for (const moment of [kickoff, kickoff + LIVE_WINDOW_MS])
      if (moment > now.getTime() && moment < next) next = moment;
  }
  return next;
}

/** One selection's line as a feed quotes it: what line history keeps, a row per change. */
export interface LineQuote {
  market: OddsMarket["marketType"];
  selection: string;
  point: number | null;
  price: number;
}

function quotesOf(odds: readonly OddsMarket[]): LineQuote[] {
  return odds.flatMap((m) =>
    m.outcomes.map((o) => ({ market: m.marketType, selection: o.name, point: o.point ?? null, price: o.price })),
  );
}

/**
 * The selections whose point or price differ from `previous` (or are new), in the feed's order.
 * A selection the feed stops quoting is no move: its last line stands in the history.
 */
export function movedQuotes(previous: readonly OddsMarket[], next: readonly OddsMarket[]): LineQuote[] {
  const before = new Map(quotesOf(previous).map((q) => [`${q.market}|${q.selection}`, q]));
  return quotesOf(next).filter((q) => {
    const old = before.get(`${q.market}|${q.selection}`);
    return !old || old.point !== q.point || old.price !== q.price;
  });
}
