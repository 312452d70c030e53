import type { EventBus } from "../../lib/events.ts";
import { sha256 } from "../../lib/ids.ts";
import type { Logger } from "../../lib/logger.ts";

export interface LiveSocket {
  send(data: string): unknown;
  close(code?: number, reason?: string): unknown;
}

interface Entry {
  socket: LiveSocket;
  userId: number | null;
  sessionHash: string | null;
}

/** The open WebSockets: odds updates go to everyone, settlements only to their player. */
export class SocketHub {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly logger: Logger) {}

  get size(): number {
    return this.#entries.size;
  }

  add(id: string, socket: LiveSocket, userId: number | null, sessionToken: string | null): void {
    this.#entries.set(id, { socket, userId, sessionHash: sessionToken ? sha256(sessionToken) : null });
  }

  remove(id: string): void {
    this.#entries.delete(id);
  }

  broadcast(message: object): void {
    const data = JSON.stringify(message);
    for (const entry of this.#entries.values()) entry.socket.send(data);
  }

  sendTo(userId: number, message: object): void {
    const data = JSON.stringify(message);
    for (const entry of this.#entries.values()) if (entry.userId === userId) entry.socket.send(data);
  }

  /** Sign-out closes that session's sockets; the browser reconnects as a visitor. */
  closeSession(sessionToken: string): void {
    const hash = sha256(sessionToken);
    for (const [id, entry] of this.#entries) {
      if (entry.sessionHash !== hash) continue;
      this.#entries.delete(id);
      entry.socket.close(4001, "signed out");
    }
  }

  closeAll(): void {
    for (const entry of this.#entries.values()) entry.socket.close(1001, "server shutting down");
    this.#entries.clear();
  }

  /** Wires the bus events that browsers hear about. */
  listen(bus: EventBus): void {
    bus.on("odds_update", () => this.broadcast({ type: "odds_update" }));
    bus.on("bet_settlements", (event) => {
      if (event.userId === null) {
        this.logger.warn({ eventId: event.id }, "bet_settlements without a user: not delivered");
        return;
      }
      this.sendTo(event.userId, { type: "bet_settlements", settlements: event.payload.settlements });
    });
  }
}
