import { centsToString, wagerCents } from "../../../shared/money.ts";
import { parlayAmericanOdds, parlayLegsProblem, parlayWinCents } from "../../../shared/parlays.ts";
import { apiRequestOnce } from "../../lib/api.ts";
import type { SlipSelection } from "../../lib/bet-slip.ts";

/** The slip offers a parlay for 2–8 picks on different games (the server's own rule). */
export const canParlay = (picks: readonly SlipSelection[]) => parlayLegsProblem(picks) === null;

/** The picks' combined price as American odds ("+650"), as the server will price it. */
export const parlayOdds = (picks: readonly SlipSelection[]) => parlayAmericanOdds(picks.map((p) => p.odds));

/** What the parlay would win on top of its one stake, in cents (the server's own function). */
export const parlayWin = (picks: readonly SlipSelection[], units: number) =>
  parlayWinCents(
    wagerCents(units),
    picks.map((p) => p.odds),
  );

/** POST /api/parlays: the picks as legs, one stake and note. The server prices it itself. */
export function placeParlay(
  picks: readonly SlipSelection[],
  units: number,
  note: string,
  leagueId: number | null,
): Promise<unknown> {
  return apiRequestOnce("POST", "/api/parlays", {
    legs: picks.map((pick) => ({
      gameId: pick.gameId,
      betType: pick.betType,
      selection: pick.selection,
      odds: pick.odds,
      point: pick.point,
      ...(pick.betType === "prop" ? { propId: pick.propId } : {}),
    })),
    units,
    wagerAmount: Number(centsToString(wagerCents(units))),
    potentialWin: Number(centsToString(parlayWin(picks, units))),
    confidence: "medium",
    note: note.trim() ? note.trim() : null,
    leagueId,
  });
}
