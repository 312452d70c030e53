/**
 * A pick in words, as people read it in the app and in a league's group chat (its webhooks): pure,
 * for both the browser (web/lib/odds-format.ts) and the server.
 */
import type { LegBetType as BetType } from "./bets.ts";

/** American odds with their sign: 150 → "+150", -110 → "-110". */
export function formatOdds(odds: number | string): string {
  const value = Number(odds);
  return value > 0 ? `+${value}` : String(value);
}

/** A spread as books print it: 3.5 → "+3.5", -3.5 → "-3.5", 0 → "PK" (pick'em). */
export function formatSpread(point: number | string): string {
  const value = Number(point);
  if (value === 0) return "PK";
  return value > 0 ? `+${value}` : String(value);
}

/** A number as the API sends it ("45.50", "-3.00") → as people write it ("45.5", "-3"). */
function plain(point: number | string): string {
  return String(Number(point));
}

/** Spec §3: a prop's type shows its underscores as spaces ("passing_yards" → "passing yards"). */
export function propTypeText(propType: string): string {
  return propType.replaceAll("_", " ");
}

export interface PickParts {
  betType: BetType | string;
  selection: string;
  point: number | string | null;
  /** The team (spread, moneyline) or the player (prop); totals need none. */
  subject?: string | null;
  propType?: string | null;
}

/**
 * A pick in words: "Philadelphia Eagles -3.5", "Over 45.5", "Philadelphia Eagles ML",
 * "Jalen Hurts Over 245.5 passing yards".
 */
export function pickText({ betType, selection, point, subject, propType }: PickParts): string {
  const line = point === null || point === undefined ? "" : plain(point);
  switch (betType) {
    case "spread":
      return `${subject ?? selection} ${line === "" ? "" : formatSpread(line)}`.trim();
    case "moneyline":
      return `${subject ?? selection} ML`;
    case "prop":
      return [subject, selection, line, propType ? propTypeText(propType) : ""].filter(Boolean).join(" ");
    default:
      return `${selection} ${line}`.trim();
  }
}
