/**
 * Where modules that may not import each other are connected, once, at start (the app and the CLI
 * call `wireModules`): leagues reads betting, and betting reaches leagues only through its port.
 */
import { connectLeagues } from "./modules/betting/leagues-port.ts";
import { leagueBetRules, leagueNames, pickRevealedTo } from "./modules/leagues/service.ts";

export function wireModules(): void {
  connectLeagues({ betRules: leagueBetRules, names: leagueNames, pickRevealedTo });
}
