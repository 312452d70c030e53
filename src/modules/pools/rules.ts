/**
 * A pool sheet's rules, pure (decision 0072): what a save may change, what a pick costs, how a final
 * score grades it, and who gets the automatic survivor pick.
 */
import { coverMargin, type ScoredGame } from "../../shared/cover.ts";
import type { PoolFormat, PoolOptions } from "../../shared/pools.ts";

/** A game of the week as a sheet sees it. */
export interface SheetGame {
  id: string;
  homeTeam: string;
  awayTeam: string;
  /** Picks on it can no longer change (kicked off, final, or the week locked). */
  locked: boolean;
}

export interface SheetPick {
  gameId: string;
  selection: string;
  points: number | null;
}

/** A refusal, as the route answers it. */
export interface SheetProblem {
  status: 400 | 409;
  code: string;
  message: string;
}

/** What a save does to the member's week: picks to write (new or changed) and open games whose pick goes. */
export interface SheetPlan {
  write: SheetPick[];
  remove: string[];
}

const problem = (status: 400 | 409, code: string, message: string): { problem: SheetProblem } => ({
  problem: { status, code, message },
});

const matchup = (g: SheetGame) => `${g.awayTeam} @ ${g.homeTeam}`;
const same = (a: SheetPick, b: SheetPick) => a.selection === b.selection && a.points === b.points;

/**
 * Checks a member's submitted sheet for one week against its games and their stored picks: picks on
 * locked games stay as they were (sending one unchanged is fine, changing it is 409 `game_locked`),
 * picks on open games become the submitted ones (an open game left out loses its pick). `usedTeams`
 * are the survivor's teams of the season's other weeks.
 */
export function planSheet(
  format: PoolFormat,
  week: number,
  games: readonly SheetGame[],
  stored: readonly SheetPick[],
  submitted: readonly { gameId: string; selection: string; points?: number | null }[],
  usedTeams: ReadonlySet<string> = new Set(),
): { plan: SheetPlan } | { problem: SheetProblem } {
  const byId = new Map(games.map((g) => [g.id, g]));
  const storedBy = new Map(stored.map((p) => [p.gameId, p]));
  const seen = new Set<string>();
  const picks: SheetPick[] = [];
  for (const s of submitted) {
    const game = byId.get(s.gameId);
    if (!game) return problem(400, "game_not_in_week", `picks: ${s.gameId} is not a game of week ${week}`);
    if (seen.has(s.gameId)) return problem(400, "duplicate_game", `picks: ${matchup(game)} is picked twice`);
    seen.add(s.gameId);
    if (s.selection !== game.homeTeam && s.selection !== game.awayTeam)
      return problem(
        400,
        "invalid_selection",
        `picks: the selection for ${matchup(game)} must be ${game.awayTeam} or ${game.homeTeam}`,
      );
    const points = s.points ?? null;
    if (format !== "confidence" && points !== null)
      return problem(400, "points_not_used", "picks: points are only for a confidence pool");
    if (
      format === "confidence" &&
      (points === null || !Number.isInteger(points) || points < 1 || points > games.length)
    )
      return problem(
        400,
        "invalid_points",
        `picks: each confidence pick needs points from 1 to ${games.length} (the week's games)`,
      );
    picks.push({ gameId: s.gameId, selection: s.selection, points });
  }
  for (const pick of picks) {
    const game = byId.get(pick.gameId)!;
    const before = storedBy.get(pick.gameId);
    if (game.locked && !(before && same(before, pick)))
      return problem(409, "game_locked", `${matchup(game)} is locked: its pick can no longer change`);
  }
  // The week as it would stand: locked picks as they are, the open games' as submitted.
  const sheet = [
    ...stored.filter((p) => byId.get(p.gameId)?.locked),
    ...picks.filter((p) => !byId.get(p.gameId)!.locked),
  ];
  if (format === "confidence") {
    const used = new Set<number>();
    for (const p of sheet) {
      if (used.has(p.points!))
        return problem(400, "duplicate_points", `picks: ${p.points} confidence points are given twice`);
      used.add(p.points!);
    }
  }
  if (format === "survivor") {
    if (sheet.length > 1) return problem(400, "survivor_one_pick", "picks: a survivor pool takes one team a week");
    const team = sheet[0]?.selection;
    if (team !== undefined && usedTeams.has(team))
      return problem(400, "team_used", `picks: you have already used ${team} this season`);
  }
  const open = games.filter((g) => !g.locked).map((g) => g.id);
  return {
    plan: {
      write: picks.filter((p) => !byId.get(p.gameId)!.locked && !same(storedBy.get(p.gameId) ?? NO_PICK, p)),
      remove: open.filter((id) => storedBy.has(id) && !seen.has(id)),
    },
  };
}

const NO_PICK: SheetPick = { gameId: "", selection: "", points: null };

/** A game's lines as a pick reads them (the games' odds markets). */
export interface LinedGame {
  homeTeam: string;
  awayTeam: string;
  odds: readonly { marketType: string; outcomes: readonly { name: string; price: number; point?: number }[] }[];
}

/** What a pick on `selection` costs now: straight up its moneyline (null without one); against the spread its spread and price (null: no spread yet). */
export function pickPrice(
  game: LinedGame,
  against: PoolOptions["against"],
  selection: string,
): { odds: number | null; point: number | null } | null {
  const outcome = (market: string) =>
    game.odds.find((m) => m.marketType === market)?.outcomes.find((o) => o.name === selection);
  if (against === "spread") {
    const spread = outcome("spreads");
    return spread?.point === undefined ? null : { odds: spread.price, point: spread.point };
  }
  return { odds: outcome("h2h")?.price ?? null, point: null };
}

/** How a final score grades a pick: against its frozen spread, or straight up; a tie (or landing on the spread) pushes. */
export function gradePick(
  pick: { selection: string; point: number | null },
  game: ScoredGame,
): "won" | "lost" | "push" {
  const margin = coverMargin(
    { betType: pick.point === null ? "moneyline" : "spread", selection: pick.selection, point: pick.point },
    game,
  );
  if (margin === null || margin === 0) return "push";
  return margin > 0 ? "won" : "lost";
}

/** What a graded pick scores, in hundredths: its worth when won, half when pushed. */
export function scoreOf(result: "won" | "lost" | "push", worth: number): number {
  return result === "won" ? worth : result === "push" ? Math.floor(worth / 2) : 0;
}

/** A game of the week as the automatic survivor pick reads it. */
export interface AutoPickGame {
  id: string;
  homeTeam: string;
  awayTeam: string;
  commenceTime: string;
  homePrice: number | null;
  awayPrice: number | null;
}

/**
 * The kick-off the automatic survivor pick is made before (decision 0072): with picks locking game by
 * game, the week's busiest kick-off (the one most games share, the earliest of a tie) — a member may
 * still pick a late game until then; with the week locking at once, its first kick-off.
 */
export function autoPickKickoff(kickoffs: readonly string[], lock: PoolOptions["lock"]): string | null {
  if (kickoffs.length === 0) return null;
  const sorted = [...kickoffs].sort();
  if (lock === "week") return sorted[0]!;
  const counts = new Map<string, number>();
  for (const k of sorted) counts.set(k, (counts.get(k) ?? 0) + 1);
  let best = sorted[0]!;
  for (const [k, n] of counts) if (n > counts.get(best)!) best = k;
  return best;
}

/**
 * The automatic pick: the largest home favourite (lowest moneyline) among the open games whose home
 * team the member has not used; failing one, the largest favourite of any side not used; the earlier
 * kick-off, then the game id, on a tie. Null when every team is used.
 */
export function autoPickOf(
  games: readonly AutoPickGame[],
  used: ReadonlySet<string>,
): { gameId: string; selection: string } | null {
  const sides = games.flatMap((g) => [
    { gameId: g.id, selection: g.homeTeam, price: g.homePrice, home: true, at: g.commenceTime },
    { gameId: g.id, selection: g.awayTeam, price: g.awayPrice, home: false, at: g.commenceTime },
  ]);
  const open = sides.filter((s) => !used.has(s.selection));
  const byPrice = (a: (typeof open)[number], b: (typeof open)[number]) =>
    (a.price ?? Number.POSITIVE_INFINITY) - (b.price ?? Number.POSITIVE_INFINITY) ||
    a.at.localeCompare(b.at) ||
    a.gameId.localeCompare(b.gameId);
  const homeFavourites = open.filter((s) => s.home && s.price !== null && s.price < 0).sort(byPrice);
  const pick = homeFavourites[0] ?? open.sort(byPrice)[0];
  return pick ? { gameId: pick.gameId, selection: pick.selection } : null;
}

/** A week of the season as a pool counts it. */
export interface PoolWeek {
  week: number;
  firstKickoff: string;
  lastKickoff: string;
  /** When the week's last pick locks: its last kick-off, or its first when the whole week locks at once. */
  deadline: string;
}

/** The season's weeks from its games (kick-offs compare as ISO text). */
export function seasonWeeks(
  games: readonly { week: number; commenceTime: string }[],
  lock: PoolOptions["lock"],
): PoolWeek[] {
  const weeks = new Map<number, { first: string; last: string }>();
  for (const g of games) {
    const w = weeks.get(g.week);
    if (!w) weeks.set(g.week, { first: g.commenceTime, last: g.commenceTime });
    else {
      if (g.commenceTime < w.first) w.first = g.commenceTime;
      if (g.commenceTime > w.last) w.last = g.commenceTime;
    }
  }
  return [...weeks]
    .sort(([a], [b]) => a - b)
    .map(([week, { first, last }]) => ({
      week,
      firstKickoff: first,
      lastKickoff: last,
      deadline: lock === "week" ? first : last,
    }));
}

/**
 * Whether a week counts for a pool (or a member) that started at `from` and ends `before` (ISO; null:
 * never): some pick could still be made after the start, and the week began before the end.
 */
export const weekCounts = (w: PoolWeek, from: string, before: string | null): boolean =>
  w.deadline > from && (before === null || w.firstKickoff < before);
