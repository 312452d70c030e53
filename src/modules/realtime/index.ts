import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/connection.ts";
import { assertSameOrigin } from "../../http/security.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import { sessionTokenFrom, sessionUser } from "../auth/plugin.ts";
import type { SocketHub } from "./hub.ts";

/** Largest message a browser may send us; ours never need more. */
export const MAX_CLIENT_MESSAGE = 4 * 1024;

/** The live channel `/ws` (spec §7): who is signed in comes from the session cookie at upgrade. */
export function realtimeRoutes({ db, clock, config, hub, logger }: { db: Db; clock: Clock; config: Config; hub: SocketHub; logger: Logger }) {
  return new Elysia({ name: "realtime" }).ws("/ws", {
    beforeHandle({ request }) {
      assertSameOrigin(request, config, { always: true });
    },
    async open(ws) {
      const user = await sessionUser(db, clock, config, ws.data.request);
      hub.add(ws.id, ws.raw, user?.id ?? null, user ? sessionTokenFrom(ws.data.request.headers.get("cookie")) : null);
      ws.send(JSON.stringify({ type: "hello", signedIn: user !== null }));
    },
    message(ws, message) {
      // Browsers have nothing to tell us but pings; anything else is logged and dropped.
      const text = typeof message === "string" ? message : JSON.stringify(message);
      if (text.length > MAX_CLIENT_MESSAGE) {
        ws.close(1009, "message too big");
        return;
      }
      const parsed = typeof message === "object" && message !== null ? (message as { type?: unknown }) : null;
      if (parsed?.type === "ping") ws.send(JSON.stringify({ type: "pong" }));
      else logger.info({ socket: ws.id }, "ignored a client WebSocket message");
    },
    close(ws) {
      hub.remove(ws.id);
    },
  });
}
