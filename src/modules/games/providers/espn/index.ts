/**
 * ESPN's public NFL feed, no key: the schedule with ESPN's own week numbers, kick-offs, live
 * status and final scores from the scoreboard, ESPN's consensus lines (or, with a lines source
 * such as The Odds API, bookmakers' lines and props), and players' figures from the game summary
 * once a game is final. Failed requests and bad answers are logged and skipped; what was read
 * before stays in use.
 */

import type { Logger } from "../../../../lib/logger.ts";
import type { GameOdds, GameResult, OddsProvider, PlayerStat, ProviderDiagnostics, ScheduledGame } from "../../provider.ts";
import { WEEKS } from "../../rules.ts";
import { DEFAULT_TIMEOUT_MS, ProviderError, describe } from "../http.ts";
import { currentNflSeason } from "../nfl.ts";
import { Problems } from "../problems.ts";
import { EspnClient } from "./client.ts";
import { isStale } from "./freshness.ts";
import { parseScoreboard, type EspnEvent } from "./scoreboard.ts";
import { boxScoreStats } from "./summary.ts";

/** Our game ids for ESPN events: "espn-401671789". */
export const ID_PREFIX = "espn-";
/** A final game whose box score will not load is completed without stats after this long (props wait for an admin). */
export const STATS_PATIENCE_MS = 12 * 60 * 60 * 1000;
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
}

export class EspnProvider implements OddsProvider {
  readonly name: string;
  readonly #client: EspnClient;
  readonly #problems: Problems;
  readonly #lines?: LinesSource;
  readonly #weeks = new Map<string, CachedWeek>();
  readonly #byId = new Map<string, EspnEvent>();
  readonly #stats = new Map<string, PlayerStat[]>();

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
      if (cached && !isStale(cached.events, cached.fetchedAt, now)) continue;
      failures = (await this.#readWeek(season, week, now)) ? 0 : failures + 1;
    }
    const weeks = [...range(1, WEEKS)].map((week) => this.#weeks.get(key(season, week))).filter((w) => w !== undefined);
    if (weeks.length === 0) throw new ProviderError(`ESPN: no week of the ${season} season could be read`);
    return weeks.flatMap((w) => w.events).map(toScheduled);
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
      const stats = await this.#statsOf(event);
      if (stats) {
        out.push({ providerId: game.providerId, homeScore: event.homeScore!, awayScore: event.awayScore!, playerStats: stats });
      } else if (now.getTime() - Date.parse(event.commenceTime) >= STATS_PATIENCE_MS) {
        // Scores settle the game's bets; props wait for an admin rather than for ever.
        out.push({ providerId: game.providerId, homeScore: event.homeScore!, awayScore: event.awayScore!, playerStats: [], statsUnknown: true });
      }
    }
    return out;
  }

  diagnostics(): ProviderDiagnostics {
    const own = this.#problems.take();
    const lines = this.#lines?.diagnostics?.();
    return {
      problems: [...own.problems, ...(lines?.problems ?? []).map((p) => `lines source: ${p}`)],
      notices: [...own.notices, ...(lines?.notices ?? []).map((p) => `lines source: ${p}`)],
      ...(lines && "requestsRemaining" in lines ? { requestsRemaining: lines.requestsRemaining } : {}),
    };
  }

  /** Reads one week into the cache; false when the request or its answer failed. */
  async #readWeek(season: number, week: number, now: Date): Promise<boolean> {
    let parsed;
    try {
      parsed = parseScoreboard(await this.#client.scoreboard(season, week), { season, week });
    } catch (error) {
      this.#problems.note(error instanceof ProviderError ? error.message : `ESPN scoreboard ${season} week ${week}: unreadable answer (${describe(error)})`);
      return false;
    }
    for (const reason of parsed.skipped) this.#problems.skip(`ESPN ${season} week ${week}: ${reason}`);
    const previous = this.#weeks.get(key(season, week));
    for (const event of previous?.events ?? []) this.#byId.delete(event.id);
    for (const event of parsed.events) this.#byId.set(event.id, event);
    this.#weeks.set(key(season, week), { fetchedAt: now.getTime(), events: parsed.events });
    return true;
  }

  async #statsOf(event: EspnEvent): Promise<PlayerStat[] | undefined> {
    const known = this.#stats.get(event.id);
    if (known) return known;
    try {
      const stats = boxScoreStats(await this.#client.summary(event.id));
      if (!stats) {
        // Not a failure: ESPN publishes box scores a little after the final whistle.
        this.#problems.notice(`ESPN summary of event ${event.id}: no box score yet`);
        return undefined;
      }
      this.#stats.set(event.id, stats);
      return stats;
    } catch (error) {
      this.#problems.note(describe(error));
      return undefined;
    }
  }
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
  };
}
