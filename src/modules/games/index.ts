import { Elysia, t } from "elysia";
import type { Db } from "../../db/connection.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { winnersRecorded } from "../contest/service.ts";
import { CurrentWeek, Game, GameParams, GamesQuery, ResolveBody } from "./model.ts";
import { cachedAnswer, ReadCache } from "../../http/cached-read.ts";
import { dataVersion } from "../../lib/data-versions.ts";
import { nextClockChange } from "./rules.ts";
import * as service from "./service.ts";

/** Games, the current week, and resolving games (spec §7). */
export function gamesRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  // Everyone's Games screen reads the same few answers: serialized once per change (README: cached reads).
  const reads = new ReadCache();
  return new Elysia({ name: "games", prefix: "/api" })
    .use(auth)
    .get(
      "/games",
      async ({ query, request, set }) => {
        const now = clock.now();
        const answer = await reads.get(`games:${query.week ?? "season"}`, String(dataVersion("games")), now.getTime(), async () => {
          const games = await service.listGames(db, now, query.week);
          return { value: games, validUntil: nextClockChange(games.map((g) => ({ commenceTime: g.commenceTime, completed: g.status === "completed" })), now) };
        });
        return cachedAnswer(request, set, answer);
      },
      { query: GamesQuery, response: { 200: t.Array(Game) } },
    )
    .get(
      "/weeks/current",
      async ({ request, set }) => {
        const now = clock.now();
        const answer = await reads.get("current-week", String(dataVersion("games")), now.getTime(), async () => ({
          value: await service.currentWeek(db, now),
          validUntil: await service.nextWeekClockChange(db, now),
        }));
        return cachedAnswer(request, set, answer);
      },
      { response: { 200: CurrentWeek } },
    )
    .patch(
      "/games/:id",
      ({ params, body, user }) =>
        service.resolveGame(db, clock.now(), params.id, body, { id: user.id, label: user.username }, (season, week) => winnersRecorded(db, season, week)),
      { admin: true, params: GameParams, body: ResolveBody, response: { 200: Game } },
    );
}
