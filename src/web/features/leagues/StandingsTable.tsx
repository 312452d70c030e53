import type { Standing } from "../../../shared/contract/leagues.ts";
import { percentText, signedPercentText, unitsText } from "../../lib/stats-format.ts";

const tone = (value: number) => (value > 0 ? "league-up" : value < 0 ? "league-down" : "");

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
        <div className="league-standings" tabIndex={0} role="region" aria-labelledby="league-standings-title">
          <table>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col" className="league-num">
                  Units Won
                </th>
                <th scope="col" className="league-num">
                  Bets
                </th>
                <th scope="col" className="league-num">
                  Win Rate
                </th>
                <th scope="col" className="league-num">
                  ROI
                </th>
              </tr>
            </thead>
            <tbody>
              {standings.map((row) => (
                <tr
                  key={row.userId}
                  className={row.userId === viewerId ? "league-standing-you" : undefined}
                  aria-current={row.userId === viewerId ? "true" : undefined}
                >
                  <td>{row.rank}</td>
                  <th scope="row">{row.username}</th>
                  <td className={`league-num ${tone(Number(row.unitsWon))}`}>{unitsText(row.unitsWon)}</td>
                  <td className="league-num">{row.totalBets}</td>
                  <td className="league-num">{percentText(row.winRate)}</td>
                  <td className={`league-num ${tone(row.roi)}`}>{signedPercentText(row.roi)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
