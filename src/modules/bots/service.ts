import type { Db } from "../../runtime/index.ts";
import { AppError, conflict } from "../../lib/errors.ts";
import type { BotStats } from "../../shared/contract/bots.ts";
import { randomToken } from "../../lib/ids.ts";
import * as audit from "../audit/service.ts";
import { botUserIds, createBotAccounts } from "../users/service.ts";
import { countBetsOf, pendingBetsInWeek, placeBet, recordPastBets, type PastBet } from "../betting/service.ts";
import { currentWeek, listGames, weekFacts } from "../games/service.ts";
import { botEmail, botUsername, isBotBettingDay, picksForWeek } from "./rules.ts";
import { seedDemoPools } from "./demo-pools.ts";

/** When the bots' next betting days begin (their weekly job's next run). */
export { nextBotBettingDay } from "./rules.ts";

/** Spec §3 Bot stats. */
export async function botStats(db: Db): Promise<BotStats> {
  const ids = await botUserIds(db);
  return { totalBotUsers: ids.length, totalBotBets: await countBetsOf(db, ids) };
}

/**
 * Makes sure at least `target` bots exist (idempotent: only the shortfall is created, in one
 * write transaction, so two runs at once cannot both create it). Audited.
 */
export async function ensureBots(
  db: Db,
  now: Date,
  target: number,
  actor: audit.Actor,
): Promise<{ created: number; total: number; message: string }> {
  // One hash for the whole batch: bots never sign in. The password is 256 random bits nobody ever
  // sees, so argon2id's cost buys nothing here: the cheapest settings (under a millisecond, where the
  // default took 0.75 s on a busy machine, holding up a first start and a stop asked for meanwhile).
  const passwordHash = await Bun.password.hash(randomToken(), { algorithm: "argon2id", memoryCost: 1024, timeCost: 1 });
  return db.transaction().execute(async (trx) => {
    const existing = (await botUserIds(trx)).length;
    const missing = Math.max(0, target - existing);
    const candidates = Array.from({ length: missing * 2 + 50 }, (_, k) => {
      const username = botUsername(existing + k);
      return { username, email: botEmail(username) };
    });
    const created = missing > 0 ? (await createBotAccounts(trx, now, candidates, missing, passwordHash)).length : 0;
    const total = existing + created;
    await audit.record(trx, now, actor, "bots.ensure", "bots", { target, created, total });
    const message =
      created > 0
        ? `Created ${created} bots; there are now ${total}.`
        : `All ${total} bots already exist; nothing to create.`;
    return { created, total, message };
  });
}

/**
 * Every bot bets the current week's open games, all but one each, through the same placing rules
 * as people. A bot that already bet a game keeps that bet, so a second run adds nothing. Audited.
 */
export async function weeklyUpdate(
  db: Db,
  now: Date,
  actor: audit.Actor,
): Promise<{ placed: number; bots: number; week: number; message: string }> {
  const { week } = await currentWeek(db, now);
  const open = (await listGames(db, now, week)).filter((g) => g.status === "upcoming");
  if (open.length === 0)
    throw conflict(`No open games in Week ${week}: there is nothing for the bots to bet on.`, "no_open_games");
  const bots = await botUserIds(db);
  let placed = 0;
  for (const botId of bots) {
    for (const pick of picksForWeek(open, botId, week)) {
      try {
        await placeBet(db, now, botId, pick);
        placed += 1;
      } catch (error) {
        // Already bet (an earlier run), or the game just locked: the bot simply skips it.
        if (!(error instanceof AppError && error.status === 409)) throw error;
      }
    }
  }
  await db
    .transaction()
    .execute((trx) =>
      audit.record(trx, now, actor, "bots.weekly_update", `week:${week}`, { bots: bots.length, placed }),
    );
  return { placed, bots: bots.length, week, message: `${bots.length} bots placed ${placed} bets on Week ${week}.` };
}

/**
 * The week the bots should bet now, on their schedule: a Tuesday or Wednesday (US Eastern), once
 * the previous week's games are final and its bets settled, while the current week has open games.
 */
export async function weekDueForBots(db: Db, now: Date): Promise<{ season: number; week: number } | null> {
  if (!isBotBettingDay(now)) return null;
  const { season, week } = await currentWeek(db, now);
  if (week > 1) {
    const previous = await weekFacts(db, season, week - 1);
    if (previous.gamesCompleted < previous.gamesScheduled) return null;
    if ((await pendingBetsInWeek(db, season, week - 1)) > 0) return null;
  }
  const open = (await listGames(db, now, week)).some((g) => g.status === "upcoming");
  return open ? { season, week } : null;
}

/**
 * A first start's demo: `count` bots with a history on the games already completed, priced at the
 * odds stored for those games (their closing lines), so boards and the contest look alive at once,
 * and one pool of each format among them (demo-pools.ts). The caller settles them with the usual sweep.
 */
export async function seedDemoBots(
  db: Db,
  now: Date,
  count: number,
  signal?: AbortSignal,
): Promise<{ bots: number; bets: number; pools: number; poolPicks: number }> {
  // Stopping (SIGTERM while serve starts) is looked at between the steps: each is whole.
  if (signal?.aborted) return { bots: 0, bets: 0, pools: 0, poolPicks: 0 };
  await ensureBots(db, now, count, audit.systemActor);
  const bots = await botUserIds(db);
  if (signal?.aborted) return { bots: bots.length, bets: 0, pools: 0, poolPicks: 0 };
  const completed = (await listGames(db, now)).filter((g) => g.status === "completed" && g.odds.length > 0);
  const weeks = Map.groupBy(completed, (g) => g.week);
  const bets: PastBet[] = [];
  for (const [week, games] of weeks) {
    if (signal?.aborted) return { bots: bots.length, bets: 0, pools: 0, poolPicks: 0 };
    for (const botId of bots) {
      for (const pick of picksForWeek(games, botId, week)) {
        const game = games.find((g) => g.id === pick.gameId)!;
        const placedAt = new Date(new Date(game.commenceTime).getTime() - 24 * 60 * 60 * 1000).toISOString();
        bets.push({ ...pick, userId: botId, season: game.season, week, placedAt });
      }
    }
  }
  const recorded = await recordPastBets(db, bets, signal);
  if (signal?.aborted) return { bots: bots.length, bets: recorded, pools: 0, poolPicks: 0 };
  const pools = await seedDemoPools(db, now, bots);
  return { bots: bots.length, bets: recorded, pools: pools.pools, poolPicks: pools.picks };
}
