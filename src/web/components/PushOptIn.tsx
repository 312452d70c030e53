import { useSignals } from "@preact/signals-react/runtime";
import { useRef, useState } from "react";
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
 * only from 'Turn on notifications'. It takes no focus. It stands in the page's flow at the top of
 * the screen (Shell), so it never covers a control (issue 46 item 5: a floating card sat over the
 * coverage panel and My Bets' tabs); Escape inside it is 'Not now'.
 */
export function PushOptIn() {
  useSignals();
  const moment = pushOffer.value;
  const [pending, setPending] = useState(false);
  const ref = useRef<HTMLElement>(null);
  if (moment === null) return null;

  /** The card goes; focus that was in it goes on to the screen, not to <body>. */
  function close(answer: () => void) {
    const hadFocus = ref.current?.contains(document.activeElement) ?? false;
    answer();
    if (hadFocus) document.getElementById("main")?.focus();
  }

  async function turnOn() {
    setPending(true);
    try {
      const state = await turnOnPush();
      close(() => {
        pushOffer.value = null;
      });
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
      close(() => {
        pushOffer.value = null;
      });
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
    <section
      ref={ref}
      className="push-offer"
      aria-labelledby="push-offer-title"
      aria-live="polite"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || pending) return;
        event.preventDefault();
        close(declinePushOffer);
      }}
    >
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
        <button type="button" className="secondary outline" onClick={() => close(declinePushOffer)} disabled={pending}>
          Not now
        </button>
      </div>
    </section>
  );
}
