import { computed, signal } from "@preact/signals-react";
import { UNIT_CHOICES } from "../../shared/money.ts";
import type { LegBetType } from "../../shared/bets.ts";
import { formatOdds, pickText } from "./odds-format.ts";
import { readJson, removeItem, storageKeys, writeJson } from "./storage.ts";

/**
 * The bet slip's whole state, in one store: the picks and whether the drawer is open (the shell's
 * count badge and Slip button read them, the Games screen adds picks), and the stake, note, mode and
 * book the slip places them with (features/bet-slip). Signals, so each reader re-renders on its own.
 */

/** One pick in the bet slip (spec §3). The games and bet-slip features fill and read it. */
export interface SlipSelection {
  gameId: string;
  gameInfo: { homeTeam: string; awayTeam: string; commenceTime: string };
  betType: LegBetType;
  /** What the server is sent: the team's full name, or "Over"/"Under". */
  selection: string;
  odds: number;
  point: number | null;
  /** The player prop picked, for prop bets. */
  propId?: number;
  /** Who the pick is on, for display: the team, or the prop's player. */
  subject: string;
  /** The prop's stat (snake_case, as the server names it), for prop bets. */
  propType?: string;
  /** Why the last placement did not go through, shown on the pick until it is placed. */
  notice?: string;
  /** The pick's own journal note, placed with it as a single bet (a parlay has one note: slipNote). */
  note?: string;
  /** The revealed league pick this one tails (decision 0056): placed as a single bet, it names it. */
  tailOf?: { betId: number; username: string };
}

type SelectionIdentity = Pick<SlipSelection, "gameId" | "betType" | "selection" | "propId">;

/** Two picks are the same pick when game, market, side and prop match (the price may move). */
export function selectionKey(pick: SelectionIdentity): string {
  return [pick.gameId, pick.betType, pick.propId ?? "", pick.selection].join("|");
}

/** Shared between the shell (count badge, Slip button) and the features that build the slip. */
export const slipSelections = signal<SlipSelection[]>([]);
export const slipOpen = signal(false);
export const slipCount = computed(() => slipSelections.value.length);
export const slipKeys = computed(() => new Set(slipSelections.value.map(selectionKey)));
/** Counts requests to move focus into the slip: opening it from a button, or picking odds by keyboard. */
export const slipFocusRequests = signal(0);
/** The pick (its key) that the next focus request lands on; null: the slip's Close button. */
export const slipFocusPick = signal<string | null>(null);
/** What the slip last did, in words, for screen readers (a polite live region in the shell). */
export const slipAnnouncement = signal("");
/**
 * The price button a pick was last added from: focus goes back to it when the slip closes with focus
 * inside (placed, cleared, Escape), so a keyboard player carries on from where they picked.
 */
let pickedFrom: HTMLElement | null = null;

/** Where focus goes when the slip closes from within: the last price picked, else the screen's main area. */
export function focusAfterSlip(): HTMLElement | null {
  if (pickedFrom?.isConnected && !(pickedFrom as HTMLButtonElement).disabled) return pickedFrom;
  return document.querySelector<HTMLElement>("main");
}

const picksText = (n: number) => `${n} ${n === 1 ? "pick" : "picks"} in the slip`;

/** Opens the slip and takes focus into it (the phone bar's Slip button). */
export function openSlip(): void {
  slipOpen.value = true;
  slipFocusPick.value = null;
  slipFocusRequests.value++;
}

export function closeSlip(): void {
  slipOpen.value = false;
}

/**
 * Set when a visitor leaves for /auth from the slip (sign up or sign in to place): the slip closes
 * meanwhile and opens again, picks and all, once they are signed in and back (the shell watches).
 */
export const slipAwaitsAccount = signal(false);

/** The visitor goes to sign up or sign in: the slip steps aside until they come back signed in. */
export function holdSlipForAccount(): void {
  slipAwaitsAccount.value = true;
  closeSlip();
}

/** Back and signed in: the slip opens again with its picks. */
export function resumeSlip(): void {
  slipAwaitsAccount.value = false;
  if (slipSelections.value.length > 0) openSlip();
}

/**
 * Spec §4: a pick already in the slip leaves it; otherwise it joins and the slip opens. Picked with
 * the mouse, focus stays on the odds so more picks can follow (the slip beside them shows each);
 * picked by keyboard, focus moves to the new pick in the slip (Escape brings it back to the price),
 * since the slip comes after the whole screen in the Tab order.
 */
export function toggleSelection(pick: SlipSelection, from?: { button: HTMLElement; byKeyboard: boolean }): void {
  const key = selectionKey(pick);
  if (from) pickedFrom = from.button;
  if (slipKeys.value.has(key)) {
    removeSelection(key);
    slipAnnouncement.value = `Removed ${pickText(pick)} from the bet slip. ${picksText(slipSelections.value.length)}.`;
    return;
  }
  slipSelections.value = [...slipSelections.value, pick];
  slipOpen.value = true;
  slipAnnouncement.value = `Added ${pickText(pick)} ${formatOdds(pick.odds)} to the bet slip. ${picksText(slipSelections.value.length)}.`;
  if (from?.byKeyboard) {
    slipFocusPick.value = key;
    slipFocusRequests.value++;
  }
}

/**
 * Tail: puts a revealed league pick in the slip at its current price (in place of the same pick, if
 * there), opens the slip and takes focus to it.
 */
export function tailSelection(pick: SlipSelection): void {
  const key = selectionKey(pick);
  slipSelections.value = [...slipSelections.value.filter((p) => selectionKey(p) !== key), pick];
  slipOpen.value = true;
  slipAnnouncement.value = `Added ${pickText(pick)} ${formatOdds(pick.odds)} to the bet slip, tailing ${pick.tailOf?.username ?? ""}. ${picksText(slipSelections.value.length)}.`;
  slipFocusPick.value = key;
  slipFocusRequests.value++;
}

/** Removing the last pick closes the slip (spec §4). */
export function removeSelection(key: string): void {
  slipSelections.value = slipSelections.value.filter((pick) => selectionKey(pick) !== key);
  if (slipSelections.value.length === 0) closeSlip();
}

export function clearSlip(): void {
  slipSelections.value = [];
  closeSlip();
}

/** Changes one pick in place (a new price, a notice); a pick no longer in the slip is left alone. */
export function updateSelection(
  key: string,
  change: Partial<Pick<SlipSelection, "odds" | "point" | "notice" | "note">>,
): void {
  slipSelections.value = slipSelections.value.map((pick) =>
    selectionKey(pick) === key ? { ...pick, ...change } : pick,
  );
}

/** The stake for the picks in the slip, and the parlay's journal note; kept while the drawer is closed. */
export const slipUnits = signal<number>(UNIT_CHOICES[0]);
export const slipNote = signal("");

export type SlipMode = "singles" | "parlay";
/** Whether the picks go in as one bet each or as one parlay; parlay applies only while the picks can make one. */
export const slipMode = signal<SlipMode>("singles");

function storedLeague(): number | null {
  const value = readJson<unknown>(storageKeys.selectedLeagueId);
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/** The league whose book the slip's bets go to; null = the individual book. Kept in localStorage (spec §3, §4). */
export const selectedLeagueId = signal<number | null>(storedLeague());

/** Stores the choice as it changes; clearing it removes the stored entry (spec §4). */
export function selectLeague(id: number | null): void {
  selectedLeagueId.value = id;
  if (id === null) removeItem(storageKeys.selectedLeagueId);
  else writeJson(storageKeys.selectedLeagueId, id);
}
