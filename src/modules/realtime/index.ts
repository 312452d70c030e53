import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../runtime/index.ts";
import { clientAddress, rateLimitKey } from "../../http/client-address.ts";
import { assertSameOrigin } from "../../http/security.ts";
import type { Clock } from "../../lib/clock.ts";
import { tooManyRequests } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { requestIdOf } from "../../http/request-id.ts";
import { sessionTokenFrom, sessionUser } from "../auth/plugin.ts";
import type { ServerMessage } from "../../shared/contract/live.ts";
import { EVERYONE, type SocketHub } from "./hub.ts";

/** Largest message a browser may send us; ours never need more. */
export const MAX_CLIENT_MESSAGE = 4 * 1024;
/** Open sockets one player may hold: a tab each. */
export const MAX_SOCKETS_PER_USER = 20;
/** Messages a socket may send per minute; our browser sends none (the server pings). */
export const MAX_CLIENT_MESSAGES_PER_MINUTE = 30;

/** The live channel `/ws` (spec §7): who is signed in comes from the session cookie at upgrade. */
export function realtimeRoutes({
  db,
  clock,
  config,
  hub,
  logger,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  hub: SocketHub;
  logger: Logger;
}) {
  const budgets = new Map<string, { start: number; count: number }>();
  // The upgrade request knows the peer's address; the opened socket's context may not.
  const clientOf = new WeakMap<Request, string>();

  return new Elysia({ name: "realtime" }).ws("/ws", {
    beforeHandle({ request, server }) {
      assertSameOrigin(request, config, { always: true });
      const clientKey = rateLimitKey(clientAddress(request, server, config.trustProxy));
      if (hub.countFromClient(clientKey) >= config.socketsPerAddress) throw tooManyRequests(60);
      clientOf.set(request, clientKey);
    },
    async open(ws) {
      const request = ws.data.request;
      const clientKey = clientOf.get(request) ?? "local";
      try {
        const user = await sessionUser(db, clock, config, request);
        if (user && hub.countOfUser(user.id) >= MAX_SOCKETS_PER_USER) {
          ws.close(1008, "too many connections");
          return;
        }
        hub.add(
          ws.id,
          ws.raw,
          user?.id ?? null,
          user ? sessionTokenFrom(request.headers.get("cookie")) : null,
          clientKey,
        );
        ws.subscribe(EVERYONE);
        ws.send(
          JSON.stringify({
            type: "hello",
            signedIn: user !== null,
            hub: hub.id,
            heard: hub.heard(user !== null),
          } satisfies ServerMessage),
        );
      } catch (error) {
        // A socket we could not register must not stay open unseen (never told of sign-outs).
        logger.error({ err: error, requestId: requestIdOf(request, config.trustProxy) }, "opening a WebSocket failed");
        hub.remove(ws.id);
        ws.close(1011, "server error");
      }
    },
    message(ws, message) {
      // Browsers have nothing to tell us but pings; a socket that talks more is closed. Nothing is
      // logged per message: a chatty client must not fill the logs.
      const now = clock.now().getTime();
      const budget = budgets.get(ws.id);
      if (!budget || now - budget.start >= 60_000) budgets.set(ws.id, { start: now, count: 1 });
      else if (++budget.count > MAX_CLIENT_MESSAGES_PER_MINUTE) {
        ws.close(1008, "too many messages");
        return;
      }
      const text = typeof message === "string" ? message : JSON.stringify(message);
      if (text.length > MAX_CLIENT_MESSAGE) {
        ws.close(1009, "message too big");
        return;
      }
      const parsed = typeof message === "object" && message !== null ? (message as { type?: unknown }) : null;
      if (parsed?.type === "ping") ws.send(JSON.stringify({ type: "pong" } satisfies ServerMessage));
    },
    close(ws) {
      hub.remove(ws.id);
      budgets.delete(ws.id);
    },
  });
}
