/**
 * A league's history (issue 40, decision 0062): rule changes, reveal changes, who joined, left, was
 * removed or made admin, written in the transaction of the change itself, and read by its members.
 * The reveal changes also govern when each pick shows (`revealChanges`).
 */
import type { Db } from "../../runtime/index.ts";
import type { LeagueHistory, LeagueHistoryEntry } from "../../shared/contract/league-history.ts";
import type { RevealChange, RevealPicks } from "../../shared/league-reveal.ts";
import * as repo from "./repo.ts";
import type { LeagueHistoryKind } from "./table.ts";

/** How many entries one page of the history holds. */
export const HISTORY_PAGE = 50;

/** One event, as the change that makes it records it. */
export type HistoryEvent =
  | { kind: "created" }
  | { kind: "reveal_changed"; from: RevealPicks; to: RevealPicks }
  | { kind: "rules_changed"; fields: string[] }
  | { kind: "joined" | "left" | "removed" | "admin_appointed"; memberId: number }
  /** Names the game, never the pick: the history is read by every member, before the pick locks too. */
  | { kind: "pool_pick_corrected"; memberId: number; week: number; matchup: string };

/** Records an event inside the caller's transaction, so it exists exactly when the change does. */
export async function recordHistory(
  trx: Db,
  now: Date,
  leagueId: number,
  actorId: number | null,
  event: HistoryEvent,
): Promise<void> {
  const { kind, ...rest } = event;
  const { memberId, ...details } = "memberId" in rest ? rest : { memberId: null, ...rest };
  await repo.insertHistory(trx, {
    league_id: leagueId,
    at: now.toISOString(),
    actor_id: actorId,
    kind: kind as LeagueHistoryKind,
    subject_id: memberId,
    details: JSON.stringify(details),
  });
}

/** A league's reveal-rule changes, oldest first. */
export async function revealChanges(db: Db, leagueId: number): Promise<RevealChange[]> {
  const rows = await repo.revealChangesOf(db, leagueId);
  return rows.map((r) => ({ at: r.at, ...(JSON.parse(r.details) as { from: RevealPicks; to: RevealPicks }) }));
}

type HistoryRow = Awaited<ReturnType<typeof repo.historyOf>>[number];

const who = (id: number | null, username: string | null) =>
  id === null || username === null ? null : { userId: id, username };

function entryOf(row: HistoryRow): LeagueHistoryEntry {
  const common = { id: row.id, at: row.at, actor: who(row.actor_id, row.actor_username) };
  const details = JSON.parse(row.details) as Record<string, unknown>;
  switch (row.kind) {
    case "created":
      return { ...common, kind: "created" };
    case "reveal_changed":
      return { ...common, kind: "reveal_changed", from: details.from as RevealPicks, to: details.to as RevealPicks };
    case "rules_changed":
      return { ...common, kind: "rules_changed", fields: details.fields as string[] };
    case "pool_pick_corrected":
      return {
        ...common,
        kind: "pool_pick_corrected",
        member: who(row.subject_id, row.subject_username),
        week: details.week as number,
        matchup: details.matchup as string,
      };
    default:
      return { ...common, kind: row.kind, member: who(row.subject_id, row.subject_username) };
  }
}

/** A page of a league's history, newest first (the caller checked the viewer may read it). */
export async function historyPage(db: Db, leagueId: number, cursor: number | undefined): Promise<LeagueHistory> {
  const rows = await repo.historyOf(db, leagueId, {
    limit: HISTORY_PAGE + 1,
    ...(cursor === undefined ? {} : { beforeId: cursor }),
  });
  const page = rows.slice(0, HISTORY_PAGE);
  return { entries: page.map(entryOf), nextCursor: rows.length > HISTORY_PAGE ? page.at(-1)!.id : null };
}
