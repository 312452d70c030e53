import type { LeaderboardEntry } from "../../../shared/contract/stats.ts";
import { Fragment } from "react";
import { percentText, signedPercentText, streakText, streakWords, unitsText } from "../../lib/stats-format.ts";
import { BOARD_SIZE } from "../../../shared/limits.ts";
import { boardInitials, rankAward } from "./board-text.ts";

const tone = (value: number) => (value < 0 ? "figure-down" : value > 0 ? "figure-up" : "figure-even");

function RankCell({ rank }: { rank: number }) {
  const award = rankAward(rank);
  return (
    <td className="board-rank">
      {award ? (
        <span className="rank-award" role="img" aria-label={award.label} title={award.label}>
          {award.icon}
        </span>
      ) : null}
      <span className="rank-number">{rank}</span>
    </td>
  );
}

function UserCell({ entry, isViewer }: { entry: LeaderboardEntry; isViewer: boolean }) {
  return (
    <th scope="row" className="board-user">
      <span className={entry.isBot ? "board-avatar board-avatar-bot" : "board-avatar"} aria-hidden="true">
        {boardInitials(entry.username)}
      </span>
      <span className="board-name" title={entry.username}>
        {isViewer ? `You (${entry.username})` : entry.username}
      </span>
      {entry.isBot ? (
        <span className="bot-tag" title="An automated player: it shows on the board but cannot win prizes">
          BOT
        </span>
      ) : null}
    </th>
  );
}

interface LeaderboardTableProps {
  entries: LeaderboardEntry[];
  viewerId: number | null;
  caption: string;
}

/** Spec §2's columns: Rank, User, ROI, Units Won, Win Rate, Streak, Bets; the viewer's row highlighted. */
export function LeaderboardTable({ entries, viewerId, caption }: LeaderboardTableProps) {
  return (
    <div className="board-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="board-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="board-rank">
              Rank
            </th>
            <th scope="col">User</th>
            <th scope="col" className="board-num">
              ROI
            </th>
            <th scope="col" className="board-num">
              Units Won
            </th>
            <th scope="col" className="board-num">
              Win Rate
            </th>
            <th scope="col" className="board-num">
              Streak
            </th>
            <th scope="col" className="board-num">
              Bets
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry, index) => {
            const isViewer = entry.userId === viewerId;
            const previous = entries[index - 1];
            // The viewer's own row from beyond the top 100: a gap shows it is not next in line.
            const gap = previous !== undefined && entry.rank > BOARD_SIZE && previous.rank <= BOARD_SIZE;
            const units = Number(entry.unitsWon);
            return (
              <Fragment key={entry.userId}>
                {gap ? (
                  <tr className="board-gap" aria-hidden="true">
                    <td colSpan={7}>⋯</td>
                  </tr>
                ) : null}
                <tr
                  className={isViewer ? "board-row board-row-viewer" : "board-row"}
                  aria-current={isViewer ? "true" : undefined}
                >
                  <RankCell rank={entry.rank} />
                  <UserCell entry={entry} isViewer={isViewer} />
                  <td className={`board-num ${tone(entry.roi)}`}>{signedPercentText(entry.roi)}</td>
                  <td className={`board-num board-units ${tone(units)}`}>{unitsText(entry.unitsWon)}</td>
                  <td className="board-num">{percentText(entry.winRate)}</td>
                  <td
                    className={`board-num board-streak streak-${entry.streak.count === 0 ? "none" : entry.streak.type}`}
                    title={streakWords(entry.streak)}
                  >
                    {entry.streak.count === 0 ? (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className="visually-hidden">No streak</span>
                      </>
                    ) : (
                      streakText(entry.streak)
                    )}
                  </td>
                  <td className="board-num">{entry.totalBets}</td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
