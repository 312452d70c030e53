import type { Bet } from "../../../shared/contract/betting.ts";
import { LiveCover } from "./LiveScore.tsx";
import { kickoffText, matchupText, oddsText, pickText, scoreText } from "./bet-text.ts";

export const STATUS_NAMES: Record<Bet["status"], string> = {
  pending: "Pending",
  won: "Won",
  lost: "Lost",
  push: "Push",
};

type Leg = NonNullable<Bet["legs"]>[number];

/** A leg's state in words: a void or pushed leg drops out of the parlay's price. */
const legStatusText = (leg: Leg) => (leg.status === "push" ? "Push (dropped out)" : STATUS_NAMES[leg.status]);

/** A parlay's legs on its card: each pick, its price, its game (score once there is one) and how it ended. */
export function ParlayLegs({ legs }: { legs: readonly Leg[] }) {
  return (
    <ol className="parlay-legs" aria-label="Legs">
      {legs.map((leg) => {
        const score = scoreText(leg.game);
        return (
          <li key={leg.gameId} className={`parlay-leg parlay-leg-${leg.status}`}>
            <p className="parlay-leg-pick">
              {pickText(leg)} <span className="parlay-leg-odds">{oddsText(leg.odds)}</span>
            </p>
            <p className="parlay-leg-game">
              {matchupText(leg.game)} ·{" "}
              {score ? `${leg.status === "pending" ? "Score" : "Final"} ${score}` : kickoffText(leg.game.commenceTime)}
              {leg.status === "pending" && score && leg.game.liveStatus ? (
                <>
                  {` · ${leg.game.liveStatus}`}
                  <LiveCover game={leg.game} pick={leg} />
                </>
              ) : null}
            </p>
            <span className={`status-badge status-${leg.status}`}>{legStatusText(leg)}</span>
          </li>
        );
      })}
    </ol>
  );
}
