import type { SessionsEnded } from "../../shared/contract/events.ts";
import { sha256 } from "../../lib/ids.ts";
import type { GamesUpdate } from "../../shared/contract/live.ts";

export interface LiveSocket {
  send(data: string): unknown;
  close(code?: number, reason?: string): unknown;
}

/** Bun's server: `publish` hands one message to every socket subscribed to a topic, natively. */
export interface TopicPublisher {
  publish(topic: string, data: string): unknown;
}

/** The topic every socket subscribes to (odds updates). */
export const EVERYONE = "everyone";

interface Entry {
  socket: LiveSocket;
  userId: number | null;
  sessionHash: string | null;
  /** Who opened it, as rate limits key a client address. */
  clientKey: string;
}

/** The open WebSockets: odds updates go to everyone, settlements only to their player. */
export class SocketHub {
  /** Names this process's hub: a page rendered here and a socket registered here count the same messages. */
  readonly id = crypto.randomUUID();
  readonly #entries = new Map<string, Entry>();
  #broadcasts = 0;
  #direct = 0;
  readonly #byUser = new Map<number, Set<string>>();
  readonly #perClient = new Map<string, number>();
  #publisher: TopicPublisher | null = null;

  /** Broadcasts go through Bun's native pub/sub once the server is known (sockets subscribe to EVERYONE). */
  publishThrough(publisher: TopicPublisher): void {
    this.#publisher = publisher;
  }

  /**
   * How many messages this hub has sent that a socket could have heard: those to everyone, and for a
   * signed-in player's also those sent to players (any player's: counting them all errs on the safe
   * side). A page rendered here whose count still stands when its socket registers missed nothing.
   */
  heard(signedIn: boolean): number {
    return signedIn ? this.#broadcasts + this.#direct : this.#broadcasts;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Open sockets from one client address. */
  countFromClient(clientKey: string): number {
    return this.#perClient.get(clientKey) ?? 0;
  }

  /** Open sockets of one signed-in player. */
  countOfUser(userId: number): number {
    return this.#byUser.get(userId)?.size ?? 0;
  }

  add(id: string, socket: LiveSocket, userId: number | null, sessionToken: string | null, clientKey = "local"): void {
    this.#entries.set(id, { socket, userId, sessionHash: sessionToken ? sha256(sessionToken) : null, clientKey });
    this.#perClient.set(clientKey, this.countFromClient(clientKey) + 1);
    if (userId !== null) {
      const ids = this.#byUser.get(userId) ?? new Set();
      ids.add(id);
      this.#byUser.set(userId, ids);
    }
  }

  remove(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    const fromClient = this.countFromClient(entry.clientKey) - 1;
    if (fromClient > 0) this.#perClient.set(entry.clientKey, fromClient);
    else this.#perClient.delete(entry.clientKey);
    if (entry.userId !== null) {
      const ids = this.#byUser.get(entry.userId);
      ids?.delete(id);
      if (ids?.size === 0) this.#byUser.delete(entry.userId);
    }
  }

  #lastGamesUpdate: number | null = null;

  /**
   * Sends a games update to every socket with the version of the one this process sent before it, so a
   * browser that did not see that one (it was connected elsewhere, or missed it) knows to refetch.
   */
  broadcastGamesUpdate(type: "odds_update" | "scores_update", version: number, update: GamesUpdate): void {
    const previous = this.#lastGamesUpdate;
    this.#lastGamesUpdate = version;
    this.broadcast({ type, version, previous, ...update });
  }

  broadcast(message: object): void {
    this.#broadcasts += 1;
    const data = JSON.stringify(message);
    if (this.#publisher) this.#publisher.publish(EVERYONE, data);
    else for (const entry of this.#entries.values()) entry.socket.send(data);
  }

  sendTo(userId: number, message: object): void {
    this.#direct += 1;
    const ids = this.#byUser.get(userId);
    if (!ids) return;
    const data = JSON.stringify(message);
    for (const id of ids) this.#entries.get(id)?.socket.send(data);
  }

  /**
   * Ended sessions' sockets close (4001): one session's at sign-out (the browser reconnects as a
   * visitor), or all of a player's but the one kept. Called at once by the process that ended them,
   * and again by every process when the event is delivered (a no-op where nothing is left open).
   */
  endSessions(ended: SessionsEnded): void {
    const ids =
      "sessionHash" in ended
        ? [...this.#entries].filter(([, entry]) => entry.sessionHash === ended.sessionHash).map(([id]) => id)
        : [...(this.#byUser.get(ended.userId) ?? [])].filter(
            (id) => ended.keptSessionHash === null || this.#entries.get(id)?.sessionHash !== ended.keptSessionHash,
          );
    for (const id of ids) {
      const entry = this.#entries.get(id);
      this.remove(id);
      // The close reason says why, so the page can tell the player (an old event has none).
      entry?.socket.close(4001, ended.reason ?? "signed_out");
    }
  }

  closeAll(): void {
    for (const [id, entry] of this.#entries) {
      this.remove(id);
      entry.socket.close(1001, "server shutting down");
    }
  }
}
