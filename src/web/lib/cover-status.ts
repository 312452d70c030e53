/**
 * Where a pick stands while its game is played, in words (issue 46 item 2): pure, unit-tested, and
 * the same on the game card's YOUR BET, My Bets and the league's sweat room. The margin is
 * shared/cover.ts's, the one settlement uses, so "covering" means what the grade will say.
 */
import { coverMargin } from "../../shared/cover.ts";
import { propTypeText } from "./odds-format.ts";

/** What was picked: the API's numeric strings or numbers alike. */
export interface CoverPick {
  betType: string;
  selection: string;
  point: string | number | null;
  /** A prop's type ("passing_yards"), for the words of what it still needs. */
  propType?: string | null;
}

/** The game's running score (null before there is one). */
export interface CoverGame {
  homeTeam: string;
  awayTeam: string;
  homeScore: number | null;
  awayScore: number | null;
}

/** Whether the pick would win (ahead), lose (behind) or push (level) were the game to end now. */
export type CoverStanding = "ahead" | "behind" | "level";

export interface CoverStatus {
  text: string;
  standing: CoverStanding;
}

/** A margin as people write it: 3.5 → "3.5", -2 → "2" (the words carry the sign). */
const amount = (n: number) => String(Number(Math.abs(n).toFixed(2)));
const standingOf = (margin: number): CoverStanding => (margin > 0 ? "ahead" : margin < 0 ? "behind" : "level");
/** The whole points (or yards, catches…) an Over still needs to go past its line. */
const stillNeeded = (behindBy: number) => Math.floor(behindBy) + 1;

/** An Over or Under against its line, from the figure so far (combined points, a player's stat). */
function overUnder(selection: string, figure: number, line: number, unit: (n: number) => string): CoverStatus {
  const over = figure - line;
  if (selection === "Under") {
    if (over === 0) return { text: "on the number", standing: "level" };
    return over < 0
      ? { text: `under by ${amount(over)}`, standing: "ahead" }
      : { text: `over by ${amount(over)}`, standing: "behind" };
  }
  if (over > 0) return { text: `over by ${amount(over)}`, standing: "ahead" };
  const needed = stillNeeded(-over);
  return { text: `needs ${needed} more ${unit(needed)}`, standing: over === 0 ? "level" : "behind" };
}

/**
 * Where the pick stands against the game's running score — spread "covering by 3.5" / "not covering
 * by 2", total "needs 9 more points" / "under by 6", moneyline "leading by 3" / "trailing by 4" —
 * or null when nothing says: no score yet, a team not in the game, or a prop without its stat
 * (`stat`: the player's figure so far, when the feed has it).
 */
export function coverStatus(pick: CoverPick, game: CoverGame, stat?: number | null): CoverStatus | null {
  if (game.homeScore === null || game.awayScore === null) return null;
  const point = pick.point === null ? null : Number(pick.point);
  if (pick.betType === "prop") {
    if (stat === null || stat === undefined || point === null) return null;
    const what = pick.propType ? propTypeText(pick.propType) : "";
    return overUnder(pick.selection, stat, point, () => what);
  }
  const scored = {
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    homeScore: game.homeScore,
    awayScore: game.awayScore,
  };
  if (pick.betType === "total") {
    if (point === null) return null;
    return overUnder(pick.selection, game.homeScore + game.awayScore, point, (n) => (n === 1 ? "point" : "points"));
  }
  const margin = coverMargin({ betType: pick.betType, selection: pick.selection, point }, scored);
  if (margin === null) return null;
  const standing = standingOf(margin);
  if (pick.betType === "moneyline") {
    const text = margin > 0 ? `leading by ${amount(margin)}` : margin < 0 ? `trailing by ${amount(margin)}` : "tied";
    return { text, standing };
  }
  const text =
    margin > 0 ? `covering by ${amount(margin)}` : margin < 0 ? `not covering by ${amount(margin)}` : "on the number";
  return { text, standing };
}

/** The words alone (see `coverStatus`). */
export function coverStatusText(pick: CoverPick, game: CoverGame, stat?: number | null): string | null {
  return coverStatus(pick, game, stat)?.text ?? null;
}

/** 3.5 → "3.5 points", 1 → "1 point". */
const points = (value: number) => `${amount(value)} ${Math.abs(value) === 1 ? "point" : "points"}`;

/**
 * How a pick ended against the final score, from shared/cover.ts's margin (the league's sweat room
 * once a game is over): "covered by 3.5", "missed by 2", "went over by 1.5", "fell short by 9
 * points", "won by 4"; null when the margin says nothing.
 */
export function finalCoverText(margin: number | null, betType: string, selection?: string): string | null {
  if (margin === null || !Number.isFinite(margin)) return null;
  const under = selection === "Under";
  switch (betType) {
    case "spread":
      if (margin === 0) return "pushed on the number";
      return margin > 0 ? `covered by ${amount(margin)}` : `missed by ${amount(margin)}`;
    case "moneyline":
      if (margin === 0) return "ended in a tie";
      return margin > 0 ? `won by ${amount(margin)}` : `lost by ${amount(margin)}`;
    case "total":
    case "prop":
      if (margin === 0) return "landed on the number";
      if (margin > 0) return under ? `stayed under by ${amount(margin)}` : `went over by ${amount(margin)}`;
      return under ? `went over by ${amount(margin)}` : `fell short by ${points(margin)}`;
    default:
      return null;
  }
}

/** How a margin reads at a glance: ahead (covering), behind, or level. */
export type CoverTone = "up" | "down" | "even";

export function coverTone(margin: number | null): CoverTone | null {
  if (margin === null || !Number.isFinite(margin)) return null;
  return margin > 0 ? "up" : margin < 0 ? "down" : "even";
}
