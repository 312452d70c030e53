import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { AdminGames, JobStatus } from "../../shared/contract/admin.ts";
import { AdminGamesQuery } from "./model.ts";
import * as service from "./service.ts";

/** The admin's week: what needs action, the bets on each game, the weekly jobs' runs. Admins only. */
export function adminRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  return new Elysia({ name: "admin", prefix: "/api/admin", tags: ["Admin"] })
    .use(auth)
    .get("/games", ({ query }) => service.adminGames(db, clock.now(), query.week), {
      admin: true,
      query: AdminGamesQuery,
      detail: { summary: "The games that need action, and the bets riding on each", operationId: "listAdminGames" },
      response: { 200: AdminGames },
    })
    .get("/jobs", () => service.weeklyJobsStatus(db, clock.now()), {
      admin: true,
      detail: { summary: "The weekly jobs with their last and next runs", operationId: "listJobs" },
      response: { 200: t.Array(JobStatus) },
    });
}
