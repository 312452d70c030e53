import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { LeaderboardEntry, UserStats } from "../../shared/contract/stats.ts";
import { StatsParams, WeekParams } from "./model.ts";
import type { Context } from "elysia";
import { cachedAnswer, jsonAnswer, withAppended } from "../../http/cached-read.ts";
import type { BoardWeek } from "./boards.ts";
import * as service from "./service.ts";
import type { BoardReads } from "./reads.ts";

/** A player's stats and the leaderboards (spec §7). Boards are public; the viewer's own row is included when signed in. */
export function statsRoutes({
  db,
  auth,
  games,
  boards,
}: {
  db: Db;
  auth: AuthPlugin;
  /** The season the boards show (games' cached read, passed in by app.ts). */
  games: { season(): Promise<number> };
  /** The boards' cached reads (reads.ts), shared with the server's first screens. */
  boards: BoardReads;
}) {
  /** The shared top rows, serialized once per change; a viewer beyond them gets their row appended. */
  const boardAnswer = async (request: Request, set: Context["set"], week: BoardWeek, viewerId: number | null) => {
    const { top, own } = await boards.board(week, viewerId);
    return own ? jsonAnswer(request, set, withAppended(top, own)) : cachedAnswer(request, set, top);
  };
  return new Elysia({ name: "stats", prefix: "/api", tags: ["Stats"] })
    .use(auth)
    .get("/users/:userId/stats", ({ params, user }) => service.userStats(db, user.id, params.userId), {
      auth: true,
      params: StatsParams,
      detail: { summary: "One's betting stats", operationId: "getUserStats" },
      response: { 200: UserStats },
    })
    .get(
      "/leaderboard/week/:week",
      async ({ params, request, set, viewer }) =>
        boardAnswer(request, set, { season: await games.season(), week: params.week }, viewer?.id ?? null),
      {
        viewer: true,
        params: WeekParams,
        detail: { summary: "A week's leaderboard", operationId: "getWeeklyLeaderboard" },
        response: { 200: t.Array(LeaderboardEntry) },
      },
    )
    .get("/leaderboard", ({ request, set, viewer }) => boardAnswer(request, set, null, viewer?.id ?? null), {
      viewer: true,
      detail: { summary: "The season's leaderboard", operationId: "getLeaderboard" },
      response: { 200: t.Array(LeaderboardEntry) },
    });
}
