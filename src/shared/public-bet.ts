import type { Bet } from "./contract/betting.ts";
import type { ProfileBet } from "./contract/profiles.ts";

/**
 * A bet as other players may see it (a profile, a league's feed): without the note, confidence,
 * league and the ids they have no use for.
 */
export function publicBet(bet: Bet): ProfileBet {
  return {
    id: bet.id,
    gameId: bet.gameId,
    betType: bet.betType,
    selection: bet.selection,
    odds: bet.odds,
    point: bet.point,
    units: bet.units,
    isParlay: bet.isParlay,
    status: bet.status,
    result: bet.result,
    placedAt: bet.placedAt,
    settledAt: bet.settledAt,
    game: bet.game,
    prop: bet.prop,
    closingLine: bet.closingLine,
    clv: bet.clv,
    legs: bet.legs?.map(({ propId: _, ...leg }) => leg) ?? null,
  };
}
