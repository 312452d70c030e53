/**
 * What betting asks of leagues, as data (issue 44 item 8): leagues reads betting, and betting imports
 * nothing of leagues. The app connects the leagues module at start (src/wiring.ts), so a
 * placement in a league's book, a tail and a bet's book name reach leagues through these three.
 */
import type { Db } from "../../runtime/index.ts";
import type { LeagueBetRules } from "../../shared/leagues.ts";

export interface LeaguesPort {
  /** A league's rules and bankroll for a bet in its book; throws the league's refusal (404, 403 not_member). */
  betRules(
    trx: Db,
    leagueId: number,
    userId: number,
  ): Promise<{ name: string; bankrollCents: number | null; rules: LeagueBetRules }>;
  /** League names by id, for showing a bet's book. */
  names(db: Db, ids: number[]): Promise<Map<number, string>>;
  /** Whether a pick is revealed to this player in a league they share with its owner (Tail). */
  pickRevealedTo(db: Db, now: Date, viewerId: number, betId: number): Promise<boolean>;
}

let connected: LeaguesPort | null = null;

/** Called once at start by the app's wiring; later calls replace it (tests may). */
export function connectLeagues(port: LeaguesPort): void {
  connected = port;
}

/** The connected leagues module. */
export function leagues(): LeaguesPort {
  if (!connected) throw new Error("betting: the leagues port is not connected (src/wiring.ts wireModules)");
  return connected;
}
