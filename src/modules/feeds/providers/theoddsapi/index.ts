/**
 * The Odds API v4 (ODDS_API_KEY): bookmakers' moneyline, spreads and totals, player props for
 * the leading players, and final scores. It has no week numbers (spec §5's rule gives them) and
 * no player stats (props wait for an admin, or for ESPN's box score when it feeds ESPN's games).
 * Every paid call is paced by the credits left so a month's quota lasts, with a reserve never
 * spent; failures are logged and skipped, and what was read before stays in use.
 */

import type { Logger } from "../../../../lib/logger.ts";
import type {
  GameOdds,
  GameResult,
  LiveScore,
  OddsProvider,
  ProviderDiagnostics,
  ProviderProp,
  ScheduledGame,
} from "../../provider.ts";
import { DEFAULT_TIMEOUT_MS, ProviderError, describe } from "../http.ts";
import { currentNflSeason } from "../nfl.ts";
import { Problems } from "../problems.ts";
import { OddsApiClient, QuotaReserveError } from "./client.ts";
import { ID_PREFIX, findEvent, parseEvents, toScheduled, type OddsApiEvent } from "./events.ts";
import { gameMarkets } from "./markets.ts";
import { PROP_MARKETS, eventProps } from "./props.ts";
import { COST, spacingMs } from "./quota.ts";
import { finalScore, runningScore } from "./scores.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** After a failed paid call, wait this long before trying again (the scheduler backs off too). */
const RETRY_MS = 5 * MINUTE_MS;
/** The free events list is re-read this often at most. */
const EVENTS_SPACING_MS = 5 * MINUTE_MS;
/** Props are bought for games kicking off within this window… */
const PROPS_WINDOW_MS = 48 * HOUR_MS;
/** …for at most this many games per sync, so one run (a cron'd CLI has no memory) never spends much. */
const PROPS_PER_SYNC = 4;
/** Lines move most near kick-off: within this, they are read twice as often. */
const NEAR_KICKOFF_MS = 2 * HOUR_MS;
/** A game is asked for its final once it has run this long (NFL games take a little over three hours)… */
const AWAIT_FINAL_MS = 3 * HOUR_MS;
/** …and then every this often until it is final. */
const SCORES_SPACING_MS = 10 * MINUTE_MS;
/** /scores reports finished games up to three days back. */
const SCORES_DAYS = 3;
const DAY_MS = 24 * HOUR_MS;

export interface OddsApiOptions {
  baseUrl: string;
  apiKey: string;
  logger: Logger;
  /** Bookmaker keys in order of preference. */
  bookmakers: readonly string[];
  /** Credits never spent (half of them may go on final scores). */
  reserve: number;
  timeoutMs?: number;
}

export class TheOddsApiProvider implements OddsProvider {
  readonly name = "theoddsapi";
  readonly #client: OddsApiClient;
  readonly #problems: Problems;
  readonly #preference: readonly string[];
  readonly #reserve: number;
  /** Every event seen in /events, so a game stays known after it leaves the list. */
  readonly #events = new Map<string, OddsApiEvent>();
  #eventsAt: number | null = null;
  #lines: OddsApiEvent[] = [];
  #linesAt: number | null = null;
  #linesFailedAt: number | null = null;
  readonly #props = new Map<string, { at: number; props: ProviderProp[] }>();
  #scoresAt: number | null = null;
  /** The last /scores answer (bought for finals): its games under way give their running score at no extra cost. */
  #scores: { at: number; events: OddsApiEvent[] } | null = null;

  constructor(options: OddsApiOptions) {
    this.#client = new OddsApiClient(
      options.baseUrl,
      options.apiKey,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      options.reserve,
      options.logger,
    );
    this.#problems = new Problems(options.logger, "theoddsapi");
    this.#preference = options.bookmakers;
    this.#reserve = options.reserve;
  }

  async currentSeason(now: Date): Promise<number> {
    return currentNflSeason(now);
  }

  async schedule(season: number, now: Date = new Date()): Promise<ScheduledGame[]> {
    if (
      this.#eventsAt === null ||
      now.getTime() - this.#eventsAt >= EVENTS_SPACING_MS ||
      now.getTime() < this.#eventsAt
    ) {
      try {
        for (const event of this.#read(await this.#client.events(), "events")) this.#events.set(event.id, event);
        this.#eventsAt = now.getTime();
      } catch (error) {
        this.#problems.note(describe(error));
        if (this.#events.size === 0)
          throw new ProviderError(`The Odds API: the schedule could not be read (${describe(error)})`);
      }
    }
    return [...this.#events.values()].map((e) => toScheduled(e, season)).filter((g) => g !== undefined);
  }

  async odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]> {
    if (games.length === 0) return [];
    const t = now.getTime();
    const near = games.some((g) => Date.parse(g.commenceTime) > t && Date.parse(g.commenceTime) - t <= NEAR_KICKOFF_MS);
    const spacing = spacingMs("lines", COST.lines, this.#client.quota, this.#reserve, now, { near });
    const paced = this.#linesAt === null || t < this.#linesAt || t - this.#linesAt >= spacing;
    const retry = this.#linesFailedAt === null || t < this.#linesFailedAt || t - this.#linesFailedAt >= RETRY_MS;
    if (spacing === Number.POSITIVE_INFINITY) {
      this.#problems.notice(
        `The Odds API: ${this.#client.quota.remaining} credits left, at the reserve of ${this.#reserve}: lines and props wait for the quota to reset`,
      );
    } else if (paced && retry) {
      try {
        this.#lines = this.#read(await this.#client.odds(), "odds");
        this.#linesAt = t;
        this.#linesFailedAt = null;
      } catch (error) {
        this.#linesFailedAt = t;
        this.#problems.note(describe(error));
      }
    }
    await this.#buyProps(games, now);

    const out: GameOdds[] = [];
    for (const game of games) {
      const event = findEvent(this.#lines, game) ?? findEvent([...this.#events.values()], game);
      const odds = event ? gameMarkets(event.raw, game, this.#preference) : [];
      const props = event ? (this.#props.get(event.id)?.props ?? []) : [];
      if (odds.length > 0 || props.length > 0) out.push({ providerId: game.providerId, odds, props });
    }
    return out;
  }

  async results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]> {
    const t = now.getTime();
    const awaiting = games.filter(
      (g) => g.providerId.startsWith(ID_PREFIX) && Date.parse(g.commenceTime) + AWAIT_FINAL_MS <= t,
    );
    const reachable = awaiting.filter((g) => t - Date.parse(g.commenceTime) <= SCORES_DAYS * DAY_MS);
    for (const g of awaiting) {
      if (!reachable.includes(g))
        this.#problems.skip(
          `game ${g.providerId} (${g.awayAbbr} @ ${g.homeAbbr}) started over ${SCORES_DAYS} days ago: The Odds API no longer reports its score; resolve it by hand`,
        );
    }
    if (reachable.length === 0) return [];
    if (this.#scoresAt !== null && t >= this.#scoresAt && t - this.#scoresAt < SCORES_SPACING_MS) return [];
    this.#scoresAt = t;
    const oldest = Math.min(...reachable.map((g) => Date.parse(g.commenceTime)));
    const daysFrom = Math.min(SCORES_DAYS, Math.max(1, Math.ceil((t - oldest) / DAY_MS)));
    let events: OddsApiEvent[];
    try {
      events = this.#read(await this.#client.scores(daysFrom), "scores");
      this.#scores = { at: t, events };
    } catch (error) {
      if (error instanceof QuotaReserveError) this.#problems.notice(error.message);
      else this.#problems.note(describe(error));
      return [];
    }
    const out: GameResult[] = [];
    for (const game of reachable) {
      const event = findEvent(events, game);
      const score = event ? finalScore(event) : undefined;
      if (typeof score === "string") this.#problems.skip(score);
      // The Odds API has no player stats: the game's props wait for an admin.
      else if (score) out.push({ providerId: game.providerId, ...score, playerStats: [], statsUnknown: true });
    }
    return out;
  }

  /**
   * Running scores (no clock: the feed has none) of the games under way in the last /scores answer,
   * which is bought only for finals (from three hours after a kick-off): late in a game, or while
   * an earlier game awaits its final. Never a paid call of its own; an answer gone stale gives nothing.
   */
  async liveScores(games: readonly ScheduledGame[], now: Date): Promise<LiveScore[]> {
    const answer = this.#scores;
    if (!answer || now.getTime() < answer.at || now.getTime() - answer.at > SCORES_SPACING_MS) return [];
    return games.flatMap((game) => {
      const event = findEvent(answer.events, game);
      const score = event ? runningScore(event) : undefined;
      return score ? [{ providerId: game.providerId, ...score, status: null }] : [];
    });
  }

  diagnostics(): ProviderDiagnostics {
    return { ...this.#problems.take(), requestsRemaining: this.#client.quota.remaining };
  }

  /** Props for the games kicking off soonest, each re-bought when its share of the quota allows. */
  async #buyProps(games: readonly ScheduledGame[], now: Date): Promise<void> {
    const t = now.getTime();
    const soon = games
      .filter((g) => Date.parse(g.commenceTime) > t && Date.parse(g.commenceTime) - t <= PROPS_WINDOW_MS)
      .sort((a, b) => Date.parse(a.commenceTime) - Date.parse(b.commenceTime))
      .map((g) => findEvent(this.#lines, g))
      .filter((e) => e !== undefined);
    let budget = PROPS_PER_SYNC;
    for (const event of soon) {
      if (budget === 0) break;
      const cached = this.#props.get(event.id);
      const wait = spacingMs("props", COST.propsPerEvent, this.#client.quota, this.#reserve, now, {
        units: soon.length,
      });
      if (cached && t >= cached.at && t - cached.at < wait) continue;
      if (wait === Number.POSITIVE_INFINITY) break;
      budget -= 1;
      // Remember the attempt even if it fails, so a failing game is not retried every minute.
      this.#props.set(event.id, { at: t, props: cached?.props ?? [] });
      try {
        this.#props.set(event.id, {
          at: t,
          props: eventProps(
            await this.#client.eventOdds(
              event.id,
              PROP_MARKETS.map((m) => m.market),
            ),
            this.#preference,
          ),
        });
      } catch (error) {
        if (error instanceof QuotaReserveError) {
          this.#problems.notice(error.message);
          break;
        }
        this.#problems.note(
          error instanceof ProviderError
            ? error.message
            : `The Odds API props of event ${event.id}: unreadable answer (${describe(error)})`,
        );
      }
    }
  }

  /** Events from a list answer; a garbled answer throws (the caller keeps its last good data). */
  #read(body: unknown, what: string): OddsApiEvent[] {
    let parsed: ReturnType<typeof parseEvents>;
    try {
      parsed = parseEvents(body);
    } catch (error) {
      throw new ProviderError(`The Odds API ${what}: ${describe(error)}`);
    }
    for (const reason of parsed.skipped) this.#problems.skip(`The Odds API ${what}: ${reason}`);
    return parsed.events;
  }
}
