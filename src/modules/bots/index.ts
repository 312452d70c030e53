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
  return new Elysia({ name: "bots", prefix: "/api/admin/bots" })
    .use(auth)
    .get("/stats", () => service.botStats(db), { admin: true, response: { 200: BotStats } })
    .post(
      "/ensure",
      ({ body, user }) => service.ensureBots(db, clock.now(), body.count, { id: user.id, label: user.username }),
      {
        admin: true,
        body: EnsureBody,
        response: { 200: EnsureResult },
      },
    )
    .post(
      "/weekly-update",
      ({ user }) => service.weeklyUpdate(db, clock.now(), { id: user.id, label: user.username }),
      {
        admin: true,
        body: EmptyBody,
        response: { 200: WeeklyUpdateResult },
      },
    );
}
