import type { Game } from "../../../shared/contract/games.ts";
import { selectionKey } from "../../lib/bet-slip.ts";

/** Which way a line went: its point (spread, total) when that moved, else its price. */
export type LineMove = "up" | "down";

const BET_TYPES = { spreads: "spread", totals: "total", h2h: "moneyline" } as const;

/** Every price on the board, keyed as the slip keys its picks (so a price button finds its own). */
function prices(game: Game): Map<string, { point: number | null; price: number }> {
  const found = new Map<string, { point: number | null; price: number }>();
  for (const market of game.odds) {
    for (const outcome of market.outcomes) {
      const key = selectionKey({ gameId: game.id, betType: BET_TYPES[market.marketType], selection: outcome.name });
      found.set(key, { point: outcome.point ?? null, price: outcome.price });
    }
  }
  for (const prop of game.playerProps) {
    for (const [selection, price] of [
      ["Over", prop.overOdds],
      ["Under", prop.underOdds],
    ] as const) {
      found.set(selectionKey({ gameId: game.id, betType: "prop", propId: prop.id, selection }), {
        point: prop.line,
        price,
      });
    }
  }
  return found;
}

/**
 * The prices that moved between two answers for the same games: each with its direction. A line
 * that appeared or went away is not a move (there is nothing to compare).
 */
export function lineMoves(before: readonly Game[], after: readonly Game[]): Map<string, LineMove> {
  const old = new Map<string, { point: number | null; price: number }>();
  for (const game of before) for (const [key, line] of prices(game)) old.set(key, line);
  const moves = new Map<string, LineMove>();
  for (const game of after) {
    for (const [key, line] of prices(game)) {
      const was = old.get(key);
      if (!was) continue;
      if (was.point !== null && line.point !== null && was.point !== line.point) {
        moves.set(key, line.point > was.point ? "up" : "down");
      } else if (was.price !== line.price) {
        moves.set(key, line.price > was.price ? "up" : "down");
      }
    }
  }
  return moves;
}

/** What Refresh Odds did, in words. */
export const refreshResultText = (moved: number) =>
  moved === 0 ? "No change: the odds are the same." : `${moved} ${moved === 1 ? "line" : "lines"} moved.`;

/** How long ago a game's odds last moved: "updated just now", "updated 4 min ago", "updated 2 h ago", "updated 3 days ago". */
export function updatedAgoText(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return "updated just now";
  if (minutes < 60) return `updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `updated ${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `updated ${days} ${days === 1 ? "day" : "days"} ago`;
}

/** A game's moved prices as one plain string ("key=up\nkey=down"), which keeps a memoised card cheap. */
export function movesOfGame(moves: ReadonlyMap<string, LineMove>, gameId: string): string {
  return [...moves]
    .filter(([key]) => key.startsWith(`${gameId}|`))
    .map(([key, move]) => `${key}=${move}`)
    .join("\n");
}

export function parseMoves(joined: string): Map<string, LineMove> {
  return new Map(
    joined
      .split("\n")
      .filter(Boolean)
      .map((entry) => {
        const at = entry.lastIndexOf("=");
        return [entry.slice(0, at), entry.slice(at + 1) as LineMove];
      }),
  );
}
