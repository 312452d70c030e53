import { Modal } from "../../components/Modal.tsx";
import type { SlipSelection } from "../../lib/bet-slip.ts";
import { pickText } from "../../lib/odds-format.ts";

/** Spec §2/§4: one bet per game; replacing cancels the pending one and places this pick instead. */
export function ReplaceDialog({ pick, onDecide }: { pick: SlipSelection | null; onDecide(replace: boolean): void }) {
  return (
    <Modal open={pick !== null} onClose={() => onDecide(false)} labelledBy="replace-title" className="confirm-dialog">
      {pick ? (
        <article>
          <header>
            <h2 id="replace-title">Replace Existing Bet?</h2>
          </header>
          <p>
            You already have a bet on {pick.gameInfo.awayTeam} @ {pick.gameInfo.homeTeam}. Replace it with{" "}
            <strong>{pickText(pick)}</strong>?
          </p>
          <footer>
            <button type="button" className="secondary" onClick={() => onDecide(false)}>
              Cancel
            </button>
            <button type="button" data-autofocus onClick={() => onDecide(true)}>
              Replace Bet
            </button>
          </footer>
        </article>
      ) : null}
    </Modal>
  );
}
