/**
 * Game lines. Each game has a fair ("latent") spread and total from the teams' ratings; the
 * posted lines are those snapped to the numbers books hang (half points, plus key whole numbers),
 * with the juice leaning toward the side the snap favoured. Moneylines come from the posted
 * spread, so all three markets agree. The latent lines drift by a seeded walk in half-day steps
 * from Tuesday's opening until kick-off.
 */

import type { OddsMarket, ScheduledGame } from "../../provider.ts";
import { weekThursday } from "./kickoffs.ts";
import { HOME_FIELD, type SeasonRatings, ratingOf } from "./ratings.ts";
import { Rng, at, clamp, normalCdf } from "./random.ts";
import { teamByAbbr } from "./teams.ts";

/** A game's line: `spread` is the home side's point (negative when home is favoured). */
export interface Line {
  spread: number;
  total: number;
}

export const BASE_TOTAL = 43.5;
/** Standard deviation of the final margin around the spread, in points. */
export const MARGIN_SD = 13.5;
/** Total overround on the moneyline (two sides' implied probabilities sum to 1 + this). */
export const MONEYLINE_VIG = 0.045;
export const STANDARD_PRICE = -110;
export const DRIFT_STEP_MS = 12 * 60 * 60 * 1000;
/** The latent lines never wander further than this from the opening. */
export const MAX_DRIFT = 1;
const DRIFT_STEP = 0.4;
const DAY_MS = 24 * 60 * 60 * 1000;

const KEY_SPREADS = new Set([0, 3, 7, 10, 14]);
const KEY_TOTALS = new Set([37, 41, 44, 47, 51]);

/** The fair opening line: rating difference plus home field, and the teams' scoring. */
export function openingLine(game: ScheduledGame, ratings: SeasonRatings): Line {
  const rng = new Rng(`${game.providerId}:open`);
  const home = ratingOf(ratings, game.homeAbbr);
  const away = ratingOf(ratings, game.awayAbbr);
  // The small noise stands for the week's news (injuries, rest) that ratings do not see.
  const margin = clamp(home.power - away.power + HOME_FIELD + rng.normal(0, 0.75), -17.5, 17.5);
  const weather = game.week >= 13 && teamByAbbr(game.homeAbbr).cold ? -1.5 : 0;
  const total = clamp(BASE_TOTAL + home.scoring + away.scoring + weather + rng.normal(0, 1.5), 37.5, 53.5);
  return { spread: -margin, total };
}

/** When a game's lines open: 00:00 UTC on the Tuesday before its week's Thursday. */
export function openingTime(game: ScheduledGame): number {
  return weekThursday(game.season, game.week).getTime() - 2 * DAY_MS;
}

/** Cumulative drift of the latent spread and total at each half-day step from the opening to kick-off. */
export interface DriftPath {
  spread: number[];
  total: number[];
}

export function driftPath(game: ScheduledGame): DriftPath {
  const rng = new Rng(`${game.providerId}:drift`);
  const steps = Math.max(0, Math.floor((Date.parse(game.commenceTime) - openingTime(game)) / DRIFT_STEP_MS));
  const spread = [0];
  const total = [0];
  for (let k = 1; k <= steps; k++) {
    spread.push(clamp(at(spread, k - 1) + (rng.next() - 0.5) * 2 * DRIFT_STEP, -MAX_DRIFT, MAX_DRIFT));
    total.push(clamp(at(total, k - 1) + (rng.next() - 0.5) * 2 * DRIFT_STEP, -MAX_DRIFT, MAX_DRIFT));
  }
  return { spread, total };
}

/** The latent line at `now`: the opening before the week opens, the closing line after kick-off. */
export function lineAt(game: ScheduledGame, opening: Line, path: DriftPath, now: Date): Line {
  const step = lineStep(game, path, now);
  return { spread: opening.spread + at(path.spread, step), total: opening.total + at(path.total, step) };
}

/**
 * The line's moves from its opening to `now` (kick-off at the latest), oldest first: one snapshot
 * per half-day step, each at the moment its step began (the opening at `now` for a week not open yet).
 * The last one is `lineAt(now)`.
 */
export function linePath(game: ScheduledGame, opening: Line, path: DriftPath, now: Date): { at: number; line: Line }[] {
  const open = openingTime(game);
  const last = lineStep(game, path, now);
  const out: { at: number; line: Line }[] = [];
  for (let k = 0; k <= last; k++) {
    out.push({
      at: k === 0 ? Math.min(open, now.getTime()) : open + k * DRIFT_STEP_MS,
      line: { spread: opening.spread + at(path.spread, k), total: opening.total + at(path.total, k) },
    });
  }
  return out;
}

function lineStep(game: ScheduledGame, path: DriftPath, now: Date): number {
  const elapsed = Math.min(now.getTime(), Date.parse(game.commenceTime)) - openingTime(game);
  return clamp(Math.floor(elapsed / DRIFT_STEP_MS), 0, path.spread.length - 1);
}

function snap(value: number, allowed: (v: number) => boolean): number {
  const base = Math.round(value * 2) / 2;
  let best = base;
  let bestDistance = Infinity;
  for (let k = -3; k <= 3; k++) {
    const candidate = base + k / 2;
    if (!allowed(candidate)) continue;
    const distance = Math.abs(candidate - value);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best === 0 ? 0 : best; // never −0
}

/** The posted spread: half points, or a key number (pick'em, 3, 7, 10, 14). */
export function snapSpread(value: number): number {
  return snap(value, (v) => Math.abs(v) % 1 === 0.5 || KEY_SPREADS.has(Math.abs(v)));
}

/** The posted total: half points, or a key number (37, 41, 44, 47, 51). */
export function snapTotal(value: number): number {
  return snap(value, (v) => v % 1 === 0.5 || KEY_TOTALS.has(v));
}

/** Extra juice, in cents, on the side a snapped line favours by `edge` points. */
function juice(edge: number): number {
  const cents = at([0, 2, 5, 8, 10], Math.min(4, Math.floor(Math.abs(edge) / 0.1)));
  return Math.sign(edge) * cents;
}

/** −110 shifted by `cents` of juice, written as American odds (−100 is +100). */
function juiced(cents: number): number {
  const price = STANDARD_PRICE - cents;
  return price === -100 ? 100 : price;
}

/** American odds for a probability (already including vig), rounded to 5 cents. */
export function probabilityToAmerican(probability: number): number {
  const q = clamp(probability, 0.005, 0.995);
  const raw = q >= 0.5 ? (-100 * q) / (1 - q) : (100 * (1 - q)) / q;
  const rounded = Math.round(raw / 5) * 5;
  return rounded === -100 ? 100 : rounded;
}

/** The probability American odds imply (vig included). */
export function impliedProbability(price: number): number {
  return price < 0 ? -price / (-price + 100) : 100 / (price + 100);
}

/** Home win probability for a posted home spread. */
export function homeWinProbability(spread: number): number {
  return normalCdf(-spread / MARGIN_SD);
}

export function moneylines(spread: number): { home: number; away: number } {
  const home = homeWinProbability(spread);
  return {
    home: probabilityToAmerican(home + MONEYLINE_VIG / 2),
    away: probabilityToAmerican(1 - home + MONEYLINE_VIG / 2),
  };
}

/** Spreads, totals and moneylines (in that order) for a latent line. */
export function marketsFor(game: ScheduledGame, latent: Line): OddsMarket[] {
  const spread = snapSpread(latent.spread);
  const total = snapTotal(latent.total);
  const spreadJuice = juice(spread - latent.spread); // > 0: the home side got extra points
  const totalJuice = juice(latent.total - total); // > 0: the total is posted low, the over is better
  const ml = moneylines(spread);
  return [
    {
      marketType: "spreads",
      outcomes: [
        { name: game.awayTeam, price: juiced(-spreadJuice), point: spread === 0 ? 0 : -spread },
        { name: game.homeTeam, price: juiced(spreadJuice), point: spread },
      ],
    },
    {
      marketType: "totals",
      outcomes: [
        { name: "Over", price: juiced(totalJuice), point: total },
        { name: "Under", price: juiced(-totalJuice), point: total },
      ],
    },
    {
      marketType: "h2h",
      outcomes: [
        { name: game.awayTeam, price: ml.away },
        { name: game.homeTeam, price: ml.home },
      ],
    },
  ];
}
