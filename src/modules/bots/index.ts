import { Elysia } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { EmptyBody } from "../../http/schema.ts";
import { BotStats, EnsureResult, WeeklyUpdateResult } from "../../shared/contract/bots.ts";
import { EnsureBody } from "./model.ts";
import * as service from "./service.ts";

/** Bot management for admins (spec §2 Bot Management, §7). */
export function botsRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  return new Elysia({ name: "bots", prefix: "/api/admin/bots", tags: ["Admin"] })
    .use(auth)
    .get("/stats", () => service.botStats(db), {
      admin: true,
      detail: { summary: "The bots' figures (admins)", operationId: "getBotStats" },
      response: { 200: BotStats },
    })
    .post(
      "/ensure",
      ({ body, user }) => service.ensureBots(db, clock.now(), body.count, { id: user.id, label: user.username }),
      {
        admin: true,
        body: EnsureBody,
        detail: { summary: "Create bots up to a count (admins)", operationId: "ensureBots" },
        response: { 200: EnsureResult },
      },
    )
    .post(
      "/weekly-update",
      ({ user }) => service.weeklyUpdate(db, clock.now(), { id: user.id, label: user.username }),
      {
        admin: true,
        body: EmptyBody,
        detail: { summary: "Place the bots' bets for the current week (admins)", operationId: "runBotsWeeklyUpdate" },
        response: { 200: WeeklyUpdateResult },
      },
    );
}
