/**
 * A league's week in review (issue 44 item 7), once the week's games are final: its winner, biggest
 * hit, worst beat, best closing-line value, most-tailed pick, and each member's season following
 * another — all from the picks the league shows (a league that never shows picks names none).
 */
import { conflict } from "../../lib/errors.ts";
import type { Db } from "../../runtime/index.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import type { LeagueRecap } from "../../shared/contract/league-recap.ts";
import { coverMargin } from "../../shared/cover.ts";
import { stringToCents, UNIT_CENTS } from "../../shared/money.ts";
import { publicBet } from "../../shared/public-bet.ts";
import { betsWithTails, pendingLeaguePicks, revealedPickIds } from "../betting/service.ts";
import { currentWeek, weekFacts, weekSchedule } from "../games/service.ts";
import { picksOf } from "./feed.ts";
import { highlights, type RecapPick, tailRecords } from "./recap-rules.ts";
import * as repo from "./repo.ts";
import { betStandings, leagueFor } from "./service.ts";
import type { LeagueRow } from "./table.ts";

/** More picks than a league shows in a season; a recap reads no further. */
const SCAN_LIMIT = 20_000;

const units = (cents: number) => (cents / UNIT_CENTS).toFixed(2);

function recapPick(bet: Bet, tails: number): RecapPick {
  const { game } = bet;
  const margin =
    bet.isParlay || game.homeScore === null || game.awayScore === null
      ? null
      : coverMargin(
          { betType: bet.betType, selection: bet.selection, point: bet.point === null ? null : Number(bet.point) },
          { homeTeam: game.homeTeam, awayTeam: game.awayTeam, homeScore: game.homeScore, awayScore: game.awayScore },
        );
  return {
    id: bet.id,
    userId: bet.userId,
    status: bet.status,
    profitCents: stringToCents(bet.result ?? "0"),
    wagerCents: stringToCents(bet.wagerAmount),
    clv: bet.clv,
    margin,
    tails,
  };
}

/** The week's recap of a league of the current season; members only, 409 until the week's games are final. */
export async function leagueRecap(
  db: Db,
  now: Date,
  viewerId: number,
  leagueId: number,
  week: number,
): Promise<LeagueRecap> {
  const row = await leagueFor(db, leagueId, viewerId, "viewFeed");
  const { season } = await currentWeek(db, now);
  if (!(await weekIsFinal(db, season, week)))
    throw conflict(`Week ${week}'s recap comes once all its games are final`, "week_not_final");
  if (await stillSettling(db, row, season, week))
    throw conflict(`Week ${week}'s recap comes once its bets are settled`, "week_settling");
  return weekRecap(db, now, row, season, week);
}

/**
 * A league's recap of a week of the current season as its whole group may read it (a webhook's
 * weekly_recap; decision 0076): null until the week's games are final and its picks settled, or for
 * a league that is gone.
 */
export async function groupRecap(db: Db, now: Date, leagueId: number, week: number): Promise<LeagueRecap | null> {
  const row = await repo.findLeague(db, leagueId);
  if (!row) return null;
  const { season } = await currentWeek(db, now);
  if (!(await weekIsFinal(db, season, week)) || (await stillSettling(db, row, season, week))) return null;
  return weekRecap(db, now, row, season, week);
}

/**
 * Whether a pick of the league's final week is still to be settled: a game's final reaches the
 * screens before its bets settle (games/service.ts completeGame), and a recap read in between would
 * leave them out. A prop waits for its figures, which may come days later: it holds nothing back.
 */
async function stillSettling(db: Db, row: LeagueRow, season: number, week: number): Promise<boolean> {
  const members = await repo.membersOf(db, [row.id]);
  const pending = await pendingLeaguePicks(db, await picksOf(db, row, members, null), season, week);
  if (pending.length === 0) return false;
  const bets = await betsWithTails(
    db,
    pending.map((p) => p.id),
  );
  return bets.some(({ bet }) => bet.betType !== "prop" && !bet.legs?.some((leg) => leg.betType === "prop"));
}

async function weekIsFinal(db: Db, season: number, week: number): Promise<boolean> {
  const facts = await weekFacts(db, season, week);
  return facts.gamesScheduled > 0 && facts.gamesCompleted === facts.gamesScheduled;
}

/** A league's recap to push (issue 44 item 7), with its members: what everyone in it may read. */
export interface RecapToTell {
  leagueId: number;
  leagueName: string;
  memberIds: number[];
  recap: LeagueRecap;
}

/**
 * The latest week of the current season whose games are all final, if its last game kicked off within
 * the past `withinMs` (the recap is news for the week after it, not for a season's old weeks).
 */
export async function latestFinalWeek(db: Db, now: Date, withinMs: number): Promise<number | null> {
  const { season, week } = await currentWeek(db, now);
  for (const candidate of [week, week - 1]) {
    if (candidate < 1 || !(await weekIsFinal(db, season, candidate))) continue;
    const kickoffs = (await weekSchedule(db, season, candidate, now)).map((g) => Date.parse(g.commenceTime));
    return now.getTime() - Math.max(...kickoffs) <= withinMs ? candidate : null;
  }
  return null;
}

/**
 * The recaps of a final week for the leagues these players are in, with each league's members: the
 * same recap a member reads on the page (the picks it names are those it shows everyone). Leagues
 * where nobody settled a bet that week are left out: there is nothing to tell.
 */
export async function recapsToTell(
  db: Db,
  now: Date,
  userIds: number[],
  week: number,
  /** Whether a league's recap is still to tell (its members not told yet): the others are not worked out. */
  stillToTell: (leagueId: number, season: number, memberIds: number[]) => boolean = () => true,
): Promise<RecapToTell[]> {
  const { season } = await currentWeek(db, now);
  if (!(await weekIsFinal(db, season, week))) return [];
  const leagues = await repo.leaguesOfUsers(db, userIds);
  const members = Map.groupBy(
    await repo.membersOf(
      db,
      leagues.map((l) => l.id),
    ),
    (m) => m.league_id,
  );
  const found: RecapToTell[] = [];
  for (const row of leagues) {
    const memberIds = (members.get(row.id) ?? []).map((m) => m.user_id);
    if (!stillToTell(row.id, season, memberIds) || (await stillSettling(db, row, season, week))) continue;
    const recap = await weekRecap(db, now, row, season, week);
    if (recap.winners.length === 0) continue;
    found.push({ leagueId: row.id, leagueName: row.name, memberIds, recap });
  }
  return found;
}

async function weekRecap(db: Db, now: Date, row: LeagueRow, season: number, week: number): Promise<LeagueRecap> {
  const leagueId = row.id;
  const members = await repo.membersOf(db, [leagueId]);
  const names = new Map(members.map((m) => [m.user_id, m.username]));
  const who = (userId: number) => ({ userId, username: names.get(userId) ?? "" });
  const picks = await picksOf(db, row, members, null);

  // Oldest first: of two picks as remarkable, the earlier one is named.
  const weekBets = (
    await betsWithTails(db, await revealedPickIds(db, now, picks, { limit: SCAN_LIMIT, season, week }))
  ).sort((a, b) => a.bet.id - b.bet.id);
  const tailCounts = new Map<number, number>();
  for (const { tailedFromBetId } of weekBets)
    if (tailedFromBetId !== null) tailCounts.set(tailedFromBetId, (tailCounts.get(tailedFromBetId) ?? 0) + 1);
  const byId = new Map(weekBets.map(({ bet }) => [bet.id, bet]));
  const found = highlights(weekBets.map(({ bet }) => recapPick(bet, tailCounts.get(bet.id) ?? 0)));
  const highlight = (id: number | undefined, figure: number) => {
    const bet = id === undefined ? undefined : byId.get(id);
    return bet ? { player: who(bet.userId), bet: publicBet(bet), figure } : null;
  };

  const tails = await betsWithTails(
    db,
    await revealedPickIds(db, now, picks, { limit: SCAN_LIMIT, season, tailsOnly: true }),
  );
  const followedIds = [...new Set(tails.map((t) => t.tailedFromBetId!))];
  const originals = new Map(
    (
      await betsWithTails(
        db,
        await revealedPickIds(db, now, picks, { ids: followedIds, limit: followedIds.length || 1 }),
      )
    ).map(({ bet }) => [bet.id, bet]),
  );
  const records = tailRecords(
    tails.flatMap(({ bet, tailedFromBetId }) => {
      const original = originals.get(tailedFromBetId!);
      if (!original || bet.status === "pending") return [];
      return [
        {
          tailerId: bet.userId,
          followedId: original.userId,
          status: bet.status,
          profitCents: stringToCents(bet.result ?? "0"),
          clvCost: original.clv === null || bet.clv === null ? null : original.clv - bet.clv,
        },
      ];
    }),
  );

  const standings = await betStandings(db, now, row, week);
  return {
    season,
    week,
    winners: standings.rows
      .filter((r) => r.rank === 1 && r.totalBets > 0)
      .map((r) => ({ userId: r.userId, username: r.username, unitsWon: r.unitsWon })),
    biggestHit: highlight(found.biggestHit?.id, (found.biggestHit?.profitCents ?? 0) / UNIT_CENTS),
    worstBeat: highlight(found.worstBeat?.id, found.worstBeat?.missedBy ?? 0),
    bestClv: highlight(found.bestClv?.id, found.bestClv?.clv ?? 0),
    mostTailed: highlight(found.mostTailed?.id, found.mostTailed?.tails ?? 0),
    tailRecords: records.map((r) => ({
      tailer: who(r.tailerId),
      followed: who(r.followedId),
      won: r.won,
      lost: r.lost,
      pushed: r.pushed,
      unitsWon: units(r.profitCents),
      clvCost: r.clvCost,
    })),
  };
}
