import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Modal } from "../components/Modal.tsx";
import { useNewcomerPrize } from "../lib/contest-status.ts";
import { signedInHint, useCurrentUser } from "../lib/session.ts";
import { readJson, storageKeys, writeJson } from "../lib/storage.ts";

/** Spec §9: the welcome shows this long after the app loads. */
export const ONBOARDING_DELAY_MS = 500;

const dismissed = signal(readJson<boolean>(storageKeys.onboardingDismissed) === true);

function dismiss(): void {
  dismissed.value = true;
  writeJson(storageKeys.onboardingDismissed, true);
}

/**
 * The welcome shows on the Games screen only: a visitor who followed a link to a leaderboard, a
 * league invitation or the rules came for that page, and the welcome would stand in front of it.
 */
const WELCOME_PATH = "/";

/** Whether the player is typing in a field: the welcome waits rather than take the focus from it. */
function isTyping(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  if (active.isContentEditable) return true;
  return active.matches(
    "textarea, select, input:not([type=button], [type=submit], [type=reset], [type=checkbox], [type=radio], [type=range])",
  );
}

/**
 * The first-visit welcome (spec §2): stays until closed, and once closed never comes back on this
 * browser. It greets visitors only, on the Games screen (500 ms after they reach it): an account
 * has been welcomed when it was made, so a player never sees it — not right after signing up, not
 * on another browser. It never takes the focus from a field being typed in: it waits until the
 * focus leaves it.
 */
export function Onboarding() {
  useSignals();
  const [location] = useLocation();
  const { user } = useCurrentUser();
  const player = user != null || signedInHint();
  useEffect(() => {
    if (player && !dismissed.value) dismiss();
  }, [player]);
  const quiet = player || location !== WELCOME_PATH;
  const [due, setDue] = useState(false);
  const [shown, setShown] = useState(false);
  // Shown in the browser only, long after the first render: its own clock; asked for only once it shows.
  const prize = useNewcomerPrize(Date.now(), shown);

  useEffect(() => {
    if (dismissed.value || quiet) return;
    const timer = setTimeout(() => setDue(true), ONBOARDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [quiet]);

  useEffect(() => {
    if (!due || shown || dismissed.value || quiet) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showUnlessTyping = () => {
      if (!isTyping()) setShown(true);
    };
    // focusout comes before the focus lands elsewhere: look once it has landed.
    const onFocusOut = () => {
      clearTimeout(timer);
      timer = setTimeout(showUnlessTyping, 0);
    };
    showUnlessTyping();
    document.addEventListener("focusout", onFocusOut);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("focusout", onFocusOut);
    };
  }, [due, shown, quiet]);

  return (
    <Modal
      open={shown && !quiet && !dismissed.value}
      onClose={dismiss}
      labelledBy="onboarding-title"
      className="onboarding"
    >
      <article>
        <header>
          <button type="button" aria-label="Close" rel="prev" onClick={dismiss} />
          <h2 id="onboarding-title">Welcome to NFL Paper Trading!</h2>
        </header>
        <p>
          Practise betting on real NFL games with play money. No risk, no deposits: every bet is in units, and 1 unit is
          $100 of play money.
        </p>
        <ul className="check-list">
          <li>Start with a 50-unit bankroll and bet on spreads, totals, moneylines and player props.</li>
          <li>Track your ROI, win rate and betting patterns as your bets settle.</li>
          <li>Climb the leaderboards: the top 3 players each week win a $20 gift card.</li>
        </ul>
        {prize ? <p className="onboarding-prize">{prize.text}</p> : null}
        <footer>
          <button type="button" onClick={dismiss} data-autofocus>
            Start Betting
          </button>
        </footer>
      </article>
    </Modal>
  );
}
