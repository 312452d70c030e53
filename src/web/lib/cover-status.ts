/**
 * Where a pick stands against the score, in words (issue 44 item 4, issue 46 item 2): "covering by
 * 3.5", "not covering by 2", "needs 9 more points", "under by 6", "leading by 3", "trailing by 4".
 * Pure: the margin comes from shared/cover.ts `coverMargin` (positive covers, negative misses, 0 lands
 * on the number); the sweat room, the game card's YOUR BET and My Bets share these words.
 */

/** What the words need besides the margin: the side of a total or prop (Over, Under), and whether the game is over. */
export interface CoverContext {
  selection?: string;
  /** The final score: the words say how it ended ("covered by 3.5", "missed by 2"). */
  final?: boolean;
}

/** 3.5 → "3.5", 9 → "9", 2.25 → "2.25": as people write a margin. */
function amount(value: number): string {
  return String(Math.round(Math.abs(value) * 100) / 100);
}

const points = (value: number) => `${amount(value)} ${Math.abs(value) === 1 ? "point" : "points"}`;

/** An Over or an Under (a total, or a prop's stat against its line). */
function overUnderText(margin: number, selection: string | undefined, final: boolean): string {
  const under = selection === "Under";
  if (margin === 0) return final ? "landed on the number" : "right on the number";
  if (final) {
    if (margin > 0) return under ? `stayed under by ${amount(margin)}` : `went over by ${amount(margin)}`;
    return under ? `went over by ${amount(margin)}` : `fell short by ${points(margin)}`;
  }
  if (margin > 0) return under ? `under by ${amount(margin)}` : `over by ${amount(margin)}`;
  // An Over short of its line can still get there; an Under past its line cannot come back.
  return under
    ? `over by ${amount(margin)}`
    : `needs ${amount(margin)} more ${Math.abs(margin) === 1 ? "point" : "points"}`;
}

/**
 * The cover status of a pick whose game has a score, or null when the margin says nothing (no score
 * yet, a pick no score decides). `betType`: spread, total, moneyline or prop.
 */
export function coverStatusText(margin: number | null, betType: string, context: CoverContext = {}): string | null {
  if (margin === null || !Number.isFinite(margin)) return null;
  const final = context.final ?? false;
  switch (betType) {
    case "spread":
      if (margin === 0) return final ? "pushed on the number" : "right on the number";
      if (final) return margin > 0 ? `covered by ${amount(margin)}` : `missed by ${amount(margin)}`;
      return margin > 0 ? `covering by ${amount(margin)}` : `not covering by ${amount(margin)}`;
    case "moneyline":
      if (margin === 0) return final ? "ended in a tie" : "tied";
      if (final) return margin > 0 ? `won by ${amount(margin)}` : `lost by ${amount(margin)}`;
      return margin > 0 ? `leading by ${amount(margin)}` : `trailing by ${amount(margin)}`;
    case "total":
    case "prop":
      return overUnderText(margin, context.selection, final);
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
