import type { Insertable } from "kysely";
import type { Db } from "../../runtime/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import * as audit from "../audit/service.ts";
import { publish } from "../realtime/service.ts";
import type { Game, LineHistory, OddsMarket } from "../../shared/contract/games.ts";
import type { GamesUpdate } from "../../shared/contract/live.ts";
import type { ResolveInput } from "./model.ts";
import * as repo from "./repo.ts";
import {
  currentWeek as weekRule,
  isBettingOpen,
  movedQuotes,
  nextClockChange,
  seasonYearOf,
  statusAt,
  weekNumber,
} from "./rules.ts";
import type { GamePropRow, GamePropsTable, GameRow, GamesTable, LineChangesTable } from "./table.ts";

/** The season calendar, for the odds feed's providers (they place their games in weeks). */
export { LIVE_WINDOW_MS, seasonStart, weekNumber } from "./rules.ts";

function toGame(row: GameRow, props: readonly GamePropRow[], now: Date): Game {
  return {
    id: row.id,
    season: row.season,
    week: row.week,
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    homeAbbr: row.home_abbr,
    awayAbbr: row.away_abbr,
    commenceTime: row.commence_time,
    status: statusAt({ commenceTime: row.commence_time, completed: row.completed_at !== null }, now),
    homeScore: row.home_score,
    awayScore: row.away_score,
    liveStatus: row.completed_at === null ? row.live_status : null,
    odds: JSON.parse(row.odds) as Game["odds"],
    oddsUpdatedAt: row.odds_updated_at,
    closingOdds: row.closing_odds === null ? null : (JSON.parse(row.closing_odds) as Game["odds"]),
    playerProps: props.map((p) => ({
      id: p.id,
      playerName: p.player_name,
      team: p.team,
      propType: p.prop_type,
      line: p.line,
      overOdds: p.over_odds,
      underOdds: p.under_odds,
    })),
  };
}

async function withProps(db: Db, rows: GameRow[], now: Date): Promise<Game[]> {
  const props = await repo.propsOfGames(
    db,
    rows.map((r) => r.id),
  );
  const byGame = Map.groupBy(props, (p) => p.game_id);
  return rows.map((row) => toGame(row, byGame.get(row.id) ?? [], now));
}

/** The season on show: the newest one we hold, else the one the date falls in. */
export async function currentSeason(db: Db, now: Date): Promise<number> {
  const row = await repo.latestSeason(db);
  return row?.season ?? seasonYearOf(now);
}

/** The advancing current week (DESIGN "Configuration and contracts"), computed here so browsers never guess it. */
export async function currentWeek(db: Db, now: Date): Promise<{ season: number; week: number }> {
  const season = await currentSeason(db, now);
  const games = await repo.weekClockOfSeason(db, season);
  if (games.length === 0) return { season, week: weekNumber(now) };
  const week = weekRule(
    games.map((g) => ({ week: g.week, commenceTime: g.commence_time, completed: g.completed_at !== null })),
    now,
  );
  return { season, week };
}

/** When the current week (or the season's statuses) next change by the clock alone; Infinity if never. */
export async function nextWeekClockChange(db: Db, now: Date): Promise<number> {
  const games = await repo.weekClockOfSeason(db, await currentSeason(db, now));
  const byClock = nextClockChange(
    games.map((g) => ({ commenceTime: g.commence_time, completed: g.completed_at !== null })),
    now,
  );
  // With no season in the database the week follows the calendar: look again within the hour.
  return games.length === 0 ? now.getTime() + 60 * 60 * 1000 : byClock;
}

/** A game started this long ago and still without a final counts as under way for the sync's cadence. */
const UNDER_WAY_MS = 6 * 60 * 60 * 1000;

/** What the provider sync's cadence needs: the season's next kick-off and the games under way. */
export async function syncPace(db: Db, now: Date): Promise<{ nextKickoff: Date | null; liveGames: number }> {
  const games = await repo.weekClockOfSeason(db, await currentSeason(db, now));
  const t = now.getTime();
  let next = Number.POSITIVE_INFINITY;
  let liveGames = 0;
  for (const game of games) {
    const kickoff = Date.parse(game.commence_time);
    if (kickoff > t) next = Math.min(next, kickoff);
    else if (game.completed_at === null && t - kickoff <= UNDER_WAY_MS) liveGames += 1;
  }
  return { nextKickoff: Number.isFinite(next) ? new Date(next) : null, liveGames };
}

/** Whether any game kicked off after `since` and by `now` (a league reveals picks only then). */
export async function anyKickoffBetween(db: Db, since: Date, now: Date): Promise<boolean> {
  return (await repo.oneKickoffBetween(db, since.toISOString(), now.toISOString())) !== undefined;
}

/** How many games a week of a season has. */
export function gamesInWeek(db: Db, season: number, week: number): Promise<number> {
  return repo.countGamesOfWeek(db, season, week);
}

/** A week's games as pools read them: as players see them (lines, scores, status) but without props, in kick-off order. */
export async function gamesOfWeek(db: Db, season: number, week: number, now: Date): Promise<Game[]> {
  return (await repo.gamesOfSeason(db, season, week)).map((row) => toGame(row, [], now));
}

/** Every game of a season by its week and kick-off, and whether it is final (pools count their weeks from it). */
export async function seasonClock(
  db: Db,
  season: number,
): Promise<{ week: number; commenceTime: string; completed: boolean }[]> {
  return (await repo.weekClockOfSeason(db, season)).map((g) => ({
    week: g.week,
    commenceTime: g.commence_time,
    completed: g.completed_at !== null,
  }));
}

/** The games that got their final score after `since` and by `now`, with their teams and score. */
export async function gamesCompletedBetween(db: Db, since: Date, now: Date) {
  return (await repo.completedBetween(db, since.toISOString(), now.toISOString())).map((g) => ({
    id: g.id,
    season: g.season,
    week: g.week,
    awayTeam: g.away_team,
    homeTeam: g.home_team,
    awayScore: g.away_score,
    homeScore: g.home_score,
    completedAt: g.completed_at!,
  }));
}

/** The season's games (or one week's), kick-off order, with odds and props. */
export async function listGames(db: Db, now: Date, week?: number): Promise<Game[]> {
  const season = await currentSeason(db, now);
  return withProps(db, await repo.gamesOfSeason(db, season, week), now);
}

export async function getGame(db: Db, id: string, now: Date): Promise<Game> {
  const row = await repo.findGame(db, id);
  if (!row) throw notFound("Game not found", "game_not_found");
  return (await withProps(db, [row], now))[0]!;
}

/**
 * What the betting module needs to price and lock a bet: the game as players see it, whether it is
 * open, and when its odds were published. Of the props it carries only `propId`'s (the one a prop
 * bet names): placing is the hottest path, and a game has dozens.
 */
export async function gameForBetting(
  db: Db,
  id: string,
  now: Date,
  propId: number | null,
): Promise<{ game: Game; open: boolean; pricedAt: string | null }> {
  const row = await repo.findGame(db, id);
  if (!row) throw notFound("Game not found", "game_not_found");
  const game = toGame(row, propId === null ? [] : await repo.propsById(db, id, [propId]), now);
  return {
    game,
    open: isBettingOpen({ commenceTime: row.commence_time, completed: row.completed_at !== null }, now),
    pricedAt: row.odds_updated_at,
  };
}

/** A completed game's facts for settlement; null while the game has no final score. */
export async function finalFacts(db: Db, id: string) {
  const row = await repo.findGame(db, id);
  if (!row || row.completed_at === null || row.home_score === null || row.away_score === null) return null;
  const props = await repo.propsOfGames(db, [id]);
  return {
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    homeAbbr: row.home_abbr,
    awayAbbr: row.away_abbr,
    homeScore: row.home_score,
    awayScore: row.away_score,
    props: new Map(
      props.map((p) => [
        p.id,
        {
          statValue: p.stat_value,
          didNotPlay: p.did_not_play === 1,
          playerName: p.player_name,
          propType: p.prop_type,
        },
      ]),
    ),
  };
}

export interface FinalScore {
  homeScore: number;
  awayScore: number;
}

/**
 * Gives a game its final score inside the caller's transaction and announces it: first the final to
 * the open screens (an `odds_update`), then `game.completed`, so settlement follows. The one path for
 * admins and providers alike. In that order because delivery is in order and waits for each event's
 * reactions: settling a busy game's bets first would hold the final back from every screen (the
 * sweat room's fan-out, bench/league-sweat.ts).
 */
export async function completeGame(
  trx: Db,
  now: Date,
  row: GameRow,
  score: FinalScore,
  resolvedBy: "provider" | "admin",
): Promise<void> {
  const regrade = row.completed_at !== null;
  await repo.updateGame(trx, row.id, {
    home_score: score.homeScore,
    away_score: score.awayScore,
    completed_at: row.completed_at ?? now.toISOString(),
    resolved_by: resolvedBy,
    live_status: null,
  });
  await publish(trx, now, "odds_update", await gamesUpdate(trx, [row.id], now));
  const previous =
    regrade && row.home_score !== null && row.away_score !== null
      ? { previous: { awayScore: row.away_score, homeScore: row.home_score } }
      : {};
  await publish(trx, now, "game.completed", { gameId: row.id, regrade, ...previous });
}

/** Says whether a week's results are final (its contest winners recorded): no regrades then. */
export type WeekLock = (season: number, week: number) => Promise<boolean>;

/** An admin resolves a game, or with `regrade` corrects a completed one; audited, and settles its bets. */
export async function resolveGame(
  db: Db,
  now: Date,
  gameId: string,
  input: ResolveInput,
  actor: audit.Actor,
  weekLocked: WeekLock = async () => false,
): Promise<Game> {
  const game = await repo.findGame(db, gameId);
  if (game?.completed_at && input.regrade && (await weekLocked(game.season, game.week))) {
    throw conflict(`Week ${game.week}'s winners are recorded: its games can no longer be regraded`, "week_final");
  }
  return db.transaction().execute(async (trx) => {
    const row = await repo.findGame(trx, gameId);
    if (!row) throw notFound("Game not found", "game_not_found");
    if (row.completed_at !== null && !input.regrade) {
      throw conflict(
        "This game is already completed. Send regrade: true to correct its final score.",
        "game_completed",
      );
    }
    const props = await repo.propsOfGames(trx, [gameId]);
    const propIds = new Set(props.map((p) => p.id));
    for (const stat of input.playerStats ?? []) {
      if (!propIds.has(stat.propId))
        throw badRequest(`playerStats: prop ${stat.propId} is not a prop of this game`, "unknown_prop");
      if (!stat.didNotPlay && (stat.value === undefined || stat.value === null)) {
        throw badRequest(`playerStats: prop ${stat.propId} needs a value or didNotPlay: true`);
      }
    }
    await completeGame(trx, now, row, input, "admin");
    for (const stat of input.playerStats ?? []) {
      await repo.setPropStat(trx, gameId, stat.propId, {
        stat_value: stat.didNotPlay ? null : stat.value!,
        did_not_play: stat.didNotPlay ? 1 : 0,
      });
    }
    const regrade = row.completed_at !== null;
    await audit.record(trx, now, actor, regrade ? "game.regrade" : "game.resolve", `game:${gameId}`, {
      homeScore: input.homeScore,
      awayScore: input.awayScore,
      ...(regrade ? { previous: { homeScore: row.home_score, awayScore: row.away_score } } : {}),
      ...(input.playerStats?.length ? { playerStats: input.playerStats } : {}),
      // Allowed (a cancelled or moved game, a test), but it stands out in the log: the screen warns first.
      ...(Date.parse(row.commence_time) > now.getTime() ? { beforeKickoff: true } : {}),
    });
    return getGame(trx, gameId, now);
  });
}

export interface WeekFacts {
  season: number;
  week: number;
  gamesScheduled: number;
  gamesCompleted: number;
  /** ISO kick-off of the week's first game; null without games. */
  firstKickoff: string | null;
  /** Every game of the week came from the embedded (generated) season. */
  generated: boolean;
}

/** The facts of one week of a season the contest needs. */
export async function weekFacts(db: Db, season: number, week: number): Promise<WeekFacts> {
  const games = await repo.gamesOfSeason(db, season, week);
  return {
    season,
    week,
    gamesScheduled: games.length,
    gamesCompleted: games.filter((g) => g.completed_at !== null).length,
    firstKickoff: games[0]?.commence_time ?? null,
    generated: games.length > 0 && games.every((g) => g.provider === "embedded"),
  };
}

/** The facts of every week of a season, from one read of its games (the admin's review of the weeks). */
export async function seasonWeekFacts(db: Db, season: number): Promise<Map<number, WeekFacts>> {
  const byWeek = Map.groupBy(await repo.gamesOfSeason(db, season), (g) => g.week);
  return new Map(
    [...byWeek].map(([week, games]) => [
      week,
      {
        season,
        week,
        gamesScheduled: games.length,
        gamesCompleted: games.filter((g) => g.completed_at !== null).length,
        firstKickoff: games[0]?.commence_time ?? null,
        generated: games.every((g) => g.provider === "embedded"),
      },
    ]),
  );
}

/** A week's games in kick-off order: id, teams, kick-off and whether betting on it is still open. */
export async function weekSchedule(db: Db, season: number, week: number, now: Date) {
  return (await repo.gamesOfSeason(db, season, week)).map((g) => ({
    id: g.id,
    awayAbbr: g.away_abbr,
    homeAbbr: g.home_abbr,
    commenceTime: g.commence_time,
    open: isBettingOpen({ commenceTime: g.commence_time, completed: g.completed_at !== null }, now),
  }));
}

/** The week of a season's first game kicking off at or after `from` (ISO-8601); null when none does. */
export async function weekOfFirstGameFrom(db: Db, season: number, from: string): Promise<number | null> {
  const start = Date.parse(from);
  return (await repo.gamesOfSeason(db, season)).find((g) => Date.parse(g.commence_time) >= start)?.week ?? null;
}

/** The latest week of the season whose games are all completed, or null. */
export async function lastCompletedWeek(db: Db, now: Date): Promise<{ season: number; week: number } | null> {
  const season = await currentSeason(db, now);
  const games = await repo.weekClockOfSeason(db, season);
  const open = new Set(games.filter((g) => g.completed_at === null).map((g) => g.week));
  const done = [...new Set(games.map((g) => g.week))].filter((w) => !open.has(w));
  return done.length ? { season, week: Math.max(...done) } : null;
}

// What the odds feed (modules/feeds) reads and writes of our games: it decides what changes, the
// games module owns the tables. Each write moves the games' data version (repo.ts).

export type StoredGame = GameRow;
export type NewGame = Insertable<GamesTable>;
export type NewProp = Insertable<GamePropsTable>;

/** The newest season we hold, or null without games. */
export async function latestStoredSeason(db: Db): Promise<number | null> {
  return (await repo.latestSeason(db))?.season ?? null;
}

/** More changed games than this in one update, and browsers are told to refetch instead (a season's seeding). */
export const GAMES_UPDATE_MAX = 32;

/** What an odds or scores update carries: the changed games as browsers show them, and the current week. */
export async function gamesUpdate(db: Db, ids: readonly string[], now: Date): Promise<GamesUpdate> {
  const unique = [...new Set(ids)];
  const games = unique.length > GAMES_UPDATE_MAX ? null : await Promise.all(unique.map((id) => getGame(db, id, now)));
  return { games, currentWeek: await currentWeek(db, now) };
}

/** A season's games as stored, kick-off order. */
export function storedGames(db: Db, season: number): Promise<StoredGame[]> {
  return repo.gamesOfSeason(db, season);
}

export async function storedGame(db: Db, id: string): Promise<StoredGame | null> {
  return (await repo.findGame(db, id)) ?? null;
}

/** The props of these games as stored, with their figures. */
export function storedProps(db: Db, gameIds: readonly string[]): Promise<GamePropRow[]> {
  return repo.propsOfGames(db, gameIds);
}

/** Completed games of a season with props that have neither a figure nor "did not play". */
export function gamesAwaitingStats(db: Db, season: number): Promise<StoredGame[]> {
  return repo.completedGamesAwaitingStats(db, season);
}

/** Adds scheduled games and their props (seeding a season, or games the provider added). */
export async function addGames(trx: Db, games: NewGame[], props: NewProp[]): Promise<void> {
  await repo.insertGames(trx, games);
  await repo.upsertProps(trx, props);
}

/**
 * Moves a game's lines (JSON of its markets) from `previous` (as read), adds or moves its props
 * (never deleted), and keeps the line history. False, and nothing written, when another sync
 * moved the lines since they were read: that one wrote and recorded them.
 */
export async function updateLines(
  trx: Db,
  game: { id: string; odds: string },
  odds: OddsMarket[],
  at: string,
  props: NewProp[],
): Promise<boolean> {
  if (!(await repo.moveLines(trx, game.id, game.odds, { odds: JSON.stringify(odds), odds_updated_at: at })))
    return false;
  await repo.upsertProps(trx, props);
  return true;
}

/** Follows a moved kick-off; a game moved back into the future (`reopened`) takes its closing line again later. */
export async function moveKickoff(
  trx: Db,
  gameId: string,
  kickoff: { commenceTime: string; week: number },
  reopened: boolean,
): Promise<void> {
  await repo.updateGame(trx, gameId, { commence_time: kickoff.commenceTime, week: kickoff.week });
  if (!reopened) return;
  await repo.clearClosingLine(trx, gameId);
  await repo.setLiveScore(trx, gameId, { homeScore: null, awayScore: null, status: null });
}

export interface LiveScore {
  homeScore: number;
  awayScore: number;
  status: string | null;
}

/**
 * A game under way: its running score and status as the feed gives them. Never a final (settlement
 * waits for completeGame) and never over one.
 */
export async function recordLiveScore(trx: Db, gameId: string, live: LiveScore): Promise<void> {
  await repo.setLiveScore(trx, gameId, live);
}

/** Records a game's closing line: its odds as they stand (JSON), and each of its props' line and prices. */
export async function recordClosingLine(trx: Db, gameId: string, closingOdds: string): Promise<void> {
  await repo.recordClosingLine(trx, gameId, closingOdds);
}

/** A player's figure for one prop of a game. */
export async function recordPropStat(trx: Db, gameId: string, propId: number, value: number) {
  await repo.setPropStat(trx, gameId, propId, { stat_value: value, did_not_play: 0 });
}

/** Props of a finished game with no figure: their player did not play. */
export async function markUnreportedPropsDidNotPlay(trx: Db, gameId: string): Promise<void> {
  await repo.markUnreportedPropsDidNotPlay(trx, gameId);
}

/** A game's lines as a feed quoted them at one moment. */
export interface LineSnapshot {
  at: string;
  odds: OddsMarket[];
}

/**
 * What one sync saw of one game's lines: the lines we held before (none for a new game) and what
 * the feed quotes now, or its moves since then, oldest first, for a feed that tells its past.
 */
export interface LineMoves {
  gameId: string;
  source: string;
  previous: readonly OddsMarket[];
  snapshots: readonly LineSnapshot[];
}

/**
 * Keeps the line history: a row for each selection whose point or price moved, none for a game
 * whose lines stand. Called by the sync in the transaction that writes the lines.
 */
export async function recordLineMoves(trx: Db, moves: readonly LineMoves[]): Promise<void> {
  const rows: Insertable<LineChangesTable>[] = [];
  for (const { gameId, source, previous, snapshots } of moves) {
    let before = previous;
    for (const { at, odds } of snapshots) {
      for (const q of movedQuotes(before, odds)) rows.push({ game_id: gameId, changed_at: at, source, ...q });
      before = odds;
    }
  }
  await repo.insertLineChanges(trx, rows);
}

/** A game's line history, oldest first, a page of at most `limit` changes after the change `after`. */
export async function lineHistory(db: Db, gameId: string, after: number, limit: number): Promise<LineHistory> {
  const [game, rows] = await Promise.all([
    repo.gameExists(db, gameId),
    repo.lineChangesOfGame(db, gameId, after, limit + 1),
  ]);
  if (!game) throw notFound("Game not found", "game_not_found");
  const page = rows.slice(0, limit);
  return {
    gameId,
    changes: page.map((r) => ({
      id: r.id,
      market: r.market as LineHistory["changes"][number]["market"],
      selection: r.selection,
      point: r.point,
      price: r.price,
      at: r.changed_at,
      source: r.source,
    })),
    next: rows.length > limit ? page.at(-1)!.id : null,
  };
}
