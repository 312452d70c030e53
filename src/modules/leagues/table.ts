import type { ColumnType, Generated, Selectable } from "kysely";
import type { RevealPicks } from "../../shared/league-reveal.ts";
import type { LeagueFormat } from "../../shared/pools.ts";

export interface LeaguesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  is_public: number;
  /** JSON array of bet types. */
  allowed_bet_types: string;
  min_wager_cents: number | null;
  max_wager_cents: number | null;
  /** A contest league's starting bankroll; null = no bankroll limit. */
  starting_bankroll_cents: number | null;
  /** ISO dates (YYYY-MM-DD) bounding the games the league's bets may be on. */
  start_date: string | null;
  end_date: string | null;
  created_by: number;
  /** Unguessable; rotating it retires old invite links. */
  invite_token: string;
  created_at: string;
  /** When members' picks show to the others (shared/league-reveal.ts). */
  reveal_picks: Generated<RevealPicks>;
  /** Scoring settings as JSON (shared/league-scoring.ts), checked on write and read; null = the default. */
  scoring: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bets, or a pool's format (shared/pools.ts, decision 0072); fixed once the pool has a pick. */
  format: Generated<LeagueFormat>;
  /** A pool's options as JSON (shared/pools.ts), checked on write and read; null for a bets league. */
  pool: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LeagueMembersTable {
  id: Generated<number>;
  league_id: number;
  user_id: number;
  role: "admin" | "member";
  joined_at: string;
}

export interface LeagueInvitationsTable {
  id: Generated<number>;
  league_id: number;
  invited_user_id: number;
  invited_by: number;
  status: "pending" | "accepted" | "declined";
  created_at: string;
  responded_at: string | null;
}

export type LeagueRow = Selectable<LeaguesTable>;

/** What a league's history records (shared/contract/league-history.ts). */
export type LeagueHistoryKind =
  | "created"
  | "reveal_changed"
  | "rules_changed"
  | "joined"
  | "left"
  | "removed"
  | "admin_appointed"
  | "pool_pick_corrected";

/** A league's history, read by its members; `reveal_changed` rows also govern when picks show (decision 0062). */
export interface LeagueHistoryTable {
  id: Generated<number>;
  league_id: number;
  at: string;
  /** Who acted; null for the app itself or a deleted account. */
  actor_id: number | null;
  kind: LeagueHistoryKind;
  /** The member it concerns (joined, left, removed, made admin, whose pool pick was corrected). */
  subject_id: number | null;
  /** JSON: `{from, to}` for reveal_changed, `{fields}` for rules_changed, `{week, game}` for pool_pick_corrected, `{}` otherwise. */
  details: string;
}
