import { computed, signal } from "@preact/signals-react";

/** One pick in the bet slip (spec §3). The games and bet-slip features fill and read it. */
export interface SlipSelection {
  gameId: string;
  gameInfo: { homeTeam: string; awayTeam: string; commenceTime: string };
  betType: "spread" | "total" | "moneyline" | "prop";
  selection: string;
  odds: number;
  point: number | null;
  /** The player prop picked, for prop bets. */
  propId?: string;
}

/** Shared between the shell (count badge, Slip button) and the features that build the slip. */
export const slipSelections = signal<SlipSelection[]>([]);
export const slipOpen = signal(false);
export const slipCount = computed(() => slipSelections.value.length);

export function openSlip(): void {
  slipOpen.value = true;
}

export function closeSlip(): void {
  slipOpen.value = false;
}
