import { useState } from "react";
import { ApiError, errorText } from "../../lib/api.ts";
import { refusalToast } from "./refusal-toast.ts";
import {
  clearSlip,
  removeSelection,
  selectionKey,
  slipSelections,
  updateSelection,
  selectedLeagueId,
  slipNote,
  slipUnits,
} from "../../lib/bet-slip.ts";
import { formatOdds, pickText } from "../../lib/odds-format.ts";
import { afterBetPlaced, afterOddsRefused } from "../../lib/queries.ts";
import { offerPush } from "../../lib/push.ts";
import { toast } from "../../lib/toast.ts";
import { parlayOdds, placeParlay } from "./parlay.ts";
import { ErrorCode } from "../../../shared/error-codes.ts";

interface MovedLeg {
  index: number;
  current: { odds: number; point: number | null };
}

/** Keeps the slip honest after a refusal: moved legs take their new price, a locked game's pick leaves. */
function onRefused(error: unknown): void {
  refusalToast(error, errorText(error, "The parlay could not be placed."));
  if (!(error instanceof ApiError)) return;
  const picks = slipSelections.value;
  if (error.code === ErrorCode.oddsChanged) {
    for (const { index, current } of (error.body as { legs?: MovedLeg[] }).legs ?? []) {
      const pick = picks[index];
      if (!pick) continue;
      const was = pickText(pick);
      const now = pickText({ ...pick, point: current.point });
      const notice = `Odds changed: was ${was} at ${formatOdds(pick.odds)}, now ${now} at ${formatOdds(current.odds)}. Place again to accept.`;
      updateSelection(selectionKey(pick), { odds: current.odds, point: current.point, notice });
    }
    void afterOddsRefused();
  } else if (error.code === ErrorCode.gameLocked) {
    const gameId = (error.body as { gameId?: string }).gameId;
    for (const pick of picks.filter((p) => p.gameId === gameId)) removeSelection(selectionKey(pick));
    void afterOddsRefused();
  }
}

/** Places the slip's picks as one parlay (one stake); on success the slip empties. */
export function usePlaceParlay() {
  const [pending, setPending] = useState(false);

  const place = async () => {
    setPending(true);
    const picks = slipSelections.value;
    const units = slipUnits.value;
    for (const pick of picks) updateSelection(selectionKey(pick), { notice: undefined });
    try {
      await placeParlay(picks, units, slipNote.value, selectedLeagueId.value);
      const odds = formatOdds(parlayOdds(picks));
      clearSlip();
      slipNote.value = "";
      void afterBetPlaced();
      toast({
        title: "Parlay Placed!",
        description: `${picks.length}-leg parlay at ${odds} · ${units} ${units === 1 ? "unit" : "units"}`,
      });
      void offerPush("bet");
    } catch (error) {
      onRefused(error);
    } finally {
      setPending(false);
    }
  };

  return { pending, place };
}
