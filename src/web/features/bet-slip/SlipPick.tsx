import { NOTE_MAX } from "../../../shared/limits.ts";
import { useState } from "react";
import { removeSelection, selectionKey, updateSelection, type SlipSelection } from "../../lib/bet-slip.ts";
import { dollars, formatOdds, marketName, pickText, propTypeText } from "../../lib/odds-format.ts";
import { pickWinCents } from "./place-bet.ts";

/**
 * One pick in the slip: the game, the pick and its price, and a remove button; as a single bet
 * (units given) also what it would win and its own journal note. As a parlay leg (units null) the
 * parlay's one note is the slip's.
 */
export function SlipPick({
  pick,
  units,
  disabled,
  refusal = null,
}: {
  pick: SlipSelection;
  units: number | null;
  disabled?: boolean;
  /** Why the chosen league's book does not take this pick (greyed out before Place); null when it does. */
  refusal?: string | null;
}) {
  const text = pickText(pick);
  // The note box opens on demand (a note already written shows it), so three picks leave the stake and Place Bet in view.
  const [noteOpen, setNoteOpen] = useState(Boolean(pick.note));
  const [openedByClick, setOpenedByClick] = useState(false);
  const market = pick.propType
    ? `${marketName(pick.betType)} · ${propTypeText(pick.propType)}`
    : marketName(pick.betType);
  return (
    // Focusable from script (tabIndex -1): a pick added by keyboard takes focus, so it is read out.
    <li
      className={refusal ? "slip-pick slip-pick-refused" : "slip-pick"}
      tabIndex={-1}
      data-pick-key={selectionKey(pick)}
      aria-describedby={refusal ? `refusal-${selectionKey(pick)}` : undefined}
    >
      <p className="slip-pick-game">
        {pick.gameInfo.awayTeam} @ {pick.gameInfo.homeTeam}
      </p>
      <div className="slip-pick-main">
        <p className="slip-pick-text">{text}</p>
        <p className="slip-pick-market">{market}</p>
        {pick.tailOf ? <p className="slip-pick-tail">Tailing {pick.tailOf.username}</p> : null}
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
      {units === null ? null : noteOpen ? (
        <label className="slip-note slip-pick-note">
          Note (optional)
          <textarea
            rows={2}
            maxLength={NOTE_MAX}
            placeholder="Why this pick? Your journal keeps it."
            value={pick.note ?? ""}
            onChange={(event) => updateSelection(selectionKey(pick), { note: event.target.value })}
            disabled={disabled}
            // Opened by the player's own click on 'Add note': the box takes the typing at once.
            // biome-ignore lint/a11y/noAutofocus: focus follows the player's request
            autoFocus={openedByClick}
          />
        </label>
      ) : (
        <button
          type="button"
          className="slip-add-note"
          aria-label={`Add note for ${text}`}
          onClick={() => {
            setNoteOpen(true);
            setOpenedByClick(true);
          }}
          disabled={disabled}
        >
          Add note
        </button>
      )}
      {refusal ? (
        <p className="slip-league-refusal" id={`refusal-${selectionKey(pick)}`}>
          {refusal}
        </p>
      ) : null}
      {pick.notice ? (
        <p className="slip-pick-notice" role="alert">
          {pick.notice}
        </p>
      ) : null}
    </li>
  );
}
