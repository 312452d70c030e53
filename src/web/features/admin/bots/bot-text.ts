import type { BotStats } from "../../../../shared/contract/bots.ts";
import { BOT_TARGET_DEFAULT, BOT_TARGET_MAX, BOT_TARGET_MIN } from "../../../../shared/limits.ts";

/** The field's target: blank falls back to the default; a whole number in range; otherwise null (invalid). */
export function parseTarget(raw: string): number | null {
  if (raw.trim() === "") return BOT_TARGET_DEFAULT;
  const value = Number(raw);
  return Number.isInteger(value) && value >= BOT_TARGET_MIN && value <= BOT_TARGET_MAX ? value : null;
}

const count = new Intl.NumberFormat("en-US");
const average = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export const PENDING_FIGURE = "...";

/** A stat card's figure: '...' until the stats arrive. */
export function countFigure(value: number | undefined): string {
  return value === undefined ? PENDING_FIGURE : count.format(value);
}

/** Bets per bot to 1 decimal; '...' while loading or with no bots (spec §2). */
export function averageFigure(stats: BotStats | undefined): string {
  if (!stats || stats.totalBotUsers === 0) return PENDING_FIGURE;
  return average.format(stats.totalBotBets / stats.totalBotUsers);
}

/** "Currently 12 bots. 28 will be created." — never a negative number to create. */
export function ensurePlanText(current: number, target: number): string {
  const toCreate = Math.max(0, target - current);
  return `Currently ${count.format(current)} ${current === 1 ? "bot" : "bots"}. ${count.format(toCreate)} will be created.`;
}
