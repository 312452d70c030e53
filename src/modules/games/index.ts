import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { winnersRecorded } from "../contest/service.ts";
import { CurrentWeek, Game, LineHistory } from "../../shared/contract/games.ts";
import { GameParams, GamesQuery, LINES_PAGE_MAX, LinesQuery, ResolveBody } from "./model.ts";
import { cachedAnswer } from "../../http/cached-read.ts";
import type { GamesReads } from "./reads.ts";
import * as service from "./service.ts";

/** Games, the current week, and resolving games (spec §7). */
export function gamesRoutes({ db, clock, auth, reads }: { db: Db; clock: Clock; auth: AuthPlugin; reads: GamesReads }) {
  return new Elysia({ name: "games", prefix: "/api", tags: ["Games"] })
    .use(auth)
    .get("/games", async ({ query, request, set }) => cachedAnswer(request, set, await reads.games(query.week)), {
      query: GamesQuery,
      detail: { summary: "List a week's games with their odds and props", operationId: "listGames" },
      response: { 200: t.Array(Game) },
    })
    .get("/weeks/current", async ({ request, set }) => cachedAnswer(request, set, await reads.currentWeek()), {
      detail: { summary: "The current week of the season", operationId: "getCurrentWeek" },
      response: { 200: CurrentWeek },
    })
    .get(
      "/games/:id/lines",
      async ({ params, query, request, set }) =>
        cachedAnswer(request, set, await reads.lines(params.id, query.after ?? 0, query.limit ?? LINES_PAGE_MAX)),
      {
        params: GameParams,
        query: LinesQuery,
        detail: { summary: "A game's line history, oldest first, a page at a time", operationId: "listLineChanges" },
        response: { 200: LineHistory },
      },
    )
    .patch(
      "/games/:id",
      ({ params, body, user }) =>
        service.resolveGame(db, clock.now(), params.id, body, { id: user.id, label: user.username }, (season, week) =>
          winnersRecorded(db, season, week),
        ),
      {
        admin: true,
        params: GameParams,
        body: ResolveBody,
        detail: { summary: "Resolve a game: its final score and status (admins)", operationId: "resolveGame" },
        response: { 200: Game },
      },
    );
}
