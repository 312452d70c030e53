import { centsToString, potentialWinCents, wagerCents } from "../../../shared/money.ts";
import { apiRequestOnce } from "../../lib/api.ts";
import type { SlipSelection } from "../../lib/bet-slip.ts";

/** What a winning pick pays on top of the stake, in cents (spec §5, the server's own function). */
export function pickWinCents(odds: number, units: number): number {
  return potentialWinCents(wagerCents(units), odds);
}

/**
 * POST /api/bets with exactly the fields the server takes (it refuses unknown ones and prices the bet itself).
 * `leagueId` names the league whose book takes the bet; null = the individual book. A replacement
 * keeps the replaced bet's note only when the player chose to (`keepNote`).
 */
export function placeBet(
  pick: SlipSelection,
  units: number,
  note: string,
  replace: { replace: boolean; keepNote?: boolean },
  leagueId: number | null,
): Promise<unknown> {
  return apiRequestOnce("POST", "/api/bets", {
    gameId: pick.gameId,
    betType: pick.betType,
    selection: pick.selection,
    odds: pick.odds,
    point: pick.point,
    units,
    wagerAmount: Number(centsToString(wagerCents(units))),
    potentialWin: Number(centsToString(pickWinCents(pick.odds, units))),
    confidence: "medium",
    note: note.trim() ? note.trim() : null,
    leagueId,
    isParlay: false,
    replaceExisting: replace.replace,
    ...(replace.replace && replace.keepNote ? { keepNote: true } : {}),
    ...(pick.betType === "prop" ? { propId: pick.propId } : {}),
    ...(pick.tailOf ? { tailOf: pick.tailOf.betId } : {}),
  });
}
