import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Config } from "../../config.ts";
import { type CachedAnswer, ReadCache } from "../../http/cached-read.ts";
import type { LeaderboardEntry as Entry } from "../../shared/contract/stats.ts";
import { boardPrizeMarks } from "../contest/service.ts";
import type { BoardWeek } from "./boards.ts";
import * as service from "./service.ts";

/**
 * The leaderboards' reads (README: cached reads): a board's top rows serialized once per change and
 * shared by everyone, and a viewer's own row beyond them. Used by the routes and by the server's
 * first screens (src/http/ssr/) alike.
 */
export function boardReads({ db, clock, config }: { db: Db; clock: Clock; config: Pick<Config, "adminEmails"> }) {
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
  return {
    /** A board's shared top rows (serialized once per change) and the viewer's row when it is beyond them. */
    async board(week: BoardWeek, viewerId: number | null): Promise<{ top: CachedAnswer; own: Entry | null }> {
      const key = keyOf(week);
      boardsRead.set(key, week);
      const top = await reads.get(key, service.boardsVersion(), clock.now().getTime(), () => buildTop(week));
      const own = viewerId === null ? null : await service.viewerRowBeyondTop(db, week, viewerId);
      if (!own) return { top, own: null };
      const [ownMarked] = (await marked(week, [own], "viewer")).value;
      return { top, own: ownMarked ?? null };
    },
  };
}

export type BoardReads = ReturnType<typeof boardReads>;
