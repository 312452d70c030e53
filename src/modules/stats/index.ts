import { Elysia, t } from "elysia";
import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import { sessionUser, type AuthPlugin } from "../auth/plugin.ts";
import { currentSeason } from "../games/service.ts";
import type { Config } from "../../config.ts";
import { LeaderboardEntry, StatsParams, UserStats, WeekParams } from "./model.ts";
import * as service from "./service.ts";

/** A player's stats and the leaderboards (spec §7). Boards are public; the viewer's own row is included when signed in. */
export function statsRoutes({ db, clock, config, auth }: { db: Db; clock: Clock; config: Config; auth: AuthPlugin }) {
  const viewer = async (request: Request) => (await sessionUser(db, clock, config, request))?.id ?? null;
  return new Elysia({ name: "stats", prefix: "/api" })
    .use(auth)
    .get("/users/:userId/stats", ({ params, user }) => service.userStats(db, user.id, params.userId), {
      auth: true,
      params: StatsParams,
      response: { 200: UserStats },
    })
    .get(
      "/leaderboard/week/:week",
      async ({ params, request }) =>
        service.weeklyLeaderboard(db, await currentSeason(db, clock.now()), params.week, await viewer(request)),
      { params: WeekParams, response: { 200: t.Array(LeaderboardEntry) } },
    )
    .get("/leaderboard", async ({ request }) => service.overallLeaderboard(db, await viewer(request)), {
      response: { 200: t.Array(LeaderboardEntry) },
    });
}
