import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import {
  closeSlip,
  focusAfterSlip,
  resumeSlip,
  slipAnnouncement,
  slipAwaitsAccount,
  slipCount,
  slipFocusPick,
  slipFocusRequests,
  slipOpen,
  slipSelections,
} from "../../lib/bet-slip.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { lazyComponent } from "../lazy-component.tsx";
import { useSlipHistory } from "./use-slip-history.ts";

const BetSlip = lazyComponent<{ onShown?: () => void }>(
  () => import("../../features/bet-slip/BetSlip.tsx").then((m) => m.BetSlip),
  { fallback: <p aria-busy="true">Loading…</p> },
);

/** The slip's entry for a pick, by its key. */
const pickIn = (dialog: HTMLElement | null, key: string) =>
  [...(dialog?.querySelectorAll<HTMLElement>("[data-pick-key]") ?? [])].find((li) => li.dataset.pickKey === key);

function usePreload(): void {
  useEffect(() => {
    const preload = () => BetSlip.preload();
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(preload, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(preload, 1000);
    return () => clearTimeout(timer);
  }, []);
}

/** A visitor who left the slip to sign up or sign in finds it open again once back, signed in. */
function useResumeAfterAccount(): void {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  const awaiting = slipAwaitsAccount.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a signal's value read in render (useSignals) changes; Biome takes it for a constant
  useEffect(() => {
    if (awaiting && user && location !== "/auth") resumeSlip();
  }, [awaiting, user, location]);
}

/**
 * The bet slip drawer on the right (spec §2). Not modal: the odds stay clickable beside it, so
 * picks can be added and removed while it is open. Its contents are the bet-slip feature,
 * fetched once the page is idle.
 */
export function SlipDrawer() {
  useSignals();
  usePreload();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const open = slipOpen.value;
  useSlipHistory(open);
  useResumeAfterAccount();
  const focusRequests = slipFocusRequests.value;

  const handledRequests = useRef(0);
  // A pick asked to take focus before the slip's code had arrived (a key pressed on a price right
  // after the page loaded): it takes the focus once the slip has drawn it, unless focus moved on.
  const pendingPick = useRef<string | null>(null);
  const focusPendingPick = useCallback(() => {
    const key = pendingPick.current;
    pendingPick.current = null;
    if (key && document.activeElement === closeRef.current) pickIn(ref.current, key)?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a signal's value read in render (useSignals) changes; Biome takes it for a constant
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const wantsFocus = focusRequests !== handledRequests.current;
    handledRequests.current = focusRequests;
    if (open) {
      const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (!dialog.open) dialog.show(); // show() moves focus into the dialog by itself
      if (wantsFocus) {
        returnFocus.current = before;
        const key = slipFocusPick.peek();
        const pick = key ? pickIn(dialog, key) : undefined;
        pendingPick.current = key && !pick ? key : null;
        (pick ?? closeRef.current)?.focus();
      } else if (before && before !== document.body && !dialog.contains(before)) {
        before.focus({ preventScroll: true });
      }
    } else if (dialog.open) {
      const focusInside = dialog.contains(document.activeElement);
      dialog.close();
      if (focusInside || document.activeElement === document.body) {
        const back = returnFocus.current?.isConnected ? returnFocus.current : focusAfterSlip();
        back?.focus({ preventScroll: !returnFocus.current });
      }
      returnFocus.current = null;
    }
  }, [open, focusRequests]);

  // Placing disables the button under focus, which drops focus to <body>: when the slip stays open
  // afterwards (a pick was refused), focus goes to the first pick that says why, else the first pick.
  const picks = slipSelections.value;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a signal's value read in render (useSignals) changes; Biome takes it for a constant
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || picks.length === 0 || document.activeElement !== document.body) return;
    const noticed = dialog.querySelector<HTMLElement>(".slip-pick-notice")?.closest<HTMLElement>("[data-pick-key]");
    (noticed ?? dialog.querySelector<HTMLElement>("[data-pick-key]"))?.focus();
  }, [open, picks]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a signal's value read in render (useSignals) changes; Biome takes it for a constant
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog opened from the slip (replace, sign up) takes Escape for itself.
      if (event.key === "Escape" && !document.querySelector("dialog:modal")) closeSlip();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const count = slipCount.value;
  return (
    <>
      {/* Outside the dialog, which is not rendered while closed: removing the last pick is announced too. */}
      <p className="visually-hidden" aria-live="polite" data-testid="slip-announcement">
        {slipAnnouncement.value}
      </p>
      <dialog ref={ref} id="bet-slip" aria-labelledby="slip-title" className="drawer">
        {open ? (
          <article>
            <header>
              <button ref={closeRef} type="button" aria-label="Close" rel="prev" onClick={closeSlip} />
              <h2 id="slip-title">
                Bet Slip
                {count > 0 ? (
                  <span className="count-pill slip-count" aria-hidden="true">
                    {count}
                  </span>
                ) : null}
              </h2>
            </header>
            {count === 0 ? (
              <p className="muted slip-empty">Your bet slip is empty. Pick odds on a game to add a selection.</p>
            ) : (
              <BetSlip onShown={focusPendingPick} />
            )}
          </article>
        ) : null}
      </dialog>
    </>
  );
}
