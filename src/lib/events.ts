import { getOrCreate } from "./maps.ts";

/** Events the app announces after a commit. Delivered in-process by the outbox dispatcher. */
export interface AppEvents {
  /** Odds or lines changed: every client refetches games. */
  odds_update: Record<string, never>;
  /** A game got its final score (or a corrected one: regrade): settle its bets. */
  "game.completed": { gameId: string; regrade: boolean };
  /** A friend request was sent or accepted (for the other player's notifications). */
  friend_request: { requestId: number };
  /** Someone was invited to a league (for the invited player's notifications). */
  league_invitation: { invitationId: number; leagueId: number };
  /** Bets settled: each player is told only of their own (every settlement names its userId). */
  bet_settlements: { settlements: ({ userId: number } & Record<string, unknown>)[] };
  /** Games changed in a way browsers need not hear of at once (closing lines): cached reads are rebuilt. */
  "games.changed": Record<string, never>;
  /** A player's name changed (a rename, or an account deleted and anonymised): boards are rebuilt. */
  "user.renamed": { userId: number };
  /** Sessions ended: every process closes their sockets. */
  "sessions.ended": SessionsEnded;
}

/**
 * Which sessions ended, by the hash of their token (never the token): one (sign-out), or all of a
 * player's but the one kept (a password change), or all of them (a reset, a deleted account).
 */
export type SessionsEnded = { sessionHash: string } | { userId: number; keptSessionHash: string | null };

export type EventType = keyof AppEvents;

export interface DeliveredEvent<K extends EventType = EventType> {
  id: number;
  type: K;
  userId: number | null;
  payload: AppEvents[K];
}

type Handler = (event: DeliveredEvent) => void | Promise<void>;

/** A minimal in-process pub/sub: the dispatcher emits, the WebSocket hub and services listen. */
export class EventBus {
  readonly #handlers = new Map<string, Set<Handler>>();

  on<K extends EventType>(type: K, handler: (event: DeliveredEvent<K>) => void | Promise<void>): () => void {
    const set = getOrCreate(this.#handlers, type, () => new Set<Handler>());
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  /** Calls every handler of the event's type; a failing handler is reported, never blocks the others. */
  async emit(event: DeliveredEvent, onError: (error: unknown) => void): Promise<void> {
    for (const handler of this.#handlers.get(event.type) ?? []) {
      try {
        await handler(event);
      } catch (error) {
        onError(error);
      }
    }
  }
}
