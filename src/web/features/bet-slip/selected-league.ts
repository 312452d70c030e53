import { signal } from "@preact/signals-react";
import { readJson, removeItem, storageKeys, writeJson } from "../../lib/storage.ts";

function stored(): number | null {
  const value = readJson<unknown>(storageKeys.selectedLeagueId);
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/** The league whose book the slip's bets go to; null = the individual book. Kept in localStorage (spec §3, §4). */
export const selectedLeagueId = signal<number | null>(stored());

/** Stores the choice as it changes; clearing it removes the stored entry (spec §4). */
export function selectLeague(id: number | null): void {
  selectedLeagueId.value = id;
  if (id === null) removeItem(storageKeys.selectedLeagueId);
  else writeJson(storageKeys.selectedLeagueId, id);
}
