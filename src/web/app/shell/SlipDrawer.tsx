import { useSignals } from "@preact/signals-react/runtime";
import { Modal } from "../../components/Modal.tsx";
import { closeSlip, slipOpen, slipSelections } from "../../lib/bet-slip.ts";

/**
 * The bet slip drawer's frame. It lists what is in the slip; choosing units and placing bets
 * belong to the bet-slip feature, which takes over this drawer.
 */
export function SlipDrawer() {
  useSignals();
  const selections = slipSelections.value;
  return (
    <Modal open={slipOpen.value} onClose={closeSlip} labelledBy="slip-title" className="drawer">
      <article>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={closeSlip} />
          <h2 id="slip-title">Bet Slip</h2>
        </header>
        {selections.length === 0 ? (
          <p className="muted">Your bet slip is empty. Pick odds on a game to add a selection.</p>
        ) : (
          <ul>
            {selections.map((pick) => (
              <li key={`${pick.gameId}:${pick.betType}:${pick.selection}`}>
                {pick.selection} · {pick.gameInfo.awayTeam} @ {pick.gameInfo.homeTeam}
              </li>
            ))}
          </ul>
        )}
      </article>
    </Modal>
  );
}
