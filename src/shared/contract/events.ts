/**
 * The events the app announces after a commit (the outbox), with their payloads. What each one sets
 * off in every process is the reactions table, src/runtime/reactions.ts.
 */
import type { GamesUpdate, SettlementMessage } from "./live.ts";

/** Every event type, for the start-up check that each has its reactions. */
export const EVENT_TYPES = [
  "odds_update",
  "scores_update",
  "game.completed",
  "friend_request",
  "league_invitation",
  "bet_settlements",
  "games.changed",
  "user.renamed",
  "sessions.ended",
  "league.comment",
  "webhook.disabled",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Why sessions ended, told to the browsers whose sockets close (the close reason), so a device signed
 * out from elsewhere can say why. Events written before it existed have none.
 */
export type SessionEndReason = "signed_out" | "password_changed" | "password_reset" | "account_deleted";

/**
 * Which sessions ended, by the hash of their token (never the token): one (sign-out), or all of a
 * player's but the one kept (a password change), or all of them (a reset, a deleted account).
 */
export type SessionsEnded = ({ sessionHash: string } | { userId: number; keptSessionHash: string | null }) & {
  reason?: SessionEndReason;
};

export interface AppEvents {
  /** Odds, lines, kick-offs or finals changed: the changed games themselves go to every client. */
  odds_update: GamesUpdate;
  /** Games under way changed score or status: the changed games go to every client. */
  scores_update: GamesUpdate;
  /**
   * A game got its final score (or a corrected one: regrade): settle its bets. A regrade names the
   * score it corrected (`previous`), so the players' messages can say what changed.
   */
  "game.completed": { gameId: string; regrade: boolean; previous?: { awayScore: number; homeScore: number } };
  /** A friend request was sent or accepted (for the other player's notifications). */
  friend_request: { requestId: number };
  /** Someone was invited to a league (for the invited player's notifications). */
  league_invitation: { invitationId: number; leagueId: number };
  /** Bets settled: each player is told only of their own (every settlement names its userId). */
  bet_settlements: { settlements: ({ userId: number } & Partial<SettlementMessage>)[] };
  /** Games changed in a way browsers need not hear of at once (closing lines): cached reads are rebuilt. */
  "games.changed": Record<string, never>;
  /** A player's name changed (a rename, or an account deleted and anonymised): boards are rebuilt. */
  "user.renamed": { userId: number };
  /** Sessions ended: every process closes their sockets. */
  "sessions.ended": SessionsEnded;
  /**
   * A league's talk changed (a comment posted, deleted or reacted to): its members' open pages
   * refetch it, and those it speaks to (`notifyIds`: a reply's, a pick's owner, every member for a
   * pinned post) their bell. Ids only: what was said is read through the rules that show it.
   */
  "league.comment": { leagueId: number; commentId: number; memberIds: number[]; notifyIds: number[]; pinned: boolean };
  /** A league's webhook kept failing and was turned off: its admins' bell says so. */
  "webhook.disabled": { leagueId: number; webhookId: number; adminIds: number[] };
}

// Both lists name the same events (a compile error here means one of them is missing one).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const EVENT_LISTS_AGREE: Same<EventType, keyof AppEvents> = true;
