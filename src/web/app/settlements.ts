/**
 * The live channel's settlement messages for this page's player, told in a toast in the words of
 * shared/settlement-text.ts (the bell keeps the same words).
 */
import type { Settlement } from "../../shared/settlement-text.ts";

export { lineText, settlementToast, signedMoney } from "../../shared/settlement-text.ts";

const OUTCOMES = new Set<string>(["won", "lost", "push"]);

/** The settlements meant for this user that say something; anything malformed is left out. */
export function ownSettlements(raw: unknown, userId: number): Settlement[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (item): item is Settlement =>
      typeof item === "object" &&
      item !== null &&
      item.userId === userId &&
      (OUTCOMES.has(item.status) || (item.status === "pending" && (item.leg || item.corrected))),
  );
}
