/**
 * ESPN's public NFL feed, no key: the schedule with ESPN's own week numbers, kick-offs, live
 * status and final scores from the scoreboard, ESPN's consensus lines (or, with a lines source
 * such as The Odds API, bookmakers' lines and props), and players' figures from the game summary
 * once a game is final. Failed requests and bad answers are logged and skipped; what was read
 * before stays in use.
 */

import type { Logger } from "../../../../lib/logger.ts";
import type {
  GameOdds,
  GameResult,
  GameStats,
  LiveScore,
  OddsProvider,
  ProviderDiagnostics,
  ScheduledGame,
} from "../../provider.ts";
import { WEEKS } from "../../../../shared/games.ts";
import { DEFAULT_TIMEOUT_MS, ProviderError, describe } from "../http.ts";
import { currentNflSeason } from "../nfl.ts";
import { Problems } from "../problems.ts";
import { EspnClient } from "./client.ts";
import { isStale } from "./freshness.ts";
import { parseScoreboard, type EspnEvent } from "./scoreboard.ts";
import { boxScoreStats } from "./summary.ts";

/** Our game ids for ESPN events: "espn-401671789". */
export const ID_PREFIX = "espn-";
/** A summary asked for this long without a box score is given up on: the game's props wait for an admin. */
export const STATS_PATIENCE_MS = 12 * 60 * 60 * 1000;
/** A summary without a box score yet is asked for again after this long. */
export const SUMMARY_RETRY_MS = 10 * 60 * 1000;
/** Summaries (0.7–1 MB each) fetched per playerStats() call; the caller asks again, paced, while there are more. */
const SUMMARIES_PER_CALL = 1;
/** Consecutive failed requests after which the rest of a round is skipped: ESPN is down, not one week. */
const GIVE_UP_AFTER = 2;

/** Where lines and props come from instead of ESPN's consensus, when configured. */
export interface LinesSource {
  odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]>;
  diagnostics?(): ProviderDiagnostics;
}

export interface EspnOptions {
  baseUrl: string;
  logger: Logger;
  timeoutMs?: number;
  lines?: LinesSource;
}

interface CachedWeek {
  fetchedAt: number;
  events: EspnEvent[];
  /** Set when ESPN answered with another season's (or week's) events only: which they were. */
  foreign: string[];
}

/** When a summary was first and last asked for without giving a box score. */
interface SummaryTries {
  first: number;
  last: number;
}

export class EspnProvider implements OddsProvider {
  readonly name: string;
  readonly #client: EspnClient;
  readonly #problems: Problems;
  readonly #lines?: LinesSource;
  readonly #weeks = new Map<string, CachedWeek>();
  readonly #byId = new Map<string, EspnEvent>();
  readonly #summaryTries = new Map<string, SummaryTries>();
  readonly #givenUp = new Set<string>();
  #faults: string[] = [];

  constructor(options: EspnOptions) {
    this.name = options.lines ? "espn+theoddsapi" : "espn";
    this.#client = new EspnClient(options.baseUrl, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.#problems = new Problems(options.logger, "espn");
    this.#lines = options.lines;
  }

  async currentSeason(now: Date): Promise<number> {
    return currentNflSeason(now);
  }

  async schedule(season: number, now: Date = new Date()): Promise<ScheduledGame[]> {
    let failures = 0;
    for (let week = 1; week <= WEEKS && failures < GIVE_UP_AFTER; week += 1) {
      const cached = this.#weeks.get(key(season, week));
      if (cached && !isStale(cached.events, cached.fetchedAt, now, cached.foreign.length > 0)) continue;
      failures = (await this.#readWeek(season, week, now)) ? 0 : failures + 1;
    }
    const weeks = [...range(1, WEEKS)].map((week) => ({ week, read: this.#weeks.get(key(season, week)) }));
    if (weeks.every((w) => w.read === undefined))
      throw new ProviderError(`ESPN: no week of the ${season} season could be read`);
    const games = weeks.flatMap((w) => w.read?.events ?? []).map(toScheduled);
    this.#faults = seasonFaults(season, weeks, games.length);
    return games;
  }

  async odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]> {
    const theirs = new Map<string, GameOdds>();
    if (this.#lines) {
      try {
        for (const odds of await this.#lines.odds(games, now)) theirs.set(odds.providerId, odds);
      } catch (error) {
        this.#problems.note(`lines source: ${describe(error)}`);
      }
    }
    const out: GameOdds[] = [];
    for (const game of games) {
      const bought = theirs.get(game.providerId);
      const consensus = this.#byId.get(eventId(game.providerId))?.odds ?? [];
      // Bookmakers' lines when the lines source has them; ESPN's consensus otherwise, so the game stays priced.
      const odds = bought && bought.odds.length > 0 ? bought.odds : consensus;
      const props = bought?.props ?? [];
      if (odds.length > 0 || props.length > 0) out.push({ providerId: game.providerId, odds, props });
    }
    return out;
  }

  /** Finals complete on their score at once; their props' figures come later, through playerStats(). */
  async results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]> {
    const out: GameResult[] = [];
    for (const game of games) {
      let event = this.#byId.get(eventId(game.providerId));
      // A game from a week not read this process (a CLI run that started mid-season reads them all in schedule()).
      if (!event && game.providerId.startsWith(ID_PREFIX) && !this.#weeks.has(key(game.season, game.week))) {
        await this.#readWeek(game.season, game.week, now);
        event = this.#byId.get(eventId(game.providerId));
      }
      if (!event?.final) continue;
      out.push({
        providerId: game.providerId,
        homeScore: event.homeScore!,
        awayScore: event.awayScore!,
        playerStats: [],
        statsUnknown: true,
      });
    }
    return out;
  }

  /** Games ESPN reports under way, with their running score and clock, from the scoreboard results() read. */
  async liveScores(games: readonly ScheduledGame[]): Promise<LiveScore[]> {
    return games.flatMap((game) => {
      const event = this.#byId.get(eventId(game.providerId));
      if (!event || event.state !== "in" || event.homeScore === null || event.awayScore === null) return [];
      return [
        {
          providerId: game.providerId,
          homeScore: event.homeScore,
          awayScore: event.awayScore,
          status: event.liveStatus,
        },
      ];
    });
  }

  /**
   * Box-score figures for finished games, newest first, one summary per call: each is 0.7–1 MB,
   * so the caller paces the calls. A summary without a box score yet is asked for again every ten
   * minutes, and given up on after twelve hours of asking (the props then wait for an admin).
   */
  async playerStats(games: readonly ScheduledGame[], now: Date): Promise<{ stats: GameStats[]; more: boolean }> {
    const t = now.getTime();
    const due = games
      .filter((g) => {
        const id = eventId(g.providerId);
        // Only ESPN's own final: a game an admin resolved early may still be under way.
        if (!this.#byId.get(id)?.final || this.#givenUp.has(id)) return false;
        const tries = this.#summaryTries.get(id);
        return !tries || t < tries.last || t - tries.last >= SUMMARY_RETRY_MS;
      })
      .sort((a, b) => Date.parse(b.commenceTime) - Date.parse(a.commenceTime));
    const stats: GameStats[] = [];
    for (const game of due.slice(0, SUMMARIES_PER_CALL)) {
      const id = eventId(game.providerId);
      const figures = await this.#boxScore(id);
      if (figures) {
        this.#summaryTries.delete(id);
        stats.push({ providerId: game.providerId, playerStats: figures });
        continue;
      }
      const first = this.#summaryTries.get(id)?.first ?? t;
      this.#summaryTries.set(id, { first, last: t });
      if (t - first >= STATS_PATIENCE_MS) {
        this.#givenUp.add(id);
        this.#problems.skip(
          `ESPN summary of event ${id}: no box score after ${STATS_PATIENCE_MS / 3_600_000} hours of asking; its props wait for an admin`,
        );
      }
    }
    return { stats, more: due.length > SUMMARIES_PER_CALL };
  }

  diagnostics(): ProviderDiagnostics {
    const own = this.#problems.take();
    const lines = this.#lines?.diagnostics?.();
    return {
      problems: [...own.problems, ...(lines?.problems ?? []).map((p) => `lines source: ${p}`)],
      faults: [...this.#faults],
      notices: [...own.notices, ...(lines?.notices ?? []).map((p) => `lines source: ${p}`)],
      ...(lines && "requestsRemaining" in lines ? { requestsRemaining: lines.requestsRemaining } : {}),
    };
  }

  /** Reads one week into the cache; false when the request or its answer failed. */
  async #readWeek(season: number, week: number, now: Date): Promise<boolean> {
    let parsed: ReturnType<typeof parseScoreboard>;
    try {
      parsed = parseScoreboard(await this.#client.scoreboard(season, week), { season, week });
    } catch (error) {
      this.#problems.note(
        error instanceof ProviderError
          ? error.message
          : `ESPN scoreboard ${season} week ${week}: unreadable answer (${describe(error)})`,
      );
      return false;
    }
    for (const reason of parsed.skipped) this.#problems.skip(`ESPN ${season} week ${week}: ${reason}`);
    const previous = this.#weeks.get(key(season, week));
    for (const event of previous?.events ?? []) this.#byId.delete(event.id);
    for (const event of parsed.events) this.#byId.set(event.id, event);
    // A stray event of another week is only skipped; an answer holding nothing else is the wrong season.
    const foreign = parsed.events.length === 0 ? parsed.foreign : [];
    this.#weeks.set(key(season, week), { fetchedAt: now.getTime(), events: parsed.events, foreign });
    return true;
  }

  async #boxScore(id: string) {
    try {
      const stats = boxScoreStats(await this.#client.summary(id));
      // Not a failure: ESPN publishes box scores a little after the final whistle.
      if (!stats) this.#problems.notice(`ESPN summary of event ${id}: no box score yet`);
      return stats;
    } catch (error) {
      this.#problems.note(describe(error));
      return undefined;
    }
  }
}

/** What is wrong with a season's schedule as ESPN answered it: weeks of another season, or no games at all. */
function seasonFaults(season: number, weeks: readonly { week: number; read?: CachedWeek }[], games: number): string[] {
  const foreign = weeks.filter((w) => w.read && w.read.foreign.length > 0);
  if (foreign.length > 0) {
    const what = [...new Set(foreign.flatMap((w) => w.read!.foreign))].slice(0, 3).join(", ");
    return [
      `ESPN answered ${season} ${weekList(foreign.map((w) => w.week))} with events of ${what}, not of the ${season} regular season: they are not shown`,
    ];
  }
  return games === 0 ? [`ESPN lists no games of the ${season} regular season`] : [];
}

/** "week 3", "weeks 1–18", "weeks 1–3, 7". */
function weekList(weeks: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < weeks.length; ) {
    let j = i;
    while (j + 1 < weeks.length && weeks[j + 1] === weeks[j]! + 1) j += 1;
    runs.push(i === j ? `${weeks[i]}` : `${weeks[i]}–${weeks[j]}`);
    i = j + 1;
  }
  return `${weeks.length === 1 ? "week" : "weeks"} ${runs.join(", ")}`;
}

function key(season: number, week: number): string {
  return `${season}-${week}`;
}

function* range(from: number, to: number) {
  for (let i = from; i <= to; i += 1) yield i;
}

function eventId(providerId: string): string {
  return providerId.startsWith(ID_PREFIX) ? providerId.slice(ID_PREFIX.length) : "";
}

function toScheduled(event: EspnEvent): ScheduledGame {
  return {
    providerId: `${ID_PREFIX}${event.id}`,
    season: event.season,
    week: event.week,
    homeTeam: event.home.name,
    awayTeam: event.away.name,
    homeAbbr: event.home.abbr,
    awayAbbr: event.away.abbr,
    commenceTime: event.commenceTime,
    ...(event.state !== "pre" ? { started: true } : {}),
  };
}
