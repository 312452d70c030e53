import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, errorText } from "../../lib/api.ts";
import { refusalToast } from "./refusal-toast.ts";
import {
  removeSelection,
  selectionKey,
  slipSelections,
  updateSelection,
  type SlipSelection,
  selectedLeagueId,
  slipUnits,
} from "../../lib/bet-slip.ts";
import { formatOdds, pickText } from "../../lib/odds-format.ts";
import { afterBetPlaced, afterBetRefused, afterOddsRefused } from "../../lib/queries.ts";
import { offerPush } from "../../lib/push.ts";
import { toast } from "../../lib/toast.ts";
import { placeBet } from "./place-bet.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";
import type { Bet } from "../../../shared/contract/betting.ts";

type Attempt = { outcome: "placed" | "failed" } | { outcome: "exists"; existing: Bet | null };

/** A pick whose game already has the player's bet, and that bet (as the 409 names it), for 'Replace Existing Bet?'. */
export interface Replacing {
  pick: SlipSelection;
  existing: Bet | null;
}

/** The answer to 'Replace Existing Bet?': keep the old bet, or replace it (keeping its note or not). */
export type ReplaceDecision = { replace: false } | { replace: true; keepNote: boolean };

function priceText(odds: number, point: number | null, pick: SlipSelection): string {
  return point === null ? formatOdds(odds) : `${pickText({ ...pick, point })} at ${formatOdds(odds)}`;
}

/** Keeps the slip honest after a refusal: a moved price is taken over, a locked game leaves the slip. */
function onRefused(pick: SlipSelection, error: unknown): void {
  const key = selectionKey(pick);
  const message = errorText(error, "The bet could not be placed.");
  refusalToast(error, message);
  const code = error instanceof ApiError ? error.code : null;
  if (code === ErrorCode.oddsChanged) {
    const current = (error as ApiError).body as { current?: { odds?: number; point?: number | null } };
    const odds = current.current?.odds;
    if (typeof odds === "number") {
      const point = current.current?.point ?? null;
      const notice = `Odds changed: was ${priceText(pick.odds, pick.point, pick)}, now ${priceText(odds, point, pick)}. Place again to accept.`;
      updateSelection(key, { odds, point, notice });
      void afterOddsRefused();
    }
  } else if (code === ErrorCode.gameLocked) {
    removeSelection(key);
    void afterOddsRefused();
  } else {
    updateSelection(key, { notice: message });
  }
  void afterBetRefused();
}

function placedToast(placed: SlipSelection[], units: number) {
  const stake = `${units} ${units === 1 ? "unit" : "units"}`;
  if (placed.length === 1) return { title: "Bet Placed!", description: `${pickText(placed[0]!)} · ${stake}` };
  return { title: `${placed.length} Bets Placed!`, description: `${stake} on each. Track them in My Bets.` };
}

/**
 * Places every pick in the slip, one bet each (parlays are not offered). A game that already has
 * your bet asks 'Replace Existing Bet?' first (spec §4); each placed pick leaves the slip.
 */
export function usePlaceBets() {
  const [pending, setPending] = useState(false);
  const [replacing, setReplacing] = useState<Replacing | null>(null);
  const answer = useRef<((decision: ReplaceDecision) => void) | null>(null);

  const decide = useCallback((decision: ReplaceDecision) => {
    setReplacing(null);
    answer.current?.(decision);
    answer.current = null;
  }, []);
  // A drawer closed mid-question counts as Cancel, so the run finishes.
  useEffect(() => () => answer.current?.({ replace: false }), []);

  const ask = (question: Replacing) =>
    new Promise<ReplaceDecision>((resolve) => {
      answer.current = resolve;
      setReplacing(question);
    });

  const attempt = async (pick: SlipSelection, replace: ReplaceDecision): Promise<Attempt> => {
    try {
      await placeBet(pick, slipUnits.value, pick.note ?? "", replace, selectedLeagueId.value);
      removeSelection(selectionKey(pick));
      return { outcome: "placed" };
    } catch (error) {
      if (!replace.replace && error instanceof ApiError && error.code === ErrorCode.betExists) {
        const existing = (error.body as { existing?: Bet } | null)?.existing ?? null;
        return { outcome: "exists", existing };
      }
      onRefused(pick, error);
      return { outcome: "failed" };
    }
  };

  const placeAll = async () => {
    setPending(true);
    const units = slipUnits.value;
    let placed: SlipSelection[] = [];
    let failed = false;
    for (const pick of slipSelections.value) {
      updateSelection(selectionKey(pick), { notice: undefined });
      let result = await attempt(pick, { replace: false });
      if (result.outcome === "exists") {
        const decision = await ask({ pick, existing: result.existing });
        if (decision.replace) result = await attempt(pick, decision);
      }
      if (result.outcome === "placed") placed = [...placed, pick];
      if (result.outcome === "failed") failed = true;
    }
    setPending(false);
    if (placed.length > 0) {
      void afterBetPlaced();
      // A failure's toast stays up: the placed picks have left the slip, which says enough.
      if (!failed) toast(placedToast(placed, units));
      void offerPush("bet");
    }
  };

  return { pending, placeAll, replacing, decide };
}
