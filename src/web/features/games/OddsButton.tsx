import { toggleSelection } from "../../lib/bet-slip.ts";
import type { OddsChoice } from "./odds.ts";

/**
 * One price to pick; pressed while its pick is in the slip. A side the feed lacks shows as a dash;
 * a price the feed did not quote says so.
 */
export function OddsButton({
  choice,
  selected,
  locked,
}: {
  choice: OddsChoice | null;
  selected: boolean;
  locked: boolean;
}) {
  if (!choice) {
    return (
      <span className="odds-button odds-missing" aria-hidden="true">
        –
      </span>
    );
  }
  return (
    <button
      type="button"
      className="odds-button"
      aria-label={choice.label}
      aria-pressed={selected}
      disabled={locked}
      onClick={() => toggleSelection(choice.pick)}
    >
      {/* Spaces between the parts (the flex column does not draw them) keep the button's text "PHI -3.5 -110",
          as its accessible name begins. */}
      {choice.line ? <span className="odds-line">{choice.line}</span> : null}
      {choice.line ? " " : null}
      <span className="odds-price">{choice.price}</span>
      {choice.assumed ? " " : null}
      {choice.assumed ? (
        <span
          className="odds-assumed"
          title="Price assumed: the odds feed gives this line without a price, so the usual -110 is shown and used"
        >
          {/* Phones show "assumed" only: "price" is hidden there to fit the button. */}
          <span className="odds-assumed-price">price </span>assumed
        </span>
      ) : null}
    </button>
  );
}
