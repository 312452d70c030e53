import type { PoolStandings, PoolStandingsRow } from "../../../shared/contract/pools.ts";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import type { RankColumn } from "../../components/RankTable.tsx";
import { FittedStandings } from "./StandingsCards.tsx";

/** What placed a member below the one above on a tie, in words. */
const TIEBREAK_WORDS: Record<NonNullable<PoolStandingsRow["tiebreak"]>, string> = {
  tiebreaker: "closer tiebreaker guess",
  correct: "more correct picks",
  strikes: "fewer strikes",
  boldness: "bolder picks",
};

const RANK: RankColumn<PoolStandingsRow> = { head: "Rank", cell: (row) => row.rank };
const PLAYER: RankColumn<PoolStandingsRow> = {
  head: "Player",
  rowHeader: true,
  cell: (row) => <PlayerLink username={row.username} />,
};
const NOTE: RankColumn<PoolStandingsRow> = {
  head: "Note",
  className: "league-standings-note",
  cell: (row) => (row.tiebreak ? `Tiebreak: ${TIEBREAK_WORDS[row.tiebreak]}` : ""),
};

function columnsFor(answer: PoolStandings): RankColumn<PoolStandingsRow>[] {
  const note = answer.rows.some((r) => r.tiebreak !== null) ? [NOTE] : [];
  if (answer.format === "survivor") {
    return [
      RANK,
      PLAYER,
      {
        head: "Status",
        cellClass: (row) => (row.alive ? "tone-up" : "tone-down"),
        cell: (row) => (row.alive ? "Alive" : `Out (week ${row.eliminatedWeek})`),
      },
      { head: "Strikes", numeric: true, cell: (row) => row.strikes ?? 0 },
      { head: "Weeks won", numeric: true, cell: (row) => row.correct },
      { head: "Boldness", numeric: true, cell: (row) => (row.boldness ?? 0).toFixed(2) },
      ...note,
    ];
  }
  return [
    RANK,
    PLAYER,
    { head: "Points", numeric: true, cell: (row) => row.points ?? 0 },
    { head: "Correct", numeric: true, cell: (row) => row.correct },
    { head: "Pushes", numeric: true, cell: (row) => row.pushes },
    { head: "Lost", numeric: true, cell: (row) => row.lost },
    ...(answer.week !== null && answer.options.tiebreaker
      ? [{ head: "Guess", numeric: true, cell: (row: PoolStandingsRow) => row.tiebreaker ?? "—" }]
      : []),
    ...note,
  ];
}

/** What the pool's standings rank by, in a sentence under the table. */
function basisText(answer: PoolStandings): string {
  if (answer.format === "survivor")
    return `${answer.alive} of ${answer.of} still alive. Ranked by who lasted longest, then fewer strikes, then the boldest surviving picks (the lowest sum of their implied chances).`;
  const tie =
    answer.week === null
      ? "ties go to more correct picks"
      : answer.options.tiebreaker
        ? `ties go to the closest guess of the last game's total${answer.tiebreakerTotal === null ? "" : ` (${answer.tiebreakerTotal})`}`
        : "ties go to more correct picks";
  return `Ranked by points; ${tie}; still tied, they share a rank.`;
}

/** A pool's standings (issue 45): points, or survivors' status, season or week. */
export function PoolStandingsTable({
  answer,
  title,
  viewerId,
}: {
  answer: PoolStandings;
  title: string;
  viewerId: number;
}) {
  const columns = columnsFor(answer);
  return (
    <FittedStandings
      label={title}
      rows={answer.rows}
      columns={columns}
      rowKey={(row) => row.userId}
      isViewer={(row) => row.userId === viewerId}
    >
      <p className="muted league-scoring-text">{basisText(answer)}</p>
    </FittedStandings>
  );
}
