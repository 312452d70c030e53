import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { UNIT_CHOICES, wagerCents } from "../../../lib/money.ts";
import { clearSlip, selectionKey, slipSelections } from "../../lib/bet-slip.ts";
import { dollars } from "../../lib/odds-format.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { BookPicker } from "./BookPicker.tsx";
import { NOTE_MAX, pickWinCents } from "./place-bet.ts";
import { ReplaceDialog } from "./ReplaceDialog.tsx";
import { SignUpDialog } from "./SignUpDialog.tsx";
import { SlipPick } from "./SlipPick.tsx";
import { slipNote, slipUnits } from "./state.ts";
import { usePlaceBets } from "./use-place-bets.ts";

/** The bet slip's contents (spec §2, §5): picks, units, note, potential win, Clear All and the place button. */
export function BetSlip() {
  useSignals();
  const picks = slipSelections.value;
  const units = slipUnits.value;
  const { user, isLoading } = useCurrentUser();
  const { pending, placeAll, replacing, decide } = usePlaceBets();
  const [askSignUp, setAskSignUp] = useState(false);

  if (picks.length === 0) return null;

  const stake = wagerCents(units) * picks.length;
  const win = picks.reduce((sum, pick) => sum + pickWinCents(pick.odds, units), 0);
  const place = () => (user ? void placeAll() : setAskSignUp(true));

  return (
    <>
      <BookPicker userId={user?.id ?? null} disabled={pending} />
      <ul className="slip-picks">
        {picks.map((pick) => (
          <SlipPick key={selectionKey(pick)} pick={pick} units={units} />
        ))}
      </ul>
      <fieldset className="unit-choices">
        <legend>Units per bet</legend>
        {UNIT_CHOICES.map((n) => (
          <label key={n} className="unit-choice">
            <input type="radio" name="slip-units" value={n} checked={units === n} onChange={() => (slipUnits.value = n)} disabled={pending} />
            <span>
              {n} {n === 1 ? "unit" : "units"}
            </span>
            <small>{dollars(wagerCents(n))}</small>
          </label>
        ))}
      </fieldset>
      <label className="slip-note">
        Note (optional)
        <textarea
          rows={2}
          maxLength={NOTE_MAX}
          placeholder="Why this pick? Your journal keeps it."
          value={slipNote.value}
          onChange={(event) => (slipNote.value = event.target.value)}
          disabled={pending}
        />
      </label>
      <footer className="slip-footer">
        <dl className="slip-totals">
          <div>
            <dt>Total stake</dt>
            <dd>{dollars(stake)}</dd>
          </div>
          <div>
            <dt>Potential win</dt>
            <dd className="slip-potential-win">{dollars(win)}</dd>
          </div>
        </dl>
        <div className="slip-actions">
          <button type="button" className="secondary" onClick={clearSlip} disabled={pending}>
            Clear All
          </button>
          <button type="button" onClick={place} disabled={pending || units <= 0 || isLoading} aria-busy={pending}>
            {pending ? "Placing…" : picks.length === 1 ? "Place Bet" : `Place ${picks.length} Bets`}
          </button>
        </div>
      </footer>
      <ReplaceDialog pick={replacing} onDecide={decide} />
      <SignUpDialog open={askSignUp} onClose={() => setAskSignUp(false)} />
    </>
  );
}
