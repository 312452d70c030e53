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
import { toast } from "../../lib/toast.ts";
import { placeBet } from "./place-bet.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";

type Attempt = "placed" | "exists" | "failed";

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
  const [replacing, setReplacing] = useState<SlipSelection | null>(null);
  const answer = useRef<((replace: boolean) => void) | null>(null);

  const decide = useCallback((replace: boolean) => {
    setReplacing(null);
    answer.current?.(replace);
    answer.current = null;
  }, []);
  // A drawer closed mid-question counts as Cancel, so the run finishes.
  useEffect(() => () => answer.current?.(false), []);

  const ask = (pick: SlipSelection) =>
    new Promise<boolean>((resolve) => {
      answer.current = resolve;
      setReplacing(pick);
    });

  const attempt = async (pick: SlipSelection, replace: boolean): Promise<Attempt> => {
    try {
      await placeBet(pick, slipUnits.value, pick.note ?? "", replace, selectedLeagueId.value);
      removeSelection(selectionKey(pick));
      return "placed";
    } catch (error) {
      if (!replace && error instanceof ApiError && error.code === ErrorCode.betExists) return "exists";
      onRefused(pick, error);
      return "failed";
    }
  };

  const placeAll = async () => {
    setPending(true);
    const units = slipUnits.value;
    let placed: SlipSelection[] = [];
    let failed = false;
    for (const pick of slipSelections.value) {
      updateSelection(selectionKey(pick), { notice: undefined });
      let outcome = await attempt(pick, false);
      if (outcome === "exists" && (await ask(pick))) outcome = await attempt(pick, true);
      if (outcome === "placed") placed = [...placed, pick];
      if (outcome === "failed") failed = true;
    }
    setPending(false);
    if (placed.length > 0) {
      void afterBetPlaced();
      // A failure's toast stays up: the placed picks have left the slip, which says enough.
      if (!failed) toast(placedToast(placed, units));
    }
  };

  return { pending, placeAll, replacing, decide };
}
