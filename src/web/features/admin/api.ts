import type { Game } from "../../../shared/contract/games.ts";
import { apiRequest } from "../../lib/api.ts";
import { isGamesKey } from "../../lib/games.ts";
import { USER_KEY } from "../../lib/session.ts";
import { invalidate } from "../../lib/swr.ts";
import type { ResolveBody } from "./resolve-input.ts";

// Settling moves users' bets, stats and the boards as well as the game itself.
const touchedByResolve = (path: string) =>
  isGamesKey(path) ||
  path === USER_KEY ||
  /^\/api\/users\/\d+\/(bets|stats)/.test(path) ||
  path.startsWith("/api/leaderboard");

/** PATCH /api/games/{id} (admins only): final score, optional player stats, or a regrade. */
export async function resolveGame(gameId: string, body: ResolveBody): Promise<Game> {
  const game = await apiRequest<Game>("PATCH", `/api/games/${encodeURIComponent(gameId)}`, body);
  void invalidate(touchedByResolve);
  return game;
}
