import type { Db } from "../../runtime/index.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import { centsToString, UNIT_CENTS } from "../../shared/money.ts";
import * as audit from "../audit/service.ts";
import { accounts, signupsFrom } from "../users/service.ts";
import { individualGameIdsBet, individualGamesBet, pendingBetsByWeek, pendingBetsInWeek } from "../betting/service.ts";
import {
  currentSeason,
  currentWeek,
  lastCompletedWeek,
  seasonWeekFacts,
  weekFacts,
  weekSchedule,
} from "../games/service.ts";
import { compareRankFigures, roiPercent } from "../../shared/stats.ts";
import { weeklyRanking } from "../stats/service.ts";
import type { RecordedWeek } from "../../shared/contract/contest.ts";
import type { AdminContestWeek } from "../../shared/contract/admin.ts";
import * as repo from "./repo.ts";
import { type ContestStatus, contestStatus, PRIZE_PLACES, requiredGamesForPrize } from "../../shared/contest.ts";
import { ineligibility, linkedAccounts, selectWinners } from "./rules.ts";

export interface Winner {
  place: number;
  tied: boolean;
  userId: number;
  username: string;
  unitsWon: string;
  profit: string;
  roi: number;
  totalBets: number;
  wonBets: number;
  gamesBet: number;
  /** Accounts that look linked to this one (same sign-up address, close sign-up times). */
  linkedTo: string[];
}

export interface WeekWinners {
  season: number;
  week: number;
  gamesScheduled: number;
  gamesRequired: number;
  recordedAt: string;
  forced: boolean;
  /** The week came from the embedded (generated) season: not a real contest. */
  generatedSeason: boolean;
  winners: Winner[];
}

/** A player's standing in a week's contest (shared/contest.ts `contestStatus`, the rule the winners use). */
export async function playerWeekStatus(
  db: Db,
  now: Date,
  userId: number,
  season: number,
  week: number,
  adminEmails: readonly string[],
): Promise<ContestStatus> {
  const [schedule, betIds, people, next] = await Promise.all([
    weekSchedule(db, season, week, now),
    individualGameIdsBet(db, userId, season, week),
    accounts(db, [userId], adminEmails),
    weekFacts(db, season, week + 1),
  ]);
  const bet = new Set(betIds);
  const person = people[0];
  return contestStatus({
    week,
    games: schedule.map((g) => ({ open: g.open, bet: bet.has(g.id) })),
    firstKickoff: schedule[0]?.commenceTime ?? null,
    entrant: {
      isBot: person?.isBot ?? false,
      isAdmin: person?.isAdmin ?? false,
      registeredAt: person?.createdAt ?? now.toISOString(),
    },
    nextWeekKickoff: next.firstKickoff === null ? null : new Date(next.firstKickoff).toISOString(),
  });
}

/** Ranked players checked for eligibility per step when looking for a week's prize places. */
const PLACES_STEP = 200;
/** While a week's games are open, players' coverage moves with every bet: its marks are kept this long. */
const OPEN_WEEK_MARKS_MS = 30_000;

export interface PrizeMarks {
  /** Of the players asked about, those who can win the week as things stand. */
  eligible: Set<number>;
  /** The prize place each eligible player holds as things stand (the winners' rule: top 3, ties share). */
  places: Map<number, number>;
  /** Until when the marks hold (epoch ms): soon while the week's games are open, for ever after. */
  validUntil: number;
}

/**
 * Which players on a week's board can win it and the places they hold — `ineligibility` and
 * `selectWinners`, the rules `weeklyWinners` records with — so the board's medals and the
 * winners panel agree. Places walk the ranking in steps until the top 3 eligible are known.
 */
export async function boardPrizeMarks(
  db: Db,
  now: Date,
  week: { season: number; week: number },
  userIds: readonly number[],
  opts: {
    adminEmails: readonly string[];
    places: boolean;
    /**
     * Look for the prize places among the ranking's first this many players only (a board's shown
     * rows). The first eligible players among them are the week's first eligible overall, so the
     * places shown are the same; beyond them nothing is shown. Unbounded, the walk asks about every
     * ranked player until three are found: on a week few have covered, all 100,000 of them, 200 at a
     * time, which kept a Sunday's settlement from the database (each chunk rebuilds the boards).
     */
    placesWithin?: number;
  },
): Promise<PrizeMarks> {
  const [facts, schedule] = await Promise.all([
    weekFacts(db, week.season, week.week),
    weekSchedule(db, week.season, week.week, now),
  ]);
  const validUntil = schedule.some((g) => g.open) ? now.getTime() + OPEN_WEEK_MARKS_MS : Number.POSITIVE_INFINITY;
  if (facts.gamesScheduled === 0 || facts.firstKickoff === null)
    return { eligible: new Set(), places: new Map(), validUntil };
  const weekOf = { gamesScheduled: facts.gamesScheduled, firstKickoff: facts.firstKickoff };
  const eligibleOf = async (ids: number[]) => {
    const [people, gamesBet] = await Promise.all([
      accounts(db, ids, opts.adminEmails),
      individualGamesBet(db, ids, week.season, week.week),
    ]);
    const ok = people.filter(
      (p) =>
        ineligibility(
          { isBot: p.isBot, isAdmin: p.isAdmin, registeredAt: p.createdAt, gamesBet: gamesBet.get(p.id) ?? 0 },
          weekOf,
        ).length === 0,
    );
    return new Set(ok.map((p) => p.id));
  };
  const eligible = await eligibleOf([...userIds]);
  const places = new Map<number, number>();
  if (opts.places) {
    const ranking = await weeklyRanking(db, week.season, week.week, opts.placesWithin);
    const inOrder: (typeof ranking)[number][] = [];
    const settled = () => {
      const last = inOrder.at(-1);
      const cut = inOrder[PRIZE_PLACES - 1];
      return inOrder.length > PRIZE_PLACES && last && cut && compareRankFigures(cut, last) !== 0;
    };
    const within = Math.min(ranking.length, opts.placesWithin ?? ranking.length);
    for (let i = 0; i < within && !settled(); i += PLACES_STEP) {
      const step = ranking.slice(i, Math.min(within, i + PLACES_STEP));
      const known = step.every((r) => userIds.includes(r.userId));
      const ok = known ? eligible : await eligibleOf(step.map((r) => r.userId));
      inOrder.push(...step.filter((r) => ok.has(r.userId)));
    }
    for (const { entry, place } of selectWinners(inOrder)) places.set(entry.userId, place);
  }
  return { eligible, places, validUntil };
}

/** The season the contest is about now (the games' season on show). */
export function seasonOnShow(db: Db, now: Date): Promise<number> {
  return currentSeason(db, now);
}

/** Whether a week's winners are recorded (a regrade of its games is then refused). */
export async function winnersRecorded(db: Db, season: number, week: number): Promise<boolean> {
  return (await repo.findWeek(db, season, week)) !== undefined;
}

/**
 * The week whose winners the weekly job records now: the last completed week (the CLI's default),
 * once its bets are all settled and while its winners are not recorded yet.
 */
export async function weekAwaitingWinners(db: Db, now: Date): Promise<{ season: number; week: number } | null> {
  const target = await lastCompletedWeek(db, now);
  if (!target || (await winnersRecorded(db, target.season, target.week))) return null;
  if ((await pendingBetsInWeek(db, target.season, target.week)) > 0) return null;
  return target;
}

/**
 * The week's top 3 eligible players (DESIGN "Stats and boards"), recorded the first time so the
 * answer stays the same and can be audited. Refuses a week whose games or bets are not all settled
 * unless `force`. `week` defaults to the last completed week.
 */
export async function weeklyWinners(
  db: Db,
  now: Date,
  opts: { season?: number; week?: number; force?: boolean; adminEmails: readonly string[]; actor: audit.Actor },
): Promise<WeekWinners> {
  const target =
    opts.week !== undefined
      ? { season: opts.season ?? (await currentSeason(db, now)), week: opts.week }
      : await lastCompletedWeek(db, now);
  if (!target) throw conflict("No week has all its games completed yet", "no_completed_week");
  const recorded = await readRecorded(db, target.season, target.week);
  if (recorded) return recorded;

  const facts = await weekFacts(db, target.season, target.week);
  if (facts.gamesScheduled === 0 || facts.firstKickoff === null)
    throw badRequest(`Week ${target.week}: No games scheduled for this week`, "no_games");
  const unsettledGames = facts.gamesScheduled - facts.gamesCompleted;
  const pendingBets = await pendingBetsInWeek(db, target.season, target.week);
  if ((unsettledGames > 0 || pendingBets > 0) && !opts.force) {
    throw conflict(
      `Week ${target.week} is not settled yet (${unsettledGames} games without a final score, ${pendingBets} bets pending). Run again once it is, or force it.`,
      "week_unsettled",
    );
  }

  const ranking = await weeklyRanking(db, target.season, target.week);
  const people = new Map(
    (
      await accounts(
        db,
        ranking.map((r) => r.userId),
        opts.adminEmails,
      )
    ).map((a) => [a.id, a]),
  );
  const gamesBet = await individualGamesBet(
    db,
    ranking.map((r) => r.userId),
    target.season,
    target.week,
  );
  const eligible = ranking.filter((r) => {
    const person = people.get(r.userId);
    return (
      person &&
      ineligibility(
        {
          isBot: person.isBot,
          isAdmin: person.isAdmin,
          registeredAt: person.createdAt,
          gamesBet: gamesBet.get(r.userId) ?? 0,
        },
        { gamesScheduled: facts.gamesScheduled, firstKickoff: facts.firstKickoff! },
      ).length === 0
    );
  });
  const placed = selectWinners(eligible);
  const addresses = placed.map((p) => people.get(p.entry.userId)!.signupAddress).filter((a): a is string => a !== null);
  const signups = await signupsFrom(db, addresses);

  await db.transaction().execute(async (trx) => {
    // Two admins, a double click or an admin beside the weekly job may record a week at once: the
    // first records it, the others answer what it recorded (no second audit entry).
    const first = await repo.recordWeek(
      trx,
      {
        season: target.season,
        week: target.week,
        recorded_at: now.toISOString(),
        forced: opts.force && (unsettledGames > 0 || pendingBets > 0) ? 1 : 0,
        generated_season: facts.generated ? 1 : 0,
        games_scheduled: facts.gamesScheduled,
      },
      placed.map(({ entry, place, tied }) => {
        const person = people.get(entry.userId)!;
        const linked = linkedAccounts(
          { userId: person.id, username: person.username, address: person.signupAddress, createdAt: person.createdAt },
          signups,
        );
        return {
          season: target.season,
          week: target.week,
          place,
          tied: tied ? 1 : 0,
          user_id: entry.userId,
          username: person.username,
          profit_cents: entry.profitCents,
          wagered_cents: entry.wageredCents,
          settled: entry.settled,
          won: entry.won,
          games_bet: gamesBet.get(entry.userId) ?? 0,
          linked_to: linked.length ? JSON.stringify(linked.map((l) => l.username)) : null,
        };
      }),
    );
    if (!first) return;
    await audit.record(trx, now, opts.actor, "contest.winners", `week:${target.season}:${target.week}`, {
      winners: placed.map((p) => ({ userId: p.entry.userId, place: p.place })),
      forced: opts.force ?? false,
    });
  });
  return (await readRecorded(db, target.season, target.week))!;
}

/** The current season's recorded weeks and their winners, latest week first (public). */
export async function recordedWeeks(db: Db, now: Date): Promise<RecordedWeek[]> {
  const season = await currentSeason(db, now);
  const [weeks, winners] = await Promise.all([repo.weeksOfSeason(db, season), repo.winnersOfSeason(db, season)]);
  return weeks.map((week) => ({
    season,
    week: week.week,
    recordedAt: week.recorded_at,
    generatedSeason: week.generated_season === 1,
    winners: winners
      .filter((w) => w.week === week.week)
      .map((w) => ({
        place: w.place,
        tied: w.tied === 1,
        userId: w.user_id,
        username: w.username,
        unitsWon: (w.profit_cents / UNIT_CENTS).toFixed(2),
        roi: roiPercent(w.profit_cents, w.wagered_cents),
      })),
  }));
}

/** The season's weeks up to the current one, latest first, as the admin reviews them: recorded, ready to record, or waiting. */
export async function adminContestWeeks(db: Db, now: Date): Promise<AdminContestWeek[]> {
  const { season, week: current } = await currentWeek(db, now);
  const [recorded, winners, facts, pending] = await Promise.all([
    repo.weeksOfSeason(db, season),
    repo.winnersOfSeason(db, season),
    seasonWeekFacts(db, season),
    pendingBetsByWeek(db, season),
  ]);
  const weeks = Array.from({ length: current }, (_, i) => current - i);
  return weeks.map((week) => {
    const gamesScheduled = facts.get(week)?.gamesScheduled ?? 0;
    const gamesCompleted = facts.get(week)?.gamesCompleted ?? 0;
    const pendingBets = pending.get(week) ?? 0;
    const row = recorded.find((r) => r.week === week);
    const settled = gamesScheduled > 0 && gamesCompleted === gamesScheduled && pendingBets === 0;
    return {
      season,
      week,
      gamesScheduled,
      gamesCompleted,
      pendingBets,
      state: row ? ("recorded" as const) : settled ? ("ready" as const) : ("waiting" as const),
      recordedAt: row?.recorded_at ?? null,
      winners: winners
        .filter((w) => w.week === week)
        .map((w) => ({
          place: w.place,
          tied: w.tied === 1,
          username: w.username,
          unitsWon: (w.profit_cents / UNIT_CENTS).toFixed(2),
        })),
    };
  });
}

async function readRecorded(db: Db, season: number, week: number): Promise<WeekWinners | null> {
  const row = await repo.findWeek(db, season, week);
  if (!row) return null;
  const winners = await repo.winnersOf(db, season, week);
  return {
    season,
    week,
    gamesScheduled: row.games_scheduled,
    gamesRequired: requiredGamesForPrize(row.games_scheduled),
    recordedAt: row.recorded_at,
    forced: row.forced === 1,
    generatedSeason: row.generated_season === 1,
    winners: winners.map((w) => ({
      place: w.place,
      tied: w.tied === 1,
      userId: w.user_id,
      username: w.username,
      unitsWon: (w.profit_cents / UNIT_CENTS).toFixed(2),
      profit: centsToString(w.profit_cents),
      roi: roiPercent(w.profit_cents, w.wagered_cents),
      totalBets: w.settled,
      wonBets: w.won,
      gamesBet: w.games_bet,
      linkedTo: w.linked_to ? (JSON.parse(w.linked_to) as string[]) : [],
    })),
  };
}
