import type { LeagueSummary, Standing } from "../../../shared/contract/leagues.ts";
import { RankTable, type RankColumn } from "../../components/RankTable.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { percentText, signedPercentText, toneClass, unitsText } from "../../lib/stats-format.ts";

const tone = (value: number) => toneClass(value, "");

const COLUMNS: RankColumn<Standing>[] = [
  { head: "Rank", cell: (row) => row.rank },
  { head: "Player", rowHeader: true, cell: (row) => <PlayerLink username={row.username} /> },
  {
    head: "Units Won",
    numeric: true,
    cellClass: (row) => tone(Number(row.unitsWon)),
    cell: (row) => unitsText(row.unitsWon),
  },
  { head: "Bets", numeric: true, cell: (row) => row.totalBets },
  { head: "Win Rate", numeric: true, cell: (row) => percentText(row.winRate) },
  { head: "ROI", numeric: true, cellClass: (row) => tone(row.roi), cell: (row) => signedPercentText(row.roi) },
];

/** What a league's standings count (decision 0052): its own book with a starting bankroll, else members' bets that fit its rules. */
export function standingsBasis(league: Pick<LeagueSummary, "startingBankroll">): string {
  return league.startingBankroll === null
    ? "Ranks every bet members place that fits the league's rules"
    : "Ranks bets placed in this league's own bankroll";
}

/** The league's own ranking: its members by units won (spec §2, DESIGN "Stats and boards"), saying what counts. */
export function StandingsTable({
  league,
  standings,
  viewerId,
}: {
  league: Pick<LeagueSummary, "startingBankroll">;
  standings: Standing[] | undefined;
  viewerId: number;
}) {
  return (
    <section aria-labelledby="league-standings-title" aria-describedby="league-standings-basis">
      <h3 id="league-standings-title">Standings</h3>
      <p id="league-standings-basis" className="muted league-standings-basis">
        {standingsBasis(league)}
      </p>
      {standings === undefined ? (
        <p className="muted" aria-busy="true">
          Loading standings…
        </p>
      ) : (
        <RankTable
          className="league-standings"
          labelledBy="league-standings-title"
          rows={standings}
          columns={COLUMNS}
          rowKey={(row) => row.userId}
          isViewer={(row) => row.userId === viewerId}
        />
      )}
    </section>
  );
}
