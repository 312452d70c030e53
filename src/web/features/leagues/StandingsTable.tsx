import type { Standing } from "../../../shared/contract/leagues.ts";
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

/** The league's own ranking: its members by units won in the league's book (spec §2, DESIGN "Stats and boards"). */
export function StandingsTable({ standings, viewerId }: { standings: Standing[] | undefined; viewerId: number }) {
  return (
    <section aria-labelledby="league-standings-title">
      <h3 id="league-standings-title">Standings</h3>
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
