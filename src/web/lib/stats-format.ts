/** How the stats screens (Analytics, Leaderboard) write their figures; pure text, unit-tested. */

const money = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rounds to one decimal and drops the sign of a zero, so -0.04 reads "0.0", never "-0.0". */
function oneDecimal(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return rounded === 0 ? 0 : rounded;
}

/** A rate with one decimal: 66.666 → "66.7%". */
export function percentText(value: number): string {
  return `${oneDecimal(value).toFixed(1)}%`;
}

/** A return with one decimal and its sign: 90.91 → "+90.9%", -9.09 → "-9.1%", 0 → "0.0%". */
export function signedPercentText(value: number): string {
  const rounded = oneDecimal(value);
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}%`;
}

/** Spec §2 Analytics' Total Profit: a plus sign unless negative, dollars, 2 decimals: 8182 → "+$81.82", -909 → "-$9.09", 0 → "+$0.00". */
export function profitText(cents: number): string {
  const text = `$${money.format(Math.abs(cents) / 100)}`;
  return cents < 0 ? `-${text}` : `+${text}`;
}

/** Dollars with 2 decimals: 16000 → "$160.00". */
export function dollarsText(cents: number): string {
  return `${cents < 0 ? "-" : ""}$${money.format(Math.abs(cents) / 100)}`;
}

/** Units won as the API sends them, signed and marked: "3.64" → "+3.64U", "-0.09" → "-0.09U", "0.00" → "0.00U". */
export function unitsText(units: string): string {
  const value = Number(units);
  if (!Number.isFinite(value)) return `${units}U`;
  const text = Math.abs(value).toFixed(2);
  if (value > 0) return `+${text}U`;
  if (value < 0) return `-${text}U`;
  return `${text}U`;
}

/** A streak as the stats screens write it: the count then W or L ("4W", "1L"). */
export function streakText(streak: { type: "win" | "loss"; count: number }): string {
  return `${streak.count}${streak.type === "win" ? "W" : "L"}`;
}

/** A streak in words, for screen readers and tooltips: "4 wins in a row", "1 loss". */
export function streakWords(streak: { type: "win" | "loss"; count: number }): string {
  if (streak.count === 0) return "No streak";
  const noun = streak.type === "win" ? (streak.count === 1 ? "win" : "wins") : streak.count === 1 ? "loss" : "losses";
  return streak.count === 1 ? `1 ${noun}` : `${streak.count} ${noun} in a row`;
}

/** The colour class of a signed figure (components.css): up for a gain, down for a loss, `even` for zero. */
export function toneClass(value: number, even = "tone-even"): string {
  return value < 0 ? "tone-down" : value > 0 ? "tone-up" : even;
}
