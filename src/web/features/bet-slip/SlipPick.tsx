import { removeSelection, selectionKey, type SlipSelection } from "../../lib/bet-slip.ts";
import { dollars, formatOdds, marketName, pickText, propTypeText } from "../../lib/odds-format.ts";
import { pickWinCents } from "./place-bet.ts";

/** One pick in the slip: the game, the pick and its price, what it would win (not as a parlay leg: units null), and a remove button. */
export function SlipPick({ pick, units }: { pick: SlipSelection; units: number | null }) {
  const text = pickText(pick);
  const market = pick.propType
    ? `${marketName(pick.betType)} · ${propTypeText(pick.propType)}`
    : marketName(pick.betType);
  return (
    <li className="slip-pick">
      <p className="slip-pick-game">
        {pick.gameInfo.awayTeam} @ {pick.gameInfo.homeTeam}
      </p>
      <div className="slip-pick-main">
        <p className="slip-pick-text">{text}</p>
        <p className="slip-pick-market">{market}</p>
      </div>
      <div className="slip-pick-side">
        <span className="slip-pick-odds">{formatOdds(pick.odds)}</span>
        {units === null ? null : (
          <span className="slip-pick-win">To win {dollars(pickWinCents(pick.odds, units))}</span>
        )}
      </div>
      <button
        type="button"
        className="slip-remove"
        aria-label={`Remove ${text}`}
        onClick={() => removeSelection(selectionKey(pick))}
      >
        ×
      </button>
      {pick.notice ? (
        <p className="slip-pick-notice" role="alert">
          {pick.notice}
        </p>
      ) : null}
    </li>
  );
}
