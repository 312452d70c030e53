import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Modal } from "../components/Modal.tsx";
import { readJson, storageKeys, writeJson } from "../lib/storage.ts";

/** Spec §9: the welcome shows this long after the app loads. */
export const ONBOARDING_DELAY_MS = 500;

const dismissed = signal(readJson<boolean>(storageKeys.onboardingDismissed) === true);

function dismiss(): void {
  dismissed.value = true;
  writeJson(storageKeys.onboardingDismissed, true);
}

/** The first-visit welcome (spec §2): stays until closed, and once closed never comes back on this browser. */
export function Onboarding() {
  useSignals();
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (dismissed.value) return;
    const timer = setTimeout(() => setDue(true), ONBOARDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Modal open={due && !dismissed.value} onClose={dismiss} labelledBy="onboarding-title" className="onboarding">
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
        <footer>
          <button type="button" onClick={dismiss} data-autofocus>
            Start Betting
          </button>
        </footer>
      </article>
    </Modal>
  );
}
