import { dataVersion, type Db, isDatabaseUnavailable } from "../../runtime/index.ts";
import { ReadCache, type CachedAnswer } from "../../http/cached-read.ts";
import type { Clock } from "../../lib/clock.ts";
import { nextClockChange } from "./rules.ts";
import * as service from "./service.ts";

/**
 * The Games screen's two public reads, serialized once per change and served from memory to
 * everyone (docs/architecture.md: cached reads). Used by the routes and by the native fast path alike.
 */
export function gamesReads(db: Db, clock: Clock) {
  const reads = new ReadCache();
  // Its own cache: any game and page may be asked for, and they must not push the week's games out.
  const lines = new ReadCache(128);
  let season: { version: number; value: number; from: number; until: number } | null = null;
  return {
    /** A week's games, or the whole season's without a week. */
    games(week: number | undefined): CachedAnswer | Promise<CachedAnswer> {
      const now = clock.now();
      return reads.get(`games:${week ?? "season"}`, dataVersion("games"), now.getTime(), async () => {
        const games = await service.listGames(db, now, week);
        return {
          value: games,
          validUntil: nextClockChange(
            games.map((g) => ({ commenceTime: g.commenceTime, completed: g.status === "completed" })),
            now,
          ),
        };
      });
    },
    /** The season the app shows (the latest in the database), read once per change of the games. */
    async season(): Promise<number> {
      const now = clock.now();
      const at = now.getTime();
      if (season && season.version === dataVersion("games") && season.from <= at && at < season.until)
        return season.value;
      const version = dataVersion("games");
      // The database away: the season known so far still stands (the boards are served from memory).
      const value = await service.currentSeason(db, now).catch((error) => {
        if (season && isDatabaseUnavailable(error)) return season.value;
        throw error;
      });
      // With no season stored the calendar decides: look again within the hour.
      season = { version, value, from: at, until: at + 60 * 60 * 1000 };
      return value;
    },
    /** A page of one game's line history: the sync that adds changes moves the games' version. */
    lines(gameId: string, after: number, limit: number): CachedAnswer | Promise<CachedAnswer> {
      return lines.get(`${gameId}\n${after}\n${limit}`, dataVersion("games"), clock.now().getTime(), async () => ({
        value: await service.lineHistory(db, gameId, after, limit),
      }));
    },
    currentWeek(): CachedAnswer | Promise<CachedAnswer> {
      const now = clock.now();
      return reads.get("current-week", dataVersion("games"), now.getTime(), async () => ({
        value: await service.currentWeek(db, now),
        validUntil: await service.nextWeekClockChange(db, now),
      }));
    },
  };
}

export type GamesReads = ReturnType<typeof gamesReads>;

/** The fast path's reads of the Games screen: only the plain shapes (no query, or ?week=1…18). */
export function fastGamesReads(reads: GamesReads) {
  return {
    "/api/games": (search: string) => {
      if (search === "") return reads.games(undefined);
      const week = /^\?week=(1[0-8]|[1-9])$/.exec(search)?.[1];
      return week ? reads.games(Number(week)) : null;
    },
    "/api/weeks/current": (search: string) => (search === "" ? reads.currentWeek() : null),
  };
}
