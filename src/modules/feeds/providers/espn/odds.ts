/**
 * ESPN's consensus line (`competitions[0].odds`) as our markets. ESPN has written it several ways:
 * - flat fields only (`details` "KC -3", `overUnder`; no prices at all — Caesars, 2022–2023);
 * - flat fields with prices (`spread`, `homeTeamOdds.moneyLine`, `spreadOdds`) plus open/close
 *   blocks (`pointSpread.home.close.line`, `total.over.close.line` "o46.5",
 *   `moneyline.home.close.odds`) — ESPN BET, 2024–2025;
 * - since its change of odds provider in December 2025, figures that may come as objects
 *   (`moneyLine: { value, american, displayValue, … }`) rather than numbers.
 * All are read; the flat fields win where both are present. A figure that cannot be read leaves
 * its market out, never the game. Sides are found by `homeAway` upstream and by abbreviation in
 * `details` — never by position.
 */

import type { MarketType, OddsMarket, OddsOutcome } from "../../provider.ts";
import { americanOdds, num, obj, str, type Json } from "../json.ts";
import { teamByAbbr, type NflTeam } from "../nfl.ts";

/** What books charge on a spread or total when the feed gives the line without its price. */
const STANDARD_PRICE = -110;

function close(block: unknown, side: string): Json | undefined {
  return obj(obj(obj(block)?.[side])?.close);
}

/** A line (spread, total) given as a number, a string ("+6", "o43.5") or an object holding one. */
function lineOf(value: unknown): number | undefined {
  const direct = num(value);
  if (direct !== undefined) return direct;
  const o = obj(value);
  if (!o) return undefined;
  for (const candidate of [
    o.value,
    o.line,
    o.alternateDisplayValue,
    o.displayValue,
    obj(o.close)?.line,
    obj(o.current)?.line,
  ]) {
    const n = num(candidate);
    if (n !== undefined) return n;
  }
  return undefined;
}

/**
 * American odds given as a number, a string ("-110", "EVEN") or an object holding one. An
 * object's `value` may be decimal odds (1.91) on some of ESPN's feeds: those fail the
 * American-odds check and are never misread.
 */
function priceOf(value: unknown): number | undefined {
  const direct = americanOdds(value);
  if (direct !== undefined) return direct;
  const o = obj(value);
  if (!o) return undefined;
  for (const candidate of [
    o.american,
    o.alternateDisplayValue,
    o.odds,
    o.value,
    o.displayValue,
    obj(o.close)?.odds,
    obj(o.current)?.odds,
  ]) {
    const price = americanOdds(candidate);
    if (price !== undefined) return price;
  }
  return undefined;
}

/** The home team's point spread, or undefined when the line says nothing we can trust. */
function homeSpread(line: Json, home: NflTeam, away: NflTeam): number | undefined {
  const details = str(line.details);
  if (details && /^(even|pk|pick|pick'?em)$/i.test(details)) return 0;
  const named = details ? /^([A-Za-z]{2,4})\s+([+-]?\d+(?:\.\d+)?)$/.exec(details) : null;
  if (named) {
    const favourite = teamByAbbr(named[1]!)?.abbr;
    const points = -Math.abs(Number(named[2]));
    if (favourite === home.abbr) return points;
    if (favourite === away.abbr) return -points;
  }
  const closing = lineOf(close(line.pointSpread, "home")?.line);
  if (closing !== undefined) return closing;
  const spread = lineOf(line.spread);
  if (spread === undefined) return undefined;
  // ESPN's `spread` is the home team's line; the favourite flags settle its sign when present.
  if (obj(line.homeTeamOdds)?.favorite === true) return -Math.abs(spread);
  if (obj(line.awayTeamOdds)?.favorite === true) return Math.abs(spread);
  return spread;
}

/** One side of a spread or total: the first readable price, else the standard price marked as assumed. */
function side(name: string, point: number, ...prices: unknown[]): OddsOutcome {
  for (const candidate of prices) {
    const price = priceOf(candidate);
    if (price !== undefined) return { name, price, point };
  }
  return { name, price: STANDARD_PRICE, point, assumed: true };
}

/** Our markets from one ESPN odds entry; markets it lacks (or garbles) are left out. */
export function consensusMarkets(entry: unknown, home: NflTeam, away: NflTeam): OddsMarket[] {
  const line = obj(entry);
  if (!line) return [];
  const homeOdds = obj(line.homeTeamOdds) ?? {};
  const awayOdds = obj(line.awayTeamOdds) ?? {};
  const markets: OddsMarket[] = [];

  const spread = homeSpread(line, home, away);
  if (spread !== undefined && Math.abs(spread) <= 50) {
    markets.push({
      marketType: "spreads",
      outcomes: [
        side(away.name, -spread || 0, awayOdds.spreadOdds, close(line.pointSpread, "away")?.odds),
        side(home.name, spread || 0, homeOdds.spreadOdds, close(line.pointSpread, "home")?.odds),
      ],
    });
  }

  const total = lineOf(line.overUnder) ?? lineOf(close(line.total, "over")?.line);
  if (total !== undefined && total >= 10 && total <= 120) {
    markets.push({
      marketType: "totals",
      outcomes: [
        side("Over", total, line.overOdds, close(line.total, "over")?.odds),
        side("Under", total, line.underOdds, close(line.total, "under")?.odds),
      ],
    });
  }

  // A moneyline is never assumed: without both prices there is no market.
  const homeMoney = priceOf(homeOdds.moneyLine) ?? priceOf(close(line.moneyline, "home")?.odds);
  const awayMoney = priceOf(awayOdds.moneyLine) ?? priceOf(close(line.moneyline, "away")?.odds);
  if (homeMoney !== undefined && awayMoney !== undefined) {
    markets.push({
      marketType: "h2h",
      outcomes: [
        { name: away.name, price: awayMoney },
        { name: home.name, price: homeMoney },
      ],
    });
  }
  return markets;
}

const ORDER: readonly MarketType[] = ["spreads", "totals", "h2h"];

/**
 * The game's markets from ESPN's odds entries: each market from the first entry that has it,
 * so an entry ESPN garbled (or one from a second provider) never costs the others theirs.
 */
export function consensusOdds(entries: readonly unknown[], home: NflTeam, away: NflTeam): OddsMarket[] {
  const found = new Map<MarketType, OddsMarket>();
  for (const entry of entries) {
    let markets: OddsMarket[];
    try {
      markets = consensusMarkets(entry, home, away);
    } catch {
      continue;
    }
    for (const market of markets) if (!found.has(market.marketType)) found.set(market.marketType, market);
  }
  return ORDER.flatMap((type) => (found.has(type) ? [found.get(type)!] : []));
}
