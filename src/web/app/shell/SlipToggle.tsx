import { useSignals } from "@preact/signals-react/runtime";
import { ReceiptIcon } from "../../components/icons.tsx";
import { closeSlip, openSlip, slipCount, slipOpen } from "../../lib/bet-slip.ts";

/**
 * The top bar's bet slip button on wide screens (phones have the bottom bar's Slip slot): it shows
 * how many picks wait and opens or closes the drawer, so a closed slip can always be reopened.
 */
export function SlipToggle() {
  useSignals();
  const count = slipCount.value;
  const open = slipOpen.value;
  return (
    <button
      type="button"
      className={`slip-toggle${count > 0 ? " has-picks" : ""}`}
      aria-expanded={open}
      aria-controls="bet-slip"
      onClick={() => (open ? closeSlip() : openSlip())}
    >
      <ReceiptIcon size={18} />
      <span className="slip-toggle-label">Bet Slip</span>
      <span className="count-pill slip-toggle-count">
        {count}
        <span className="visually-hidden"> {count === 1 ? "selection" : "selections"}</span>
      </span>
    </button>
  );
}
