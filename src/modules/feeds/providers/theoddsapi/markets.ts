/**
 * Bookmakers' moneyline, spreads and totals as our markets. Each market comes from the most
 * preferred bookmaker that offers it whole (BOOKMAKER, then DraftKings, then FanDuel, then the
 * first listed). Outcomes are matched to teams by name and renamed to the game's own team names,
 * so bets settle against the names we store.
 */

import type { OddsMarket, OddsOutcome, ScheduledGame } from "../../provider.ts";
import { americanOdds, arr, num, obj, str, type Json } from "../json.ts";
import { teamByName } from "../nfl.ts";

/** Bookmakers in order of preference: the listed ones first, the rest as the feed lists them. */
export function byPreference(bookmakers: unknown, preference: readonly string[]): Json[] {
  const books = arr(bookmakers)
    .map(obj)
    .filter((b) => b !== undefined);
  const rank = (b: Json) => {
    const at = preference.indexOf(str(b.key)?.toLowerCase() ?? "");
    return at < 0 ? preference.length : at;
  };
  return books
    .map((b, i) => ({ b, i }))
    .sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i)
    .map(({ b }) => b);
}

export function marketOf(book: Json, key: string): Json[] | undefined {
  const market = arr(book.markets)
    .map(obj)
    .find((m) => m?.key === key);
  return market
    ? arr(market.outcomes)
        .map(obj)
        .filter((o) => o !== undefined)
    : undefined;
}

function teamOutcome(outcomes: Json[], abbr: string): Json | undefined {
  const found = outcomes.filter((o) => {
    const name = str(o.name);
    return name !== undefined && teamByName(name)?.abbr === abbr;
  });
  return found.length === 1 ? found[0] : undefined;
}

function sides(outcomes: Json[], game: ScheduledGame, withPoint: boolean): OddsOutcome[] | undefined {
  const away = teamOutcome(outcomes, game.awayAbbr);
  const home = teamOutcome(outcomes, game.homeAbbr);
  if (!away || !home) return undefined;
  const awayPrice = americanOdds(away.price);
  const homePrice = americanOdds(home.price);
  if (awayPrice === undefined || homePrice === undefined) return undefined;
  if (!withPoint)
    return [
      { name: game.awayTeam, price: awayPrice },
      { name: game.homeTeam, price: homePrice },
    ];
  const awayPoint = num(away.point);
  const homePoint = num(home.point);
  // A spread gives one side what it takes from the other; anything else is a garbled line.
  if (
    awayPoint === undefined ||
    homePoint === undefined ||
    Math.abs(awayPoint + homePoint) > 0.001 ||
    Math.abs(homePoint) > 50
  )
    return undefined;
  return [
    { name: game.awayTeam, price: awayPrice, point: awayPoint },
    { name: game.homeTeam, price: homePrice, point: homePoint },
  ];
}

function overUnder(outcomes: Json[]): OddsOutcome[] | undefined {
  const over = outcomes.find((o) => o.name === "Over");
  const under = outcomes.find((o) => o.name === "Under");
  const point = num(over?.point);
  const overPrice = americanOdds(over?.price);
  const underPrice = americanOdds(under?.price);
  if (
    point === undefined ||
    point !== num(under?.point) ||
    point < 10 ||
    point > 120 ||
    overPrice === undefined ||
    underPrice === undefined
  )
    return undefined;
  return [
    { name: "Over", price: overPrice, point },
    { name: "Under", price: underPrice, point },
  ];
}

const READERS: readonly {
  key: string;
  marketType: OddsMarket["marketType"];
  read: (o: Json[], g: ScheduledGame) => OddsOutcome[] | undefined;
}[] = [
  { key: "spreads", marketType: "spreads", read: (o, g) => sides(o, g, true) },
  { key: "totals", marketType: "totals", read: (o) => overUnder(o) },
  { key: "h2h", marketType: "h2h", read: (o, g) => sides(o, g, false) },
];

/** The game's markets from one event of /odds; empty when no bookmaker prices it. */
export function gameMarkets(event: Json, game: ScheduledGame, preference: readonly string[]): OddsMarket[] {
  const books = byPreference(event.bookmakers, preference);
  const markets: OddsMarket[] = [];
  for (const { key, marketType, read } of READERS) {
    for (const book of books) {
      const outcomes = marketOf(book, key);
      const read_ = outcomes && read(outcomes, game);
      if (read_) {
        markets.push({ marketType, outcomes: read_ });
        break;
      }
    }
  }
  return markets;
}
