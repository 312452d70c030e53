import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { closeSlip, slipOpen } from "../../lib/bet-slip.ts";

/** Where the slip covers the screen, so it behaves like a screen of its own. */
const PHONE = "(max-width: 767.98px)";
/** Marks the history entry the open slip adds on phones. */
const MARK = "nptSlip";

const isPhone = () => window.matchMedia(PHONE).matches;
const onSlipEntry = () => Boolean((history.state as Record<string, unknown> | null)?.[MARK]);

/**
 * On phones the open slip is a layer in the history: opening it adds an entry, so the phone's Back
 * closes the slip instead of leaving the screen under it (and Forward opens it again); closing it
 * any other way takes that entry back out. Leaving for another screen closes it. Wide screens keep
 * the slip beside every screen, outside the history.
 */
export function useSlipHistory(open: boolean): void {
  const [location] = useLocation();

  useEffect(() => {
    const onPop = () => {
      if (!isPhone()) return;
      const wanted = onSlipEntry();
      if (wanted !== slipOpen.value) slipOpen.value = wanted;
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  useEffect(() => {
    if (!open || !isPhone()) return;
    if (!onSlipEntry()) history.pushState({ ...(history.state as object | null), [MARK]: true }, "");
    return () => {
      // Closed by its button, Escape, Clear All or placing: the entry it added goes too.
      if (onSlipEntry()) history.back();
    };
  }, [open]);

  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    if (slipOpen.value && isPhone() && !onSlipEntry()) closeSlip();
  }, [location]);
}
