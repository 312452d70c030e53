import { OfflineError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";

let waitingForConnection = false;

/**
 * Tells the player their bet was not placed. Offline, it says so in words (not the browser's
 * "Failed to fetch"), keeps the picks in the slip, and says when the connection is back so Place
 * Bet can be pressed again.
 */
export function refusalToast(error: unknown, message: string): void {
  if (!(error instanceof OfflineError)) {
    toast({ title: "Error", description: message, variant: "destructive" });
    return;
  }
  toast({
    title: "Bet not placed",
    description: "You appear to be offline, so nothing was sent. Your picks stay in the slip.",
    variant: "destructive",
  });
  if (waitingForConnection) return;
  waitingForConnection = true;
  window.addEventListener(
    "online",
    () => {
      waitingForConnection = false;
      toast({ title: "Back online", description: "Your picks are still in the slip: press Place Bet to try again." });
    },
    { once: true },
  );
}
