import { NOTE_MAX } from "../../../shared/limits.ts";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { UNIT_CHOICES, wagerCents } from "../../../shared/money.ts";
import {
  clearSlip,
  selectionKey,
  slipSelections,
  slipMode,
  slipNote,
  slipUnits,
  type SlipMode,
} from "../../lib/bet-slip.ts";
import { dollars, formatOdds } from "../../lib/odds-format.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { BookPicker } from "./BookPicker.tsx";
import { betRulesOf, placeProblem, slipLimits } from "./league-limits.ts";
import { canParlay, parlayOdds, parlayWin } from "./parlay.ts";
import { pickWinCents } from "./place-bet.ts";
import { ReplaceDialog } from "./ReplaceDialog.tsx";
import { SignUpDialog } from "./SignUpDialog.tsx";
import { SlipPick } from "./SlipPick.tsx";
import { usePlaceBets } from "./use-place-bets.ts";
import { usePlaceParlay } from "./use-place-parlay.ts";
import { useSlipBook } from "./use-slip-book.ts";

const MODES = [
  { value: "singles", label: "Singles", description: "One bet per pick" },
  { value: "parlay", label: "Parlay", description: "All picks in one bet: every leg must win" },
] as const satisfies readonly { value: SlipMode; label: string; description: string }[];

/**
 * The bet slip's contents (spec §2, §5): picks, units, note, potential win, Clear All and the place
 * button. With 2–8 picks on different games it offers a parlay: one stake on all picks at their
 * combined price.
 */
export function BetSlip({ onShown }: { onShown?: () => void } = {}) {
  useSignals();
  // Drawn (its code arrived): the drawer may move focus onto a pick it could not reach before.
  useEffect(() => onShown?.(), [onShown]);
  const picks = slipSelections.value;
  const units = slipUnits.value;
  const { user, isLoading } = useCurrentUser();
  const singles = usePlaceBets();
  const parlay = usePlaceParlay();
  const [askSignUp, setAskSignUp] = useState(false);
  const book = useSlipBook(user?.id ?? null);

  if (picks.length === 0) return null;

  // With a league's own book chosen, what its rules refuse is greyed out with the reason before Place.
  const limits = book.league ? slipLimits(betRulesOf(book.league), picks) : null;
  const offersParlay = canParlay(picks);
  const asParlay = offersParlay && slipMode.value === "parlay" && !limits?.parlayProblem;
  const refusal = limits ? placeProblem(limits, units, asParlay) : null;
  const pending = singles.pending || parlay.pending;
  const stake = asParlay ? wagerCents(units) : wagerCents(units) * picks.length;
  const win = asParlay ? parlayWin(picks, units) : picks.reduce((sum, pick) => sum + pickWinCents(pick.odds, units), 0);
  const place = () => (!user ? setAskSignUp(true) : asParlay ? void parlay.place() : void singles.placeAll());
  const placeLabel = asParlay ? "Place Parlay" : picks.length === 1 ? "Place Bet" : `Place ${picks.length} Bets`;

  return (
    <>
      <BookPicker leagues={book.leagues} league={book.league} disabled={pending} />
      {offersParlay ? (
        <div className="slip-mode">
          <SegmentedButtons
            label="Bet type"
            options={MODES.map((m) => ({ ...m, disabled: m.value === "parlay" && Boolean(limits?.parlayProblem) }))}
            value={asParlay ? "parlay" : "singles"}
            onChange={(mode) => (slipMode.value = mode)}
          />
          {limits?.parlayProblem ? <p className="slip-league-refusal">Parlay: {limits.parlayProblem}</p> : null}
        </div>
      ) : picks.length > 1 ? (
        <p className="slip-mode-hint">A parlay takes 2–8 picks on different games.</p>
      ) : null}
      {asParlay ? (
        <p className="slip-parlay-price" aria-live="polite">
          <span>{picks.length}-leg parlay</span> <strong>{formatOdds(parlayOdds(picks))}</strong>
        </p>
      ) : null}
      <ul className="slip-picks">
        {picks.map((pick, i) => (
          <SlipPick
            key={selectionKey(pick)}
            pick={pick}
            units={asParlay ? null : units}
            disabled={pending}
            refusal={asParlay ? null : (limits?.pickProblems[i] ?? null)}
          />
        ))}
      </ul>
      {asParlay ? (
        <label className="slip-note">
          Note (optional)
          <textarea
            rows={2}
            maxLength={NOTE_MAX}
            placeholder="Why this parlay? Your journal keeps it."
            value={slipNote.value}
            onChange={(event) => (slipNote.value = event.target.value)}
            disabled={pending}
          />
        </label>
      ) : null}
      {/* The stake's units stay with the totals and Place in the sticky footer, however many picks scroll above. */}
      <footer className="slip-footer">
        <fieldset className="unit-choices">
          <legend>{asParlay ? "Units on the parlay" : "Units per bet"}</legend>
          {UNIT_CHOICES.map((n) => {
            const problem = limits?.unitProblems.get(n) ?? null;
            return (
              <label key={n} className="unit-choice" title={problem ?? undefined}>
                <input
                  type="radio"
                  name="slip-units"
                  value={n}
                  checked={units === n}
                  onChange={() => (slipUnits.value = n)}
                  disabled={pending || problem !== null}
                  aria-describedby={problem ? "slip-units-refusal" : undefined}
                />
                <span>
                  {n} {n === 1 ? "unit" : "units"}
                </span>
                <small>{dollars(wagerCents(n))}</small>
              </label>
            );
          })}
          {limits && [...limits.unitProblems.values()].some(Boolean) ? (
            <p id="slip-units-refusal" className="slip-league-refusal">
              {unitRefusals(limits.unitProblems)}
            </p>
          ) : null}
        </fieldset>
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
        {/* The book stays in sight beside Place however far the picks scroll. */}
        {book.league ? (
          <p className="slip-footer-book">
            League bet · <strong>{book.league.name}</strong>
          </p>
        ) : null}
        <div className="slip-actions">
          <button type="button" className="secondary" onClick={clearSlip} disabled={pending}>
            Clear All
          </button>
          <button
            type="button"
            onClick={place}
            disabled={pending || units <= 0 || isLoading || refusal !== null}
            aria-busy={pending}
            aria-describedby={refusal ? "slip-place-refusal" : undefined}
          >
            {pending ? "Placing…" : placeLabel}
          </button>
        </div>
        {refusal ? (
          <p id="slip-place-refusal" className="slip-league-refusal" role="status">
            {refusal}
          </p>
        ) : null}
      </footer>
      <ReplaceDialog replacing={singles.replacing} onDecide={singles.decide} />
      <SignUpDialog open={askSignUp} onClose={() => setAskSignUp(false)} />
    </>
  );
}

/** "2 units, 3 units: This league's maximum wager is $150.00", one sentence per reason. */
function unitRefusals(problems: Map<number, string | null>): string {
  const byReason = Map.groupBy(
    [...problems].filter((entry): entry is [number, string] => entry[1] !== null),
    ([, problem]) => problem,
  );
  return [...byReason]
    .map(([problem, entries]) => `${entries.map(([n]) => `${n} ${n === 1 ? "unit" : "units"}`).join(", ")}: ${problem}`)
    .join(" ");
}
