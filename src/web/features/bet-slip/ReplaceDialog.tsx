import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import type { Bet } from "../../../shared/contract/betting.ts";
import { Modal } from "../../components/Modal.tsx";
import type { SlipSelection } from "../../lib/bet-slip.ts";
import { slipUnits } from "../../lib/bet-slip.ts";
import { formatOdds, pickText } from "../../lib/odds-format.ts";
import { pickText as betPickText, stakeText } from "../../lib/bet-words.ts";
import type { ReplaceDecision, Replacing } from "./use-place-bets.ts";

const unitsText = (units: number) => `${units} ${units === 1 ? "unit" : "units"}`;

/** The two bets side by side: the one on the game now, and the pick that would replace it. */
function BothBets({ pick, existing }: { pick: SlipSelection; existing: Bet }) {
  useSignals();
  return (
    <div className="replace-both">
      <section className="replace-bet" aria-labelledby="replace-current">
        <h3 id="replace-current">Current bet</h3>
        <p className="replace-bet-pick">{betPickText(existing)}</p>
        <p className="replace-bet-price">
          {formatOdds(Number(existing.odds))} · {stakeText(existing.units, existing.wagerAmount)}
        </p>
        {existing.note ? <p className="replace-bet-note">“{existing.note}”</p> : null}
      </section>
      <section className="replace-bet replace-bet-new" aria-labelledby="replace-new">
        <h3 id="replace-new">New bet</h3>
        <p className="replace-bet-pick">{pickText(pick)}</p>
        <p className="replace-bet-price">
          {formatOdds(pick.odds)} · {unitsText(slipUnits.value)}
        </p>
        {pick.note?.trim() ? <p className="replace-bet-note">“{pick.note.trim()}”</p> : null}
      </section>
    </div>
  );
}

/**
 * Spec §2/§4: one bet per game; replacing cancels the pending one and places this pick instead. It
 * shows the current bet beside the new one, and asks whether the old note goes along (by default
 * not: a note argues for its own pick). A new pick with a note of its own keeps that one.
 */
export function ReplaceDialog({
  replacing,
  onDecide,
}: {
  replacing: Replacing | null;
  onDecide(decision: ReplaceDecision): void;
}) {
  return (
    <Modal
      open={replacing !== null}
      onClose={() => onDecide({ replace: false })}
      labelledBy="replace-title"
      className="confirm-dialog replace-dialog"
    >
      {replacing ? <ReplaceQuestion key={replacing.pick.gameId} replacing={replacing} onDecide={onDecide} /> : null}
    </Modal>
  );
}

function ReplaceQuestion({ replacing, onDecide }: { replacing: Replacing; onDecide(decision: ReplaceDecision): void }) {
  const { pick, existing } = replacing;
  const [keepNote, setKeepNote] = useState(false);
  const asksAboutNote = Boolean(existing?.note) && !pick.note?.trim();
  return (
    <article>
      <header>
        <h2 id="replace-title">Replace Existing Bet?</h2>
      </header>
      <p>
        You already have a bet on {pick.gameInfo.awayTeam} @ {pick.gameInfo.homeTeam}. Replace it with{" "}
        <strong>{pickText(pick)}</strong>?
      </p>
      {existing ? <BothBets pick={pick} existing={existing} /> : null}
      {asksAboutNote ? (
        <label className="replace-keep-note">
          <input type="checkbox" checked={keepNote} onChange={(event) => setKeepNote(event.target.checked)} />
          Keep the current bet's note on the new bet
        </label>
      ) : null}
      <footer>
        <button type="button" className="secondary" onClick={() => onDecide({ replace: false })}>
          Cancel
        </button>
        <button
          type="button"
          data-autofocus
          onClick={() => onDecide({ replace: true, keepNote: asksAboutNote && keepNote })}
        >
          Replace Bet
        </button>
      </footer>
    </article>
  );
}
