import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import { RecordedWeek } from "../../shared/contract/contest.ts";
import * as service from "./service.ts";

/** The weekly contest's recorded winners (the CLI's `contest winners` records them): public. */
export function contestRoutes({ db, clock }: { db: Db; clock: Clock }) {
  return new Elysia({ name: "contest", prefix: "/api/contest", tags: ["Contest"] }).get(
    "/winners",
    () => service.recordedWeeks(db, clock.now()),
    {
      detail: { summary: "The weekly contest's recorded winners", operationId: "listContestWinners" },
      response: { 200: t.Array(RecordedWeek) },
    },
  );
}
