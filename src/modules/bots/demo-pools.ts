/**
 * The demo season's pools (issue 45): on a first start, one pool of each format among the bots, with
 * their sheets of the weeks already played (at the closing lines) and of the current week's open games,
 * so a first visit shows pick'em, confidence and survivor standings alive.
 */
import type { Db } from "../../runtime/index.ts";
import { AppError } from "../../lib/errors.ts";
import { coverMargin } from "../../shared/cover.ts";
import type { Game } from "../../shared/contract/games.ts";
import type { PoolFormat, PoolOptions } from "../../shared/pools.ts";
import { currentWeek, listGames } from "../games/service.ts";
import { createDemoPool, recordDemoPoolPicks, saveLeaguePoolSheet } from "../leagues/service.ts";
import { gradeUngraded } from "../pools/service.ts";
import { poolSheetFor } from "./rules.ts";

const DEMO_POOLS: {
  name: string;
  description: string;
  format: Exclude<PoolFormat, never>;
  options: Partial<PoolOptions>;
}[] = [
  {
    name: "Bots' Pick'em",
    description: "Every game straight up, scored by the price: an underdog's win pays more.",
    format: "pickem",
    options: { priced: true },
  },
  {
    name: "Bots' Confidence Pool",
    description: "Every game against the spread, ranked 1 to N.",
    format: "confidence",
    options: { against: "spread" },
  },
  {
    name: "Bots' Survivor",
    description: "One team a week, each team once; the second loss knocks you out.",
    format: "survivor",
    options: { strikes: 1, autoPick: true },
  },
];

/** How many bots play in each demo pool. */
const POOL_SIZE = 16;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Seeds the three demo pools among the bots; returns how many pools and picks. */
export async function seedDemoPools(
  db: Db,
  now: Date,
  botIds: readonly number[],
): Promise<{ pools: number; picks: number }> {
  const members = botIds.slice(0, POOL_SIZE);
  const games = await listGames(db, now);
  if (members.length < 2 || games.length === 0) return { pools: 0, picks: 0 };
  const { week: current } = await currentWeek(db, now);
  const opened = new Date(Date.parse(games[0]!.commenceTime) - 2 * DAY_MS);
  const weeks = [...Map.groupBy(games, (g) => g.week)].sort(([a], [b]) => a - b);
  let picks = 0;
  for (const spec of DEMO_POOLS) {
    const id = await createDemoPool(db, opened, { ...spec, memberIds: members });
    const used = new Map(members.map((m) => [m, new Set<string>()]));
    const losses = new Map(members.map((m) => [m, 0]));
    const alive = (bot: number) => spec.format !== "survivor" || losses.get(bot)! <= (spec.options.strikes ?? 0);
    for (const [week, weekGames] of weeks) {
      if (week > current) break;
      const played = weekGames.every((g) => g.status === "completed");
      if (!played && week !== current) continue;
      const byId = new Map(weekGames.map((g) => [g.id, g]));
      const open = weekGames.filter((g) => g.status === "upcoming");
      const past: Parameters<typeof recordDemoPoolPicks>[2][number][] = [];
      for (const [i, bot] of members.entries()) {
        if (!alive(bot)) continue;
        const sheet = poolSheetFor(spec.format, played ? weekGames : open, bot, week, used.get(bot));
        const tiebreaker = spec.format === "survivor" ? undefined : sheet.tiebreaker;
        for (const p of sheet.picks) used.get(bot)!.add(p.selection);
        if (played) {
          for (const p of sheet.picks) {
            const game = byId.get(p.gameId)!;
            past.push({ userId: bot, game, selection: p.selection, points: p.points, tiebreaker });
            if (spec.format === "survivor" && lost(game, p.selection)) losses.set(bot, losses.get(bot)! + 1);
          }
        } else if (i % 3 !== 0 && sheet.picks.length > 0) {
          // Two bots in three have made this week's picks already; the others have yet to.
          picks += await saveOpenSheet(db, now, bot, id, week, sheet.picks, tiebreaker);
        }
      }
      picks += await recordDemoPoolPicks(db, id, past);
    }
  }
  await gradeUngraded(db);
  return { pools: DEMO_POOLS.length, picks };
}

/** Whether a final game knocked a survivor pick out (a tie advances in the demo's survivor). */
function lost(game: Game, team: string): boolean {
  if (game.homeScore === null || game.awayScore === null) return false;
  const margin = coverMargin(
    { betType: "moneyline", selection: team, point: null },
    { homeTeam: game.homeTeam, awayTeam: game.awayTeam, homeScore: game.homeScore, awayScore: game.awayScore },
  );
  return margin !== null && margin < 0;
}

async function saveOpenSheet(
  db: Db,
  now: Date,
  bot: number,
  leagueId: number,
  week: number,
  picks: { gameId: string; selection: string; points: number | null }[],
  tiebreaker: number | undefined,
): Promise<number> {
  try {
    await saveLeaguePoolSheet(db, now, bot, leagueId, week, {
      picks,
      ...(tiebreaker === undefined ? {} : { tiebreaker }),
    });
    return picks.length;
  } catch (error) {
    // A game that locked meanwhile, or a line not posted yet: the bot simply has no sheet this week.
    if (error instanceof AppError && error.status < 500) return 0;
    throw error;
  }
}
