/**
 * ESPN's consensus line (`competitions[0].odds[0]`) as our markets. ESPN has written it two ways:
 * flat fields (`details` "KC -3", `spread`, `overUnder`, `homeTeamOdds.moneyLine`, …) and, since
 * 2024, open/close blocks (`pointSpread.home.close.line`, `total.over.close.line` "o46.5",
 * `moneyline.home.close.odds`). Both are read; the flat fields win where both are present.
 * Sides are found by `homeAway` upstream and by abbreviation in `details` — never by position.
 */

import type { OddsMarket } from "../../provider.ts";
import { americanOdds, num, obj, str, type Json } from "../json.ts";
import { teamByAbbr, type NflTeam } from "../nfl.ts";

const STANDARD_PRICE = -110;

function close(block: unknown, side: string): Json | undefined {
  return obj(obj(obj(block)?.[side])?.close);
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
  const closing = num(close(line.pointSpread, "home")?.line);
  if (closing !== undefined) return closing;
  const spread = num(line.spread);
  if (spread === undefined) return undefined;
  // ESPN's `spread` is the home team's line; the favourite flags settle its sign when present.
  if (obj(line.homeTeamOdds)?.favorite === true) return -Math.abs(spread);
  if (obj(line.awayTeamOdds)?.favorite === true) return Math.abs(spread);
  return spread;
}

const priceOr = (...candidates: unknown[]): number => {
  for (const candidate of candidates) {
    const price = americanOdds(candidate);
    if (price !== undefined) return price;
  }
  return STANDARD_PRICE;
};

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
        { name: away.name, price: priceOr(awayOdds.spreadOdds, close(line.pointSpread, "away")?.odds), point: -spread || 0 },
        { name: home.name, price: priceOr(homeOdds.spreadOdds, close(line.pointSpread, "home")?.odds), point: spread || 0 },
      ],
    });
  }

  const total = num(line.overUnder) ?? num(close(line.total, "over")?.line);
  if (total !== undefined && total >= 10 && total <= 120) {
    markets.push({
      marketType: "totals",
      outcomes: [
        { name: "Over", price: priceOr(line.overOdds, close(line.total, "over")?.odds), point: total },
        { name: "Under", price: priceOr(line.underOdds, close(line.total, "under")?.odds), point: total },
      ],
    });
  }

  const homeMoney = americanOdds(homeOdds.moneyLine) ?? americanOdds(close(line.moneyline, "home")?.odds);
  const awayMoney = americanOdds(awayOdds.moneyLine) ?? americanOdds(close(line.moneyline, "away")?.odds);
  if (homeMoney !== undefined && awayMoney !== undefined) {
    markets.push({ marketType: "h2h", outcomes: [{ name: away.name, price: awayMoney }, { name: home.name, price: homeMoney }] });
  }
  return markets;
}
