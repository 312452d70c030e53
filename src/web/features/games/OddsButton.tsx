import { useCallback, useState } from "react";
import { toggleSelection } from "../../lib/bet-slip.ts";
import type { LineMove } from "./line-moves.ts";
import type { OddsChoice } from "./odds.ts";

const ASSUMED_WHY = "Price assumed: the odds feed gives this line without a price, so the usual -110 is shown and used";

/**
 * One price to pick; pressed while its pick is in the slip. A side the feed lacks shows as a dash;
 * a price the feed did not quote says so.
 */
export function OddsButton({
  choice,
  selected,
  moved,
  locked,
}: {
  choice: OddsChoice | null;
  selected: boolean;
  /** The price moved while the screen was open: which way (an arrow drawn by CSS, outside the name). */
  moved?: LineMove;
  locked: boolean;
}) {
  // Narrow cards hide "price" of "price assumed" (a container query in games.css): the name follows
  // what the button shows, so that it always holds its visible text word for word (voice control).
  const [priceWordShown, setPriceWordShown] = useState(true);
  const watchPriceWord = useCallback((word: HTMLSpanElement | null) => {
    const mark = word?.parentElement;
    if (!word || !mark) return;
    const check = () => setPriceWordShown(word.getClientRects().length > 0);
    check();
    // The word is inline, so it has no size of its own to watch; the mark around it narrows when it goes.
    const observer = new ResizeObserver(check);
    observer.observe(mark);
    return () => observer.disconnect();
  }, []);

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
      className={moved ? `odds-button odds-moved odds-moved-${moved}` : "odds-button"}
      title={moved ? `Moved ${moved} while you were here` : undefined}
      aria-label={priceWordShown ? choice.label : choice.narrowLabel}
      aria-pressed={selected}
      disabled={locked}
      // A click with no pointer behind it (detail 0) came from Enter or Space.
      onClick={(event) => toggleSelection(choice.pick, { button: event.currentTarget, byKeyboard: event.detail === 0 })}
    >
      {/* Spaces between the parts (the flex column does not draw them) keep the button's text "PHI -3.5 -110",
          as its accessible name begins; each stays outside the spans, where every reader keeps it. */}
      {choice.line ? <span className="odds-line">{choice.line}</span> : null}
      {choice.line ? " " : null}
      <span className="odds-price">{choice.price}</span>
      {choice.assumed ? " " : null}
      {choice.assumed ? (
        <span className="odds-assumed" title={ASSUMED_WHY}>
          <span className="odds-assumed-price" ref={watchPriceWord}>
            price
          </span>{" "}
          assumed
        </span>
      ) : null}
    </button>
  );
}
