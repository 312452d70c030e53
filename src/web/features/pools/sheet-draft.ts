/**
 * The pick sheet as the player edits it before one Save (issue 45), pure: a side per game, a
 * confidence pick's points kept distinct by swapping (no duplicates possible), a survivor's one team.
 */
import type { PoolSheet } from "../../../shared/contract/pools.ts";

export interface DraftPick {
  selection: string;
  points: number | null;
}

/** The draft: a pick per game id. */
export type Draft = Readonly<Record<string, DraftPick>>;

type Sheet = Pick<PoolSheet, "format" | "games" | "picks">;

/** The sheet's saved picks as the starting draft. */
export function draftOf(sheet: Sheet): Draft {
  return Object.fromEntries(sheet.picks.map((p) => [p.gameId, { selection: p.selection, points: p.points }]));
}

const lockedIds = (sheet: Sheet) => new Set(sheet.games.filter((g) => g.locked).map((g) => g.gameId));

/** The points locked picks hold: no open pick may take them. */
export function lockedPoints(sheet: Sheet, draft: Draft): Set<number> {
  const locked = lockedIds(sheet);
  return new Set(
    Object.entries(draft)
      .filter(([id, p]) => locked.has(id) && p.points !== null)
      .map(([, p]) => p.points!),
  );
}

/** The points an open pick may be given: 1..N (the week's games) but the locked picks' points. */
export function pointChoices(sheet: Sheet, draft: Draft): number[] {
  const taken = lockedPoints(sheet, draft);
  return Array.from({ length: sheet.games.length }, (_, i) => i + 1).filter((n) => !taken.has(n));
}

/**
 * Picks a side of an open game. Survivor: the week's one team, so any other open pick goes.
 * Confidence: a new pick takes the highest points still free.
 */
export function chooseSide(sheet: Sheet, draft: Draft, gameId: string, team: string): Draft {
  const locked = lockedIds(sheet);
  if (locked.has(gameId)) return draft;
  if (sheet.format === "survivor") {
    const kept = Object.fromEntries(Object.entries(draft).filter(([id]) => locked.has(id)));
    return { ...kept, [gameId]: { selection: team, points: null } };
  }
  const before = draft[gameId];
  if (sheet.format !== "confidence") return { ...draft, [gameId]: { selection: team, points: null } };
  const used = new Set(Object.values(draft).map((p) => p.points));
  const free = pointChoices(sheet, draft).filter((n) => !used.has(n));
  return { ...draft, [gameId]: { selection: team, points: before?.points ?? free.at(-1) ?? null } };
}

/** Gives an open confidence pick `points`; the open pick that held them takes this one's (a swap). */
export function setPoints(sheet: Sheet, draft: Draft, gameId: string, points: number): Draft {
  const pick = draft[gameId];
  if (!pick || lockedIds(sheet).has(gameId) || lockedPoints(sheet, draft).has(points)) return draft;
  const holder = Object.entries(draft).find(([id, p]) => id !== gameId && p.points === points)?.[0];
  const next: Record<string, DraftPick> = { ...draft, [gameId]: { ...pick, points } };
  if (holder) next[holder] = { ...draft[holder]!, points: pick.points };
  return next;
}

/** Removes an open game's pick (a survivor changing their mind, or a game left out). */
export function clearPick(sheet: Sheet, draft: Draft, gameId: string): Draft {
  if (lockedIds(sheet).has(gameId) || !(gameId in draft)) return draft;
  const { [gameId]: _gone, ...rest } = draft;
  return rest;
}

/** What PUT /api/leagues/{id}/pool/{week} is sent: every pick (locked ones as they are), the tiebreaker when the pool has one. */
export function sheetPayload(sheet: Sheet & Pick<PoolSheet, "tiebreakerGameId">, draft: Draft, tiebreaker: string) {
  const order = new Map(sheet.games.map((g, i) => [g.gameId, i]));
  const picks = Object.entries(draft)
    .sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
    .map(([gameId, p]) => ({ gameId, selection: p.selection, ...(p.points === null ? {} : { points: p.points }) }));
  const guess = tiebreaker.trim();
  return {
    picks,
    ...(sheet.tiebreakerGameId === null ? {} : { tiebreaker: guess === "" ? null : Number(guess) }),
  };
}

/** Picks still to make on open games (a survivor's one team). */
export function stillNeeded(sheet: Sheet, draft: Draft): number {
  const open = sheet.games.filter((g) => !g.locked);
  if (sheet.format === "survivor") return open.length > 0 && Object.keys(draft).length === 0 ? 1 : 0;
  return open.filter((g) => !(g.gameId in draft)).length;
}

/** Whether the draft differs from the saved sheet. */
export function isDirty(sheet: Sheet & Pick<PoolSheet, "tiebreaker">, draft: Draft, tiebreaker: string): boolean {
  const saved = draftOf(sheet);
  const keys = new Set([...Object.keys(saved), ...Object.keys(draft)]);
  const changed = [...keys].some(
    (id) => saved[id]?.selection !== draft[id]?.selection || saved[id]?.points !== draft[id]?.points,
  );
  return changed || tiebreaker.trim() !== (sheet.tiebreaker === null ? "" : String(sheet.tiebreaker));
}
