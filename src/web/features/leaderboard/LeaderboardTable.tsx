import type { LeaderboardEntry } from "../../../shared/contract/stats.ts";
import { RankTable, type RankColumn } from "../../components/RankTable.tsx";
import {
  percentText,
  signedPercentText,
  streakText,
  streakWords,
  unitsText,
  toneClass,
} from "../../lib/stats-format.ts";
import { BOARD_SIZE } from "../../../shared/limits.ts";
import { Medal } from "../../components/Medal.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { boardInitials } from "./board-text.ts";

/** Weekly boards give medals by prize place (eligible players only, as the winners are chosen); overall by rank. */
function Rank({ entry }: { entry: LeaderboardEntry }) {
  const award = entry.prizePlace === undefined ? entry.rank : entry.prizePlace;
  return (
    <>
      {award === null ? null : <Medal place={award} />}
      <span className="rank-number">{entry.rank}</span>
    </>
  );
}

function User({ entry, isViewer }: { entry: LeaderboardEntry; isViewer: boolean }) {
  return (
    <>
      <span className={entry.isBot ? "board-avatar board-avatar-bot" : "board-avatar"} aria-hidden="true">
        {boardInitials(entry.username)}
      </span>
      <PlayerLink username={entry.username} className="board-name">
        {isViewer ? `You (${entry.username})` : entry.username}
      </PlayerLink>
      {entry.isBot ? (
        <span className="name-tag bot-tag" title="An automated player: it shows on the board but cannot win prizes">
          BOT
        </span>
      ) : null}
      {entry.prizeEligible ? (
        <span className="name-tag eligible-tag" title="Prize-eligible: can win this week's prize as things stand">
          <span aria-hidden="true">✓</span>
          <span className="visually-hidden">Prize-eligible</span>
        </span>
      ) : null}
      {/* Phones only, for the eye: the last three columns, whose cells are then read out but not drawn (leaderboard.css). */}
      <span className="board-more" aria-hidden="true">
        <span>Win {percentText(entry.winRate)}</span> ·{" "}
        <span>{entry.streak.count === 0 ? "no streak" : streakText(entry.streak)}</span> ·{" "}
        <span>
          {entry.totalBets} {entry.totalBets === 1 ? "bet" : "bets"}
        </span>
      </span>
    </>
  );
}

interface LeaderboardTableProps {
  entries: LeaderboardEntry[];
  viewerId: number | null;
  caption: string;
}

/** Spec §2's columns: Rank, User, ROI, Units Won, Win Rate, Streak, Bets; the viewer's row highlighted. */
export function LeaderboardTable({ entries, viewerId, caption }: LeaderboardTableProps) {
  const isViewer = (entry: LeaderboardEntry) => entry.userId === viewerId;
  const columns: RankColumn<LeaderboardEntry>[] = [
    { head: "Rank", className: "board-rank", cell: (entry) => <Rank entry={entry} /> },
    {
      head: "User",
      rowHeader: true,
      cellClass: () => "board-user",
      cell: (entry) => <User entry={entry} isViewer={isViewer(entry)} />,
    },
    {
      head: "ROI",
      numeric: true,
      cellClass: (entry) => toneClass(entry.roi),
      cell: (entry) => signedPercentText(entry.roi),
    },
    {
      head: "Units Won",
      numeric: true,
      cellClass: (entry) => `board-units ${toneClass(Number(entry.unitsWon))}`,
      cell: (entry) => unitsText(entry.unitsWon),
    },
    { head: "Win Rate", numeric: true, cell: (entry) => percentText(entry.winRate) },
    {
      head: "Streak",
      numeric: true,
      cellClass: (entry) => `board-streak streak-${entry.streak.count === 0 ? "none" : entry.streak.type}`,
      cellTitle: (entry) => streakWords(entry.streak),
      cell: (entry) =>
        entry.streak.count === 0 ? (
          <>
            <span aria-hidden="true">–</span>
            <span className="visually-hidden">No streak</span>
          </>
        ) : (
          streakText(entry.streak)
        ),
    },
    { head: "Bets", numeric: true, cell: (entry) => entry.totalBets },
  ];
  return (
    <RankTable
      className="leaderboard-board"
      label={caption}
      caption={caption}
      rows={entries}
      columns={columns}
      rowKey={(entry) => entry.userId}
      isViewer={isViewer}
      before={(entry, index) => {
        const previous = entries[index - 1];
        // The viewer's own row from beyond the top 100: a gap shows it is not next in line.
        const gap = previous !== undefined && entry.rank > BOARD_SIZE && previous.rank <= BOARD_SIZE;
        return gap ? (
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a table row takes no focus; the gap is drawn for the eye, the ranks say it
          <tr className="board-gap" aria-hidden="true">
            <td colSpan={7}>⋯</td>
          </tr>
        ) : null;
      }}
    />
  );
}
