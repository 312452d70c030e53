/** Who may touch a bet (DESIGN "Access"), pure. Reading a player's bets is self-only (lib/policy.ts). */
import { forbidden } from "../../lib/errors.ts";

/** A bet's journal note is its player's alone to write. */
export function assertBetOwner(bet: { userId: number }, userId: number): void {
  if (bet.userId !== userId) throw forbidden("You can only edit your own notes", "not_your_bet");
}
