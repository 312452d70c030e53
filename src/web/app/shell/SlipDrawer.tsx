import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import {
  closeSlip,
  resumeSlip,
  slipAwaitsAccount,
  slipCount,
  slipFocusRequests,
  slipOpen,
} from "../../lib/bet-slip.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { lazyComponent } from "../lazy-component.tsx";
import { useSlipHistory } from "./use-slip-history.ts";

const BetSlip = lazyComponent(() => import("../../features/bet-slip/BetSlip.tsx").then((m) => m.BetSlip), {
  fallback: <p aria-busy="true">Loading…</p>,
});

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
        closeRef.current?.focus();
      } else if (before && before !== document.body && !dialog.contains(before)) {
        before.focus({ preventScroll: true });
      }
    } else if (dialog.open) {
      const focusInside = dialog.contains(document.activeElement);
      dialog.close();
      if (focusInside || document.activeElement === document.body) returnFocus.current?.focus();
      returnFocus.current = null;
    }
  }, [open, focusRequests]);

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
            <BetSlip />
          )}
        </article>
      ) : null}
    </dialog>
  );
}
