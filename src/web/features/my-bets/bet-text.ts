/** How a bet reads on its card: pure text, no React, so the wording is unit-tested. */
import type { Bet } from "../../../shared/contract/betting.ts";
import { stringToCents } from "../../../shared/money.ts";
import { dollars as dollarsOfCents, formatOdds, formatSpread } from "../../lib/odds-format.ts";
import { signedPercentText } from "../../lib/stats-format.ts";

// The words a bet shares with the bet slip's Replace dialog live in lib (features import no other feature).
export { dollars, pickText, stakeText } from "../../lib/bet-words.ts";

const TYPE_NAMES: Record<string, string> = {
  spread: "Spread",
  total: "Total",
  moneyline: "Moneyline",
  prop: "Player prop",
  parlay: "Parlay",
};

export const betTypeText = (betType: string) => TYPE_NAMES[betType] ?? betType;

/** American odds as bettors write them: "-110", "+150". */
export const oddsText = (odds: string) => formatOdds(odds);

/**
 * The closing line of the bet's side, its point written as the pick writes it, then the price:
 * "-4.5 (-110)", "45.5 (-110)", "+130" (moneylines have no point).
 */
export function closingText(betType: string, closing: NonNullable<Bet["closingLine"]>): string {
  const odds = oddsText(closing.odds);
  if (closing.point === null) return odds;
  const point = betType === "spread" ? formatSpread(closing.point) : String(Number(closing.point));
  return `${point} (${odds})`;
}

/** Closing-line value, signed, one decimal: 2.4 → "+2.4%", -1.3 → "-1.3%", 0 → "0.0%". */
export const clvText = (clv: number) => signedPercentText(clv);

/** The colour of a figure on the card — a result, a CLV: above zero is up. */
export function tone(figure: number): "bet-result-up" | "bet-result-down" | "bet-result-even" {
  return figure > 0 ? "bet-result-up" : figure < 0 ? "bet-result-down" : "bet-result-even";
}

/** A settled bet's profit, signed, a true minus for a loss: "+$1,088.12", "−$100.00", "$0.00". */
export function signedDollars(amount: string): string {
  const cents = stringToCents(amount);
  const text = dollarsOfCents(Math.abs(cents));
  return cents > 0 ? `+${text}` : cents < 0 ? `−${text}` : text;
}

/** Units, signed, two decimals: "+0.91u", "−2.09u", "0.00u". */
export function signedUnits(units: string): string {
  const n = Number(units);
  const text = `${Math.abs(n).toFixed(2)}u`;
  return n > 0 ? `+${text}` : n < 0 ? `−${text}` : text;
}

/** The game as "Dallas Cowboys @ Philadelphia Eagles". */
export const matchupText = (game: Bet["game"]) => `${game.awayTeam} @ ${game.homeTeam}`;

/** The games of a bet's collapsed row, short: "DAL @ PHI"; a parlay's each in leg order, "DAL @ PHI, KC @ BUF". */
export function rowMatchupText(bet: Pick<Bet, "game" | "legs">): string {
  const games = bet.legs ? bet.legs.map((leg) => leg.game) : [bet.game];
  return games.map((game) => `${game.awayAbbr} @ ${game.homeAbbr}`).join(", ");
}

/** The score, away first like the matchup ("DAL 17 – 24 PHI"), or null before there is one. */
export function scoreText(game: Bet["game"]): string | null {
  if (game.awayScore === null || game.homeScore === null) return null;
  return `${game.awayAbbr} ${game.awayScore} – ${game.homeScore} ${game.homeAbbr}`;
}

/** A game under way as "DAL 10 – 14 PHI · Q3 - 4:12"; null unless the feed reports it under way. */
export function liveScoreText(game: Bet["game"]): string | null {
  const score = scoreText(game);
  return game.liveStatus && score ? `${score} · ${game.liveStatus}` : null;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * When the bet was placed, as spec §2 words it: days, hours or 'Just now'. Minutes are not shown:
 * anything under an hour (or a time ahead of a skewed browser clock) is 'Just now'. Whole units,
 * rounded down: 47 hours is "1 day ago".
 */
export function placedAgo(placedAt: string, now: number): string {
  const elapsed = now - new Date(placedAt).getTime();
  if (!Number.isFinite(elapsed) || elapsed < HOUR_MS) return "Just now";
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}

/** The full local date and time, for the tooltip behind the relative time. */
export function fullDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** A kick-off as "Thu, Sep 10, 8:20 PM" in the browser's time zone. */
export function kickoffText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
