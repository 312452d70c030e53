/** GET /api/history/league/{id}: what happened in a league, for its members (issue 40, decision 0062). */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";
import { RevealPicksSetting } from "./league-feed.ts";

const Who = t.Union([t.Object({ userId: t.Number(), username: t.String() }), t.Null()]);

const common = {
  id: t.Number(),
  at: DateTime(),
  /** Who acted; null for the app itself or an account since deleted. */
  actor: Who,
};

/** One event of a league's history. A reveal change governs picks placed from then on (decision 0062). */
export const LeagueHistoryEntry = t.Union([
  t.Object({ ...common, kind: t.Literal("created") }),
  t.Object({ ...common, kind: t.Literal("reveal_changed"), from: RevealPicksSetting, to: RevealPicksSetting }),
  t.Object({ ...common, kind: t.Literal("rules_changed"), fields: t.Array(t.String()) }),
  t.Object({
    ...common,
    kind: t.Union([t.Literal("joined"), t.Literal("left"), t.Literal("removed"), t.Literal("admin_appointed")]),
    /** The member it concerns. */
    member: Who,
  }),
  /** A commissioner corrected a member's pool pick: which game, never which side (decision 0072). */
  t.Object({
    ...common,
    kind: t.Literal("pool_pick_corrected"),
    member: Who,
    week: t.Number(),
    matchup: t.String(),
  }),
]);
export type LeagueHistoryEntry = typeof LeagueHistoryEntry.static;

export const LeagueHistory = t.Object({
  entries: t.Array(LeagueHistoryEntry),
  /** The cursor of the next page (older entries); null on the last one. */
  nextCursor: t.Union([t.Number(), t.Null()]),
});
export type LeagueHistory = typeof LeagueHistory.static;
