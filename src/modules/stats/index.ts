import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { LeaderboardEntry, UserStats } from "../../shared/contract/stats.ts";
import { StatsParams, WeekParams } from "./model.ts";
import type { Context } from "elysia";
import { cachedAnswer, jsonAnswer, ReadCache, withAppended } from "../../http/cached-read.ts";
import type { BoardWeek } from "./boards.ts";
import * as service from "./service.ts";
import { boardPrizeMarks } from "../contest/service.ts";
import type { Config } from "../../config.ts";
import type { LeaderboardEntry as Entry } from "../../shared/contract/stats.ts";

/** A player's stats and the leaderboards (spec §7). Boards are public; the viewer's own row is included when signed in. */
export function statsRoutes({
  db,
  clock,
  auth,
  games,
  config,
}: {
  db: Db;
  clock: Clock;
  auth: AuthPlugin;
  config: Pick<Config, "adminEmails">;
  /** The season the boards show (games' cached read, passed in by app.ts). */
  games: { season(): Promise<number> };
}) {
  const reads = new ReadCache();
  const boardsRead = new Map<string, BoardWeek>();
  const keyOf = (week: BoardWeek) => (week ? `board:${week.season}:${week.week}` : "board:all");
  /** A weekly board's rows marked with who can win the week and the prize places (medals go to those only). */
  const marked = async (week: BoardWeek, entries: Entry[], rows: "top" | "viewer") => {
    if (!week) return { value: entries };
    // Places among the shown top rows (the same as the week's first eligible overall); a viewer's
    // row beyond them is marked eligible or not, without a place (see boardPrizeMarks' placesWithin).
    const marks = await boardPrizeMarks(
      db,
      clock.now(),
      week,
      entries.map((e) => e.userId),
      { adminEmails: config.adminEmails, places: rows === "top", placesWithin: entries.length },
    );
    return {
      value: entries.map((e) => ({
        ...e,
        prizeEligible: marks.eligible.has(e.userId),
        prizePlace: marks.places.get(e.userId) ?? null,
      })),
      validUntil: marks.validUntil,
    };
  };
  const buildTop = async (week: BoardWeek) => marked(week, await service.boardTop(db, week), "top");
  // When settlement's figures reach the rankings, the boards that were read are serialized again
  // off the request path; readers keep the previous answer until then, never waiting on it.
  service.onBoardsChanged(db, async () => {
    await Promise.all(
      [...boardsRead].map(([key, week]) =>
        reads.rebuild(key, service.boardsVersion(), clock.now().getTime(), () => buildTop(week)),
      ),
    );
  });
  /** The shared top rows, serialized once per change; a viewer beyond them gets their row appended. */
  const boardAnswer = async (request: Request, set: Context["set"], week: BoardWeek, viewerId: number | null) => {
    const key = keyOf(week);
    boardsRead.set(key, week);
    const top = await reads.get(key, service.boardsVersion(), clock.now().getTime(), () => buildTop(week));
    const own = viewerId === null ? null : await service.viewerRowBeyondTop(db, week, viewerId);
    if (!own) return cachedAnswer(request, set, top);
    const [ownMarked] = (await marked(week, [own], "viewer")).value;
    return jsonAnswer(request, set, withAppended(top, ownMarked));
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
