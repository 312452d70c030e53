import type { SettlementMessage } from "../../shared/contract/live.ts";
import { signedDollars } from "../lib/format.ts";
import type { ToastInput } from "../lib/toast.ts";

/** A settled bet as the live channel sends it: won, lost or pushed. */
export type Settlement = SettlementMessage & { status: "won" | "lost" | "push" };

const TITLES: Record<Settlement["status"], string> = { won: "Bet won!", lost: "Bet lost", push: "Bet pushed" };

/** The settlements meant for this user; anything malformed is left out. */
export function ownSettlements(raw: unknown, userId: number): Settlement[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (item): item is Settlement =>
      typeof item === "object" && item !== null && item.userId === userId && item.status in TITLES,
  );
}

function describe({ status, result, betDetails }: Settlement): string {
  const game = betDetails?.gameInfo;
  const parts: string[] = [];
  if (betDetails?.selection) parts.push(betDetails.selection);
  if (game?.awayTeam && game.homeTeam) {
    const score = game.awayScore != null && game.homeScore != null ? ` (${game.awayScore}–${game.homeScore})` : "";
    parts.push(`${game.awayTeam} @ ${game.homeTeam}${score}`);
  }
  if (status === "push") parts.push("stake refunded");
  else if (result !== null) parts.push(signedDollars(result));
  return parts.join(" · ");
}

/** One toast for a batch: the details of a single bet, or a tally of several. */
export function settlementToast(settlements: Settlement[]): ToastInput {
  if (settlements.length === 1) {
    const only = settlements[0]!;
    return { title: TITLES[only.status], description: describe(only) };
  }
  const count = (status: Settlement["status"]) => settlements.filter((s) => s.status === status).length;
  return {
    title: `${settlements.length} bets settled`,
    description: `${count("won")} won, ${count("lost")} lost, ${count("push")} pushed`,
  };
}
