import { useState } from "react";
import type { LeagueScoring, LeagueSummary, StandingsRow } from "../../../shared/contract/leagues.ts";
import { SCORING_LABELS, TIEBREAKER_LABELS } from "../../../shared/league-scoring.ts";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import type { RankColumn } from "../../components/RankTable.tsx";
import { useCurrentWeek } from "../../lib/games.ts";
import { percentText, signedPercentText, toneClass, unitsText } from "../../lib/stats-format.ts";
import { useLeagueStandings } from "./api.ts";
import { type StandingsPeriod, StandingsWeekPicker } from "./StandingsWeekPicker.tsx";
import { PoolStandingsTable } from "./PoolStandingsTable.tsx";
import { FittedStandings } from "./StandingsCards.tsx";

const tone = (value: number) => toneClass(value, "");

/** What a league's standings count (decision 0052): its own book with a starting bankroll, else members' bets that fit its rules; a pool its sheets. */
function standingsBasis(league: Pick<LeagueSummary, "startingBankroll" | "format">): string {
  if (league.format !== "bets") return "Ranks the members' pick sheets, graded from the final scores";
  return league.startingBankroll === null
    ? "Ranks every bet members place that fits the league's rules"
    : "Ranks bets placed in this league's own bankroll";
}

const UNITS: RankColumn<StandingsRow> = {
  head: "Units Won",
  numeric: true,
  cellClass: (row) => tone(Number(row.unitsWon)),
  cell: (row) => unitsText(row.unitsWon),
};
const ROI: RankColumn<StandingsRow> = {
  head: "ROI",
  numeric: true,
  cellClass: (row) => tone(row.roi),
  cell: (row) => signedPercentText(row.roi),
};
const WINS: RankColumn<StandingsRow> = { head: "Wins", numeric: true, cell: (row) => row.won };
const BETS: RankColumn<StandingsRow> = { head: "Bets", numeric: true, cell: (row) => row.totalBets };
const WIN_RATE: RankColumn<StandingsRow> = { head: "Win Rate", numeric: true, cell: (row) => percentText(row.winRate) };
const IN_PLAY: RankColumn<StandingsRow> = { head: "In Play", numeric: true, cell: (row) => row.pending };
const CAN_REACH: RankColumn<StandingsRow> = {
  head: "Can Reach",
  numeric: true,
  cell: (row) => (row.maxReach === null ? "—" : `${row.maxReach} W`),
};
const CLV: RankColumn<StandingsRow> = {
  head: "CLV",
  numeric: true,
  cell: (row) => (row.clv === null ? "—" : signedPercentText(row.clv)),
};

/** What a row says beside its figures: why it is unranked, the tiebreak that placed it, the weeks it dropped. */
function noteOf(row: StandingsRow): string {
  const notes = [
    row.unranked ? `Unranked: ${row.unranked.charAt(0).toLowerCase()}${row.unranked.slice(1)}` : null,
    row.tiebreak ? `Tiebreak: ${TIEBREAKER_LABELS[row.tiebreak]}` : null,
    row.droppedWeeks.length > 0 ? `Dropped ${row.droppedWeeks.join(", ")}` : null,
  ];
  return notes.filter(Boolean).join("; ");
}

/** The columns for a scoring: the figure it ranks by first, then the others. */
function columnsFor(scoring: LeagueScoring, rows: readonly StandingsRow[]): RankColumn<StandingsRow>[] {
  const figures =
    scoring.scoring === "roi"
      ? [ROI, UNITS, BETS, WIN_RATE]
      : scoring.scoring === "wins"
        ? [WINS, CAN_REACH, UNITS, BETS, IN_PLAY, WIN_RATE, ROI]
        : [UNITS, BETS, IN_PLAY, WIN_RATE, ROI];
  return [
    { head: "Rank", cell: (row) => row.rank ?? "—" },
    { head: "Player", rowHeader: true, cell: (row) => <PlayerLink username={row.username} /> },
    ...figures,
    ...(scoring.tiebreakers.includes("clv") ? [CLV] : []),
    ...(rows.some((row) => noteOf(row) !== "")
      ? [{ head: "Note", cell: noteOf, className: "league-standings-note" }]
      : []),
  ];
}

/** A label inside a sentence: lower case, but ROI stays ROI. */
const inSentence = (label: string) => (label === "ROI" ? label : label.toLowerCase());

/**
 * "Ranked by units won, then ROI, then more bets. Each member's worst 2 weeks are left out of the
 * season." — what the table does: worst weeks go only once more weeks are played than are dropped.
 */
export function scoringText(scoring: LeagueScoring, weeksPlayed: number): string {
  const by = [
    inSentence(SCORING_LABELS[scoring.scoring]) +
      (scoring.scoring === "roi" && scoring.roiMinBets > 0 ? ` (at least ${scoring.roiMinBets} bets)` : ""),
    ...scoring.tiebreakers.map((t) => inSentence(TIEBREAKER_LABELS[t])),
  ];
  return [
    `Ranked by ${by.join(", then ")}; ties share a rank.`,
    scoring.dropWorstWeeks > 0
      ? weeksPlayed > scoring.dropWorstWeeks
        ? `Each member's worst ${scoring.dropWorstWeeks === 1 ? "week is" : `${scoring.dropWorstWeeks} weeks are`} left out of the season.`
        : `Each member's worst ${scoring.dropWorstWeeks === 1 ? "week" : `${scoring.dropWorstWeeks} weeks`} will be left out once more than ${scoring.dropWorstWeeks === 1 ? "1 week is" : `${scoring.dropWorstWeeks} weeks are`} played (${weeksPlayed} so far).`
      : null,
    scoring.minBetsPerWeek > 0
      ? `At least ${scoring.minBetsPerWeek} settled ${scoring.minBetsPerWeek === 1 ? "bet" : "bets"} a week to rank that week.`
      : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** A league's standings (spec §2), season or week by week like the site's boards, ranked by its scoring (decision 0058). */
export function LeagueStandings({
  league,
  viewerId,
  period: shown,
  onPeriodChange,
}: {
  league: Pick<LeagueSummary, "id" | "startingBankroll" | "format">;
  viewerId: number;
  /** Given by the league's page, where the period lives in the address (`?week=N`); else kept here. */
  period?: StandingsPeriod;
  onPeriodChange?(period: StandingsPeriod): void;
}) {
  const [own, setOwn] = useState<StandingsPeriod>("season");
  const period = shown ?? own;
  const setPeriod = onPeriodChange ?? setOwn;
  const currentWeek = useCurrentWeek().data?.week ?? null;
  const { data } = useLeagueStandings(league.id, period);
  const answer = data && (period === "season" ? data.week === null : data.week === period) ? data : undefined;
  const title = period === "season" ? "Season standings" : `Week ${period} standings`;
  const columns = answer?.format === "bets" ? columnsFor(answer.scoring, answer.rows) : [];
  return (
    <section aria-labelledby="league-standings-title" aria-describedby="league-standings-basis">
      <div className="league-standings-head">
        <h3 id="league-standings-title">Standings</h3>
        {currentWeek !== null ? (
          <StandingsWeekPicker
            period={period}
            currentWeek={currentWeek}
            firstWeek={data && "firstWeek" in data ? data.firstWeek : 1}
            onChange={setPeriod}
          />
        ) : null}
      </div>
      <p id="league-standings-basis" className="muted league-standings-basis">
        {standingsBasis(league)}
      </p>
      {answer === undefined ? (
        <p className="muted" aria-busy="true">
          Loading standings…
        </p>
      ) : answer.format !== "bets" ? (
        <PoolStandingsTable answer={answer} title={title} viewerId={viewerId} />
      ) : (
        <FittedStandings
          label={title}
          rows={answer.rows}
          columns={columns}
          rowKey={(row) => row.userId}
          isViewer={(row) => row.userId === viewerId}
        >
          <p className="muted league-scoring-text">{scoringText(answer.scoring, answer.weeksPlayed)}</p>
        </FittedStandings>
      )}
    </section>
  );
}
