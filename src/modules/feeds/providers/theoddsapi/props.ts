/**
 * Player props from one event's odds (/events/{id}/odds). We list the leading players of each
 * market — those with the highest lines, as books hang them on starters — each with an Over and
 * an Under at the same line from the most preferred bookmaker that has both.
 */

import type { ProviderProp } from "../../provider.ts";
import { slug } from "../embedded/players.ts";
import { americanOdds, num, obj, str } from "../json.ts";
import { byPreference, marketOf } from "./markets.ts";

/** The Odds API market → our prop type, and how many players per game we list. */
export const PROP_MARKETS: readonly { market: string; propType: string; players: number }[] = [
  { market: "player_pass_yds", propType: "passing_yards", players: 2 },
  { market: "player_rush_yds", propType: "rushing_yards", players: 2 },
  { market: "player_reception_yds", propType: "receiving_yards", players: 4 },
  { market: "player_receptions", propType: "receptions", players: 4 },
];

interface Offer {
  playerName: string;
  line: number;
  overOdds: number;
  underOdds: number;
}

function offers(outcomes: ReturnType<typeof marketOf>): Offer[] {
  const byPlayer = new Map<
    string,
    { over?: { price: number; point: number }; under?: { price: number; point: number } }
  >();
  for (const outcome of outcomes ?? []) {
    const player = str(outcome.description);
    const price = americanOdds(outcome.price);
    const point = num(outcome.point);
    if (!player || price === undefined || point === undefined || point < 0 || point > 1000) continue;
    const entry = byPlayer.get(player) ?? {};
    if (outcome.name === "Over") entry.over ??= { price, point };
    else if (outcome.name === "Under") entry.under ??= { price, point };
    byPlayer.set(player, entry);
  }
  return [...byPlayer].flatMap(([playerName, { over, under }]) =>
    over && under && over.point === under.point
      ? [{ playerName, line: over.point, overOdds: over.price, underOdds: under.price }]
      : [],
  );
}

/**
 * The props we list for a game. The feed does not say which team a player is on: `team` is left
 * empty rather than guessed.
 */
export function eventProps(body: unknown, preference: readonly string[]): ProviderProp[] {
  const event = obj(body);
  if (!event) throw new TypeError("the answer is not an event");
  const books = byPreference(event.bookmakers, preference);
  const props: ProviderProp[] = [];
  for (const { market, propType, players } of PROP_MARKETS) {
    const book = books.find((b) => offers(marketOf(b, market)).length > 0);
    if (!book) continue;
    const leading = offers(marketOf(book, market))
      .sort((a, b) => b.line - a.line || a.playerName.localeCompare(b.playerName))
      .slice(0, players);
    for (const offer of leading) {
      props.push({ key: `${slug(offer.playerName)}-${propType}`, team: "", propType, ...offer });
    }
  }
  return props;
}
