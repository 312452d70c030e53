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
import { betsWithTails, revealedPickIds } from "../betting/service.ts";
import { currentWeek, weekFacts } from "../games/service.ts";
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
  const recap = await recapOf(db, now, row, week);
  if (!recap) throw conflict(`Week ${week}'s recap comes once all its games are final`, "week_not_final");
  return recap;
}

/**
 * A league's recap of a week of the current season as its whole group may read it (a webhook's
 * weekly_recap; decision 0076): null until the week's games are final, or for a league that is gone.
 */
export async function groupRecap(db: Db, now: Date, leagueId: number, week: number): Promise<LeagueRecap | null> {
  const row = await repo.findLeague(db, leagueId);
  return row ? recapOf(db, now, row, week) : null;
}

/** The recap, from the picks the league shows to everyone; null while the week is not final. */
async function recapOf(db: Db, now: Date, row: LeagueRow, week: number): Promise<LeagueRecap | null> {
  const leagueId = row.id;
  const { season } = await currentWeek(db, now);
  const facts = await weekFacts(db, season, week);
  if (facts.gamesScheduled === 0 || facts.gamesCompleted < facts.gamesScheduled) return null;
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
