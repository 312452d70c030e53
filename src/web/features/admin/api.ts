import type { Game } from "../../../shared/contract/games.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterGameResolved } from "../../lib/queries.ts";
import type { ResolveBody } from "./resolve-input.ts";

/** PATCH /api/games/{id} (admins only): final score, optional player stats, or a regrade. */
export async function resolveGame(gameId: string, body: ResolveBody): Promise<Game> {
  const game = await apiRequest<Game>("PATCH", `/api/games/${encodeURIComponent(gameId)}`, body);
  void afterGameResolved(); // settling moves bets, stats and the boards as well as the game
  return game;
}
