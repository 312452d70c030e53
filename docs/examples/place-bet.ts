/**
 * A script that places a bet with a personal API token, typed by the API's own OpenAPI document
 * (README "API tokens"). Make a token in Settings → API tokens with the scopes `read` and `bets`, then:
 *
 *   curl -s http://localhost:3000/api/openapi.json > openapi.json
 *   npx openapi-typescript openapi.json -o api.d.ts
 *
 * and call `overOnFirstOpenGame("http://localhost:3000", "npt_…")` from your own code.
 * tests/api/openapi-client.test.ts compiles this file against freshly generated types and runs it.
 */
import type { components, operations } from "./api";

type Game = components["schemas"]["Game"];
type Bet = components["schemas"]["Bet"];
type ApiError = components["schemas"]["Error"];
type BetRequest = operations["placeBet"]["requestBody"] extends { content: { "application/json": infer B } } | undefined
  ? B
  : never;

/** Every call of a token's: its header, JSON in and out. */
async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(base + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await answer.json();
  if (!answer.ok) throw new Error(`${answer.status} ${(json as ApiError).code}: ${(json as ApiError).message}`);
  return json as T;
}

/** The Over of the first game still open, at its current total and price: placed for the token's player. */
export async function overOnFirstOpenGame(base: string, token: string): Promise<Bet> {
  const games = await api<Game[]>(base, token, "GET", "/api/games");
  const game = games.find((g) => g.status === "upcoming");
  if (!game) throw new Error("no game is open for betting");
  const over = game.odds.find((m) => m.marketType === "totals")?.outcomes.find((o) => o.name === "Over");
  if (!over) throw new Error(`${game.awayTeam} @ ${game.homeTeam} has no total`);
  const bet: BetRequest = {
    gameId: game.id,
    betType: "total",
    selection: "Over",
    odds: over.price,
    point: over.point ?? null,
    units: 1,
  };
  return api<Bet>(base, token, "POST", "/api/bets", bet);
}
