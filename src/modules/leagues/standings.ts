/**
 * A league's weekly and season standings (decision 0058): one grouped query of the members' counted
 * figures per week (betting `countedBetWeeks`; the bets' CLV only when a tiebreaker asks for it),
 * ranked in memory by the pure rule of scoring-rules.ts.
 */
import type { Db } from "../../runtime/index.ts";
import { type CountedBets, countedBetClv, countedBetWeeks, countedPendingCounts } from "../betting/service.ts";
import { currentWeek, weekOfFirstGameFrom } from "../games/service.ts";
import type { LeagueStandings, StandingsRow } from "../../shared/contract/leagues.ts";
import type { ScoringSettings } from "../../shared/league-scoring.ts";
import { UNIT_CENTS } from "../../shared/money.ts";
import { roiPercent, winRatePercent } from "../../shared/stats.ts";
import { type MemberWeek, type RankedRow, seasonStandings, weeklyStandings } from "./scoring-rules.ts";

export interface StandingsRequest {
  counted: CountedBets;
  ownBookOnly: boolean;
  scoring: ScoringSettings;
  /** Longest-standing first: members tied on everything keep this order. */
  members: readonly { userId: number; username: string }[];
  /** A week of the current season; null for the season standings. */
  week: number | null;
}

async function memberWeeks(db: Db, r: StandingsRequest, week: { season: number; week: number } | null) {
  const scope = { ownBookOnly: r.ownBookOnly, week };
  const [weeks, clv] = await Promise.all([
    countedBetWeeks(db, r.counted, scope),
    r.scoring.tiebreakers.includes("clv") ? countedBetClv(db, r.counted, scope) : Promise.resolve(new Map()),
  ]);
  return weeks.map((w): MemberWeek => {
    const c = clv.get(`${w.userId}:${w.season}:${w.week}`);
    return { ...w, clvSum: c?.sum ?? 0, clvCount: c?.count ?? 0 };
  });
}

function rowOf(
  row: RankedRow,
  username: string,
  season: number,
  pending: number,
  scoring: ScoringSettings,
): StandingsRow {
  const weekName = (key: string) => {
    const [s, w] = key.split("-");
    return Number(s) === season ? `Week ${w}` : `${s} Week ${w}`;
  };
  return {
    rank: row.rank,
    unranked: row.unranked,
    userId: row.userId,
    username,
    unitsWon: (row.profitCents / UNIT_CENTS).toFixed(2),
    totalBets: row.settled,
    won: row.won,
    lost: row.lost,
    winRate: winRatePercent(row.won, row.settled),
    roi: roiPercent(row.profitCents, row.wageredCents),
    clv: row.clvCount === 0 ? null : Math.round((row.clvSum / row.clvCount) * 10) / 10,
    tiebreak: row.tiebreak,
    droppedWeeks: row.droppedWeeks.map(weekName),
    pending,
    maxReach: scoring.scoring === "wins" ? row.won + pending : null,
  };
}

/** The season standings' ranked rows (GET /api/leagues/{id} shows them too). */
export async function seasonRows(db: Db, r: StandingsRequest): Promise<RankedRow[]> {
  return seasonStandings(
    r.scoring,
    r.members.map((m) => m.userId),
    await memberWeeks(db, r, null),
  );
}

/** The league's standings for one week of the current season, or for its season (worst weeks dropped). */
export async function standings(db: Db, now: Date, r: StandingsRequest): Promise<Omit<LeagueStandings, "format">> {
  const current = await currentWeek(db, now);
  const week = r.week === null ? null : { season: current.season, week: r.week };
  const userIds = r.members.map((m) => m.userId);
  const [weeks, pending, firstWeek] = await Promise.all([
    memberWeeks(db, r, week),
    countedPendingCounts(db, r.counted, { ownBookOnly: r.ownBookOnly, week }),
    weekOfFirstGameFrom(db, current.season, r.counted.kickoffFrom),
  ]);
  const ranked =
    week === null ? seasonStandings(r.scoring, userIds, weeks) : weeklyStandings(r.scoring, userIds, weeks);
  const names = new Map(r.members.map((m) => [m.userId, m.username]));
  return {
    scoring: r.scoring,
    season: current.season,
    week: r.week,
    currentWeek: current.week,
    firstWeek: Math.min(firstWeek ?? current.week, current.week),
    weeksPlayed: new Set(weeks.map((w) => `${w.season}-${w.week}`)).size,
    rows: ranked.map((row) =>
      rowOf(row, names.get(row.userId) ?? "", current.season, pending.get(row.userId) ?? 0, r.scoring),
    ),
  };
}
