import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Link } from "wouter";
import { errorText } from "../lib/api.ts";
import { declinePushOffer, type OptInMoment, pushOffer, turnOnPush } from "../lib/push.ts";
import { toast } from "../lib/toast.ts";

const WHY: Record<OptInMoment, string> = {
  bet: "Your bet is in. Want to hear how it went, even with the app closed?",
  settlement: "Want to hear about settlements like this one, even with the app closed?",
};

/**
 * The push opt-in (issue 31 item 4): a card in the app's words, shown after a bet is placed or on a
 * settlement (lib/push.ts `offerPush`), never on load. The browser's own permission prompt comes
 * only from 'Turn on notifications'. It takes no focus: it sits beside the page until answered.
 */
export function PushOptIn() {
  useSignals();
  const moment = pushOffer.value;
  const [pending, setPending] = useState(false);
  if (moment === null) return null;

  async function turnOn() {
    setPending(true);
    try {
      const state = await turnOnPush();
      pushOffer.value = null;
      if (state === "on")
        toast({ title: "Notifications are on", description: "Change what you get, and when, in Settings." });
      else if (state === "blocked")
        toast({
          title: "Notifications are blocked",
          description:
            "Your browser blocks them for this site: allow them in its site settings, then turn them on in Settings.",
          variant: "destructive",
        });
    } catch (failure) {
      pushOffer.value = null;
      toast({
        title: "Could not turn notifications on",
        description: errorText(failure, "Please try again from Settings."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="push-offer" aria-labelledby="push-offer-title" aria-live="polite">
      <h2 id="push-offer-title">Get a notification when your bets settle?</h2>
      <p>{WHY[moment]}</p>
      <p className="muted">
        One message per game, plus a reminder before games lock while the week's prize is in reach. Choose what and when
        in <Link href="/settings#notifications">Settings</Link>.
      </p>
      <div className="push-offer-actions">
        <button type="button" onClick={turnOn} disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Turning on..." : "Turn on notifications"}
        </button>
        <button type="button" className="secondary outline" onClick={declinePushOffer} disabled={pending}>
          Not now
        </button>
      </div>
    </section>
  );
}
