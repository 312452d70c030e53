/** Pure rules of the admin's action queue: which games wait on the admin, why, and in what order. */
import type { ActionReason } from "../../shared/contract/admin.ts";

/** A game this long past kick-off should be over (the week rule's live window, games/rules.ts). */
export const FINAL_EXPECTED_MS = 4 * 60 * 60 * 1000;

interface QueueGame {
  commenceTime: string;
  status: "upcoming" | "live" | "completed";
  liveStatus?: string | null;
}

function since(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

/** Why a game needs the admin now, or null: it has kicked off and has no final score yet. */
export function actionNeeded(game: QueueGame, now: Date): { reason: ActionReason; why: string } | null {
  if (game.status === "completed") return null;
  const past = now.getTime() - Date.parse(game.commenceTime);
  if (past < 0) return null;
  if (game.liveStatus && /final/i.test(game.liveStatus)) {
    return { reason: "final-missing", why: "The feed says it is over, but no final score is recorded." };
  }
  if (past >= FINAL_EXPECTED_MS) {
    return { reason: "final-missing", why: `Kicked off ${since(past)} ago and still has no final score.` };
  }
  return { reason: "in-progress", why: `Under way: kicked off ${since(past)} ago. Resolve it once it ends.` };
}

const URGENCY: Record<ActionReason, number> = { "final-missing": 0, "in-progress": 1 };

/** Finals waiting on a score first, then games under way; within each, the earliest kick-off first. */
export function compareActions(
  a: { reason: ActionReason; commenceTime: string; gameId: string },
  b: { reason: ActionReason; commenceTime: string; gameId: string },
): number {
  return (
    URGENCY[a.reason] - URGENCY[b.reason] ||
    Date.parse(a.commenceTime) - Date.parse(b.commenceTime) ||
    a.gameId.localeCompare(b.gameId)
  );
}
