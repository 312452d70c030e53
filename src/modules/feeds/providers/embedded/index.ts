/**
 * The default, offline odds provider: a whole NFL regular season generated from seeds, so the
 * same season and the same `now` always give the same schedule, lines, props and results.
 * Time comes only from the `now` arguments.
 */

import type { GameOdds, GameResult, LiveScore, OddsProvider, PastLines, ScheduledGame } from "../../provider.ts";
import { currentSeasonAt } from "./kickoffs.ts";
import { type DriftPath, type Line, driftPath, lineAt, linePath, marketsFor, openingLine } from "./lines.ts";
import { type PropModel, buildProps } from "./props.ts";
import { seasonRatings } from "./ratings.ts";
import { liveState } from "./playout.ts";
import { RESULT_DELAY_MS, type Score, gameResult, simulateScore } from "./results.ts";
import { buildSchedule, parseProviderId } from "./schedule.ts";

interface GameModel {
  game: ScheduledGame;
  opening: Line;
  drift: DriftPath;
  props: PropModel[];
  kickoffMs: number;
  score?: Score;
  result?: GameResult;
}

interface SeasonModel {
  games: readonly ScheduledGame[];
  byId: ReadonlyMap<string, GameModel>;
}

/** Seasons far outside this range are almost certainly a bug in the caller. */
const MIN_SEASON = 1970;
const MAX_SEASON = 2200;

export class EmbeddedProvider implements OddsProvider {
  readonly name = "embedded";
  readonly #seasons = new Map<number, SeasonModel>();

  async currentSeason(now: Date): Promise<number> {
    return currentSeasonAt(now);
  }

  async schedule(season: number): Promise<ScheduledGame[]> {
    return this.#season(season).games.map((game) => ({ ...game }));
  }

  async odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]> {
    const out: GameOdds[] = [];
    for (const { providerId } of games) {
      const model = this.#game(providerId);
      if (!model) continue;
      out.push({
        providerId,
        odds: marketsFor(model.game, lineAt(model.game, model.opening, model.drift, now)),
        props: model.props.map((p) => ({ ...p.prop })),
      });
    }
    return out;
  }

  /** Every half-day step of the drift up to `now`, so a seeded season's history reaches back to Tuesday's opening. */
  async pastLines(games: readonly ScheduledGame[], now: Date): Promise<PastLines[]> {
    const out: PastLines[] = [];
    for (const { providerId } of games) {
      const model = this.#game(providerId);
      if (!model) continue;
      out.push({
        providerId,
        snapshots: linePath(model.game, model.opening, model.drift, now).map((s) => ({
          at: new Date(s.at).toISOString(),
          odds: marketsFor(model.game, s.line),
        })),
      });
    }
    return out;
  }

  async results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]> {
    const out: GameResult[] = [];
    for (const { providerId } of games) {
      const model = this.#game(providerId);
      if (!model || model.kickoffMs + RESULT_DELAY_MS > now.getTime()) continue;
      model.result ??= gameResult(model.game, model.props, model.opening, this.#score(model));
      out.push({ ...model.result, playerStats: model.result.playerStats.map((s) => ({ ...s })) });
    }
    return out;
  }

  /** Games between kick-off and their final play out on the clock (playout.ts), ending on the final score. */
  async liveScores(games: readonly ScheduledGame[], now: Date): Promise<LiveScore[]> {
    const out: LiveScore[] = [];
    for (const { providerId } of games) {
      const model = this.#game(providerId);
      if (!model) continue;
      const live = liveState(this.#score(model), now.getTime() - model.kickoffMs, RESULT_DELAY_MS);
      if (live) out.push({ providerId, ...live });
    }
    return out;
  }

  #score(model: GameModel): Score {
    model.score ??= simulateScore(model.game, model.opening);
    return model.score;
  }

  #game(providerId: string): GameModel | undefined {
    const parsed = parseProviderId(providerId);
    if (!parsed || parsed.season < MIN_SEASON || parsed.season > MAX_SEASON) return undefined;
    return this.#season(parsed.season).byId.get(providerId);
  }

  #season(season: number): SeasonModel {
    if (!Number.isInteger(season) || season < MIN_SEASON || season > MAX_SEASON) {
      throw new RangeError(`season must be a year between ${MIN_SEASON} and ${MAX_SEASON}, got ${season}`);
    }
    const cached = this.#seasons.get(season);
    if (cached) return cached;
    const ratings = seasonRatings(season);
    const games = buildSchedule(season, ratings);
    const byId = new Map<string, GameModel>();
    for (const game of games) {
      const opening = openingLine(game, ratings);
      byId.set(game.providerId, {
        game,
        opening,
        drift: driftPath(game),
        props: buildProps(game, opening),
        kickoffMs: Date.parse(game.commenceTime),
      });
    }
    const model = { games, byId };
    this.#seasons.set(season, model);
    return model;
  }
}
