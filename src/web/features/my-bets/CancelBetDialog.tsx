import type { Bet } from "../../../shared/contract/betting.ts";
import { useState } from "react";
import { Modal } from "../../components/Modal.tsx";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { cancelBet } from "./api.ts";
import { dollars, matchupText, pickText, stakeText } from "./bet-text.ts";

interface CancelBetDialogProps {
  /** The bet asked about; null = closed. */
  bet: Bet | null;
  onClose(): void;
  /** After a cancel went through: where focus goes once the bet's row is gone. */
  onCancelled(): void;
}

/** 'Cancel this bet?': Keep Bet, or Cancel Bet (DELETE), which gives the stake back to its book. */
export function CancelBetDialog({ bet, onClose, onCancelled }: CancelBetDialogProps) {
  const [pending, setPending] = useState(false);

  async function confirm(target: Bet) {
    setPending(true);
    try {
      const { stakeReturned } = await cancelBet(target.id);
      toast({ title: "Bet cancelled", description: `${dollars(stakeReturned)} is back in your bankroll.` });
      onCancelled();
      onClose();
    } catch (failure) {
      toast({
        title: "Error",
        description: errorText(failure, "The bet could not be cancelled."),
        variant: "destructive",
      });
      onClose();
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal open={bet !== null} onClose={onClose} labelledBy="cancel-bet-title" className="confirm-dialog">
      {bet ? (
        <article>
          <header>
            <h2 id="cancel-bet-title">Cancel this bet?</h2>
          </header>
          <p>
            <strong>{pickText(bet)}</strong> · {bet.legs ? `${bet.legs.length}-leg parlay` : matchupText(bet.game)}
          </p>
          <p>
            Your {stakeText(bet.units, bet.wagerAmount)} stake goes back to your bankroll, and the bet leaves your
            journal with its note.
          </p>
          <footer>
            <button type="button" className="secondary" data-autofocus onClick={onClose} disabled={pending}>
              Keep Bet
            </button>
            <button
              type="button"
              className="danger-button"
              onClick={() => void confirm(bet)}
              disabled={pending}
              aria-busy={pending}
            >
              Cancel Bet
            </button>
          </footer>
        </article>
      ) : null}
    </Modal>
  );
}
