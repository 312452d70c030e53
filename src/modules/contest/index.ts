import { Elysia, t } from "elysia";
import type { Config } from "../../config.ts";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { EmptyBody, wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "../../shared/games.ts";
import { AdminContestWeek } from "../../shared/contract/admin.ts";
import { RecordedWeek } from "../../shared/contract/contest.ts";
import * as service from "./service.ts";

const WeekParams = t.Object({ week: wholeNumber("week", 1, WEEKS) });

/**
 * The weekly contest's recorded winners (public), and the admin's review: each week's state, and
 * recording a settled week's winners (the rule of the CLI's `contest winners` and the weekly job).
 */
export function contestRoutes({
  db,
  clock,
  auth,
  config,
}: {
  db: Db;
  clock: Clock;
  auth: AuthPlugin;
  config: Pick<Config, "adminEmails">;
}) {
  const publicRoutes = new Elysia({ name: "contest", prefix: "/api/contest", tags: ["Contest"] }).get(
    "/winners",
    () => service.recordedWeeks(db, clock.now()),
    {
      detail: { summary: "The weekly contest's recorded winners", operationId: "listContestWinners" },
      response: { 200: t.Array(RecordedWeek) },
    },
  );
  const adminRoutes = new Elysia({ name: "contest-admin", prefix: "/api/admin/contest", tags: ["Admin"] })
    .use(auth)
    .get("/weeks", () => service.adminContestWeeks(db, clock.now()), {
      admin: true,
      detail: { summary: "Each week's contest state, for recording its winners", operationId: "listContestWeeks" },
      response: { 200: t.Array(AdminContestWeek) },
    })
    .post(
      "/weeks/:week/winners",
      async ({ params, user }) => {
        const now = clock.now();
        const recorded = await service.weeklyWinners(db, now, {
          season: await service.seasonOnShow(db, now),
          week: params.week,
          adminEmails: config.adminEmails,
          actor: { id: user.id, label: user.username },
        });
        const weeks = await service.adminContestWeeks(db, now);
        return weeks.find((w) => w.week === recorded.week)!;
      },
      {
        admin: true,
        params: WeekParams,
        body: EmptyBody,
        detail: { summary: "Record a settled week's winners", operationId: "recordWeekWinners" },
        response: { 200: AdminContestWeek },
      },
    );
  return new Elysia({ name: "contest-routes" }).use(publicRoutes).use(adminRoutes);
}
