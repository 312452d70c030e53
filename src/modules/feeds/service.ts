import type { Db } from "../../runtime/index.ts";
import * as games from "../games/service.ts";
import { publish } from "../realtime/service.ts";
import { playerKey } from "./player-names.ts";
import type { GameOdds, OddsProvider, PlayerStat, ScheduledGame } from "./provider.ts";
import { followedKickoff } from "./rules.ts";

const CHUNK = 50;

/** Lets other work (requests, sockets) run between write chunks: the embedded engine blocks while it writes. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function inChunks<T>(items: readonly T[], work: (chunk: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) {
    await work(items.slice(i, i + CHUNK));
    await yieldToEventLoop();
  }
}

export interface SyncReport {
  provider: string;
  season: number;
  inserted: number;
  oddsUpdated: number;
  completed: number;
  /** Games whose kick-off the provider moved (flexed, postponed, corrected): see `followedKickoff`. */
  rescheduled: number;
  /** Games that kicked off since the last sync and got their closing line recorded. */
  closingLines: number;
  /** Finished games whose props got their players' figures. */
  statsRecorded: number;
  /** Games under way whose running score or status changed (scores_update tells the browsers). */
  liveScores: number;
  /** The provider held back figures it can fetch: ask again soon (fillPlayerStats), paced. */
  moreStats: boolean;
}

function propRows(gameId: string, odds: GameOdds): games.NewProp[] {
  return odds.props.map((p) => ({
    game_id: gameId,
    key: p.key,
    player_name: p.playerName,
    team: p.team,
    prop_type: p.propType,
    line: p.line,
    over_odds: p.overOdds,
    under_odds: p.underOdds,
  }));
}

/**
 * Brings our games in line with the provider at `now`: adds the season's schedule (seeding),
 * refreshes lines of games not yet started, and completes finished games through the same path
 * as an admin's resolve. Never touches a completed game, so an admin's score stands.
 * Idempotent: a second run with nothing new writes nothing.
 */
export async function syncGames(db: Db, provider: OddsProvider, now: Date): Promise<SyncReport> {
  const season = await provider.currentSeason(now);
  const schedule = await provider.schedule(season, now);
  const existing = new Map((await games.storedGames(db, season)).map((g) => [g.id, g]));
  const before = new Map([...existing].map(([id, row]) => [id, shownState(row)]));
  const report: SyncReport = {
    provider: provider.name,
    season,
    inserted: 0,
    oddsUpdated: 0,
    completed: 0,
    rescheduled: 0,
    closingLines: 0,
    statsRecorded: 0,
    liveScores: 0,
    moreStats: false,
  };

  const fresh = schedule.filter((g) => !existing.has(g.providerId));
  report.rescheduled = await moveKickoffs(db, schedule, existing, now);
  const open = schedule.filter((g) => {
    const row = existing.get(g.providerId);
    return row && row.completed_at === null && new Date(row.commence_time) > now;
  });
  const odds = new Map((await provider.odds([...fresh, ...open], now)).map((o) => [o.providerId, o]));
  const pastLines = new Map(
    (provider.pastLines && fresh.length > 0 ? await provider.pastLines(fresh, now) : []).map((p) => [
      p.providerId,
      p.snapshots,
    ]),
  );

  await inChunks(fresh, (chunk) =>
    db.transaction().execute(async (trx) => {
      await games.addGames(
        trx,
        chunk.map((g) => ({
          id: g.providerId,
          provider: provider.name,
          season: g.season,
          week: g.week,
          home_team: g.homeTeam,
          away_team: g.awayTeam,
          home_abbr: g.homeAbbr,
          away_abbr: g.awayAbbr,
          commence_time: g.commenceTime,
          home_score: null,
          away_score: null,
          completed_at: null,
          resolved_by: null,
          odds: JSON.stringify(odds.get(g.providerId)?.odds ?? []),
          odds_updated_at: odds.has(g.providerId) ? now.toISOString() : null,
          closing_odds: null,
        })),
        chunk.flatMap((g) => (odds.has(g.providerId) ? propRows(g.providerId, odds.get(g.providerId)!) : [])),
      );
      await games.recordLineMoves(
        trx,
        chunk.flatMap((g) => {
          const current = odds.get(g.providerId);
          if (!current) return [];
          const snapshots = pastLines.get(g.providerId) ?? [{ at: now.toISOString(), odds: current.odds }];
          return [{ gameId: g.providerId, source: provider.name, previous: [], snapshots }];
        }),
      );
    }),
  );
  report.inserted = fresh.length;

  const changed = await changedOdds(db, open, existing, odds);
  await inChunks(changed, (chunk) =>
    db.transaction().execute(async (trx) => {
      const moves: games.LineMoves[] = [];
      for (const { game, gameOdds } of chunk) {
        const stored = existing.get(game.providerId)!;
        const at = now.toISOString();
        if (!(await games.updateLines(trx, stored, gameOdds.odds, at, propRows(game.providerId, gameOdds)))) continue;
        moves.push({
          gameId: game.providerId,
          source: provider.name,
          previous: JSON.parse(stored.odds),
          snapshots: [{ at, odds: gameOdds.odds }],
        });
      }
      await games.recordLineMoves(trx, moves);
    }),
  );
  report.oddsUpdated = changed.length;

  report.closingLines = await snapshotClosingLines(db, season, now);
  report.completed = await completeFinishedGames(db, provider, season, now);
  report.liveScores = await recordLiveScores(db, provider, season, now);
  const stats = await fillPlayerStats(db, provider, now);
  report.statsRecorded = stats.recorded;
  report.moreStats = stats.more;

  if (report.oddsUpdated > 0 || report.completed > 0 || report.inserted > 0 || report.rescheduled > 0) {
    const changedIds = (await games.storedGames(db, season))
      .filter((row) => before.get(row.id) !== shownState(row))
      .map((row) => row.id);
    await db
      .transaction()
      .execute(async (trx) => publish(trx, now, "odds_update", await games.gamesUpdate(trx, changedIds, now)));
  }
  return report;
}

/**
 * Running scores of the games under way (kicked off by our clock, no final yet), as the provider
 * reports them; only changes are written. A final still comes only through completeFinishedGames.
 */
async function recordLiveScores(db: Db, provider: OddsProvider, season: number, now: Date): Promise<number> {
  if (!provider.liveScores) return 0;
  const started = (await games.storedGames(db, season)).filter(
    (g) => g.completed_at === null && new Date(g.commence_time) <= now,
  );
  if (started.length === 0) return 0;
  const rows = new Map(started.map((g) => [g.id, g]));
  const changed = (await provider.liveScores(started.map(scheduled), now)).filter((live) => {
    const row = rows.get(live.providerId);
    return (
      row !== undefined &&
      (row.home_score !== live.homeScore || row.away_score !== live.awayScore || row.live_status !== live.status)
    );
  });
  await inChunks(changed, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const { providerId, ...live } of chunk) await games.recordLiveScore(trx, providerId, live);
      // With the change it announces (a Sunday's games under way fit in one chunk: one message a sync).
      await publish(
        trx,
        now,
        "scores_update",
        await games.gamesUpdate(
          trx,
          chunk.map((live) => live.providerId),
          now,
        ),
      );
    }),
  );
  return changed.length;
}

async function changedOdds(
  db: Db,
  open: ScheduledGame[],
  existing: Map<string, games.StoredGame>,
  odds: Map<string, GameOdds>,
) {
  const props = Map.groupBy(
    await games.storedProps(
      db,
      open.map((g) => g.providerId),
    ),
    (p) => p.game_id,
  );
  return open.flatMap((game) => {
    const gameOdds = odds.get(game.providerId);
    if (!gameOdds) return [];
    const known = new Map((props.get(game.providerId) ?? []).map((p) => [p.key, p]));
    const propsMoved = gameOdds.props.some((p) => {
      const k = known.get(p.key);
      return !k || k.line !== p.line || k.over_odds !== p.overOdds || k.under_odds !== p.underOdds;
    });
    const linesMoved = JSON.stringify(gameOdds.odds) !== existing.get(game.providerId)!.odds;
    return linesMoved || propsMoved ? [{ game, gameOdds }] : [];
  });
}

async function completeFinishedGames(db: Db, provider: OddsProvider, season: number, now: Date): Promise<number> {
  // Re-read: games inserted just now (seeding mid-season) may already be over.
  const started = (await games.storedGames(db, season)).filter(
    (g) => g.completed_at === null && new Date(g.commence_time) <= now,
  );
  if (started.length === 0) return 0;
  const results = await provider.results(started.map(scheduled), now);
  const rows = new Map(started.map((g) => [g.id, g]));
  let completed = 0;
  await inChunks(results, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const result of chunk) {
        const row = await games.storedGame(trx, result.providerId);
        // An admin may have resolved it since we looked: their score stands.
        if (!row || row.completed_at !== null || !rows.has(row.id)) continue;
        await games.completeGame(trx, now, row, result, "provider");
        // Without stats from this source the props stay pending for an admin, never void.
        if (!result.statsUnknown) {
          await recordPlayerStats(trx, row.id, result.playerStats);
          await games.markUnreportedPropsDidNotPlay(trx, row.id);
        }
        completed += 1;
      }
    }),
  );
  return completed;
}

/**
 * Asks the provider for the figures of finished games whose props have none yet (their finals
 * came without them), records them and settles the props' bets. Only those games: a summary per
 * completed game would cost ESPN a megabyte each. The provider paces itself; `more` asks for
 * another call soon.
 */
export async function fillPlayerStats(
  db: Db,
  provider: OddsProvider,
  now: Date,
): Promise<{ recorded: number; more: boolean }> {
  if (!provider.playerStats) return { recorded: 0, more: false };
  const season = await games.latestStoredSeason(db);
  const waiting = season == null ? [] : await games.gamesAwaitingStats(db, season);
  if (waiting.length === 0) return { recorded: 0, more: false };
  const answer = await provider.playerStats(waiting.map(scheduled), now);
  const ids = new Set(waiting.map((g) => g.id));
  let recorded = 0;
  for (const { providerId, playerStats } of answer.stats) {
    if (!ids.has(providerId)) continue;
    await db.transaction().execute(async (trx) => {
      await recordPlayerStats(trx, providerId, playerStats);
      await games.markUnreportedPropsDidNotPlay(trx, providerId);
      // Settles the props' bets, which stayed pending when the game completed without figures.
      await publish(trx, now, "game.completed", { gameId: providerId, regrade: false });
    });
    recorded += 1;
  }
  return { recorded, more: answer.more };
}

function scheduled(g: games.StoredGame): ScheduledGame {
  return {
    providerId: g.id,
    season: g.season,
    week: g.week,
    homeTeam: g.home_team,
    awayTeam: g.away_team,
    homeAbbr: g.home_abbr,
    awayAbbr: g.away_abbr,
    commenceTime: g.commence_time,
  };
}

/**
 * Player figures for the props of a game that have none (an admin's stand). Sources spell names
 * differently ("Kenneth Walker III" / "Kenneth Walker"): matched on a loose key.
 */
async function recordPlayerStats(trx: Db, gameId: string, stats: readonly PlayerStat[]): Promise<void> {
  const props = (await games.storedProps(trx, [gameId])).filter((p) => p.stat_value === null && p.did_not_play === 0);
  const byPlayer = Map.groupBy(props, (p) => `${playerKey(p.player_name)}|${p.prop_type}`);
  for (const stat of stats) {
    for (const prop of byPlayer.get(`${playerKey(stat.playerName)}|${stat.propType}`) ?? []) {
      await games.recordPropStat(trx, gameId, prop.id, stat.value);
    }
  }
}

/**
 * Kick-offs move (flexed games, postponements, a drifting `commence_time`): `followedKickoff` says
 * which to keep. A game moved back into the future opens again, so its closing line is taken
 * afresh at the new kick-off.
 */
async function moveKickoffs(
  db: Db,
  schedule: readonly ScheduledGame[],
  existing: Map<string, games.StoredGame>,
  now: Date,
): Promise<number> {
  const moved = schedule.filter((g) => {
    const row = existing.get(g.providerId);
    if (!row || row.completed_at !== null) return false;
    const [ours, theirs] = [Date.parse(row.commence_time), Date.parse(g.commenceTime)];
    // Same kick-off: only a game not started yet takes a new week number.
    if (ours === theirs) return ours > now.getTime() && row.week !== g.week;
    return Date.parse(followedKickoff(row.commence_time, g.commenceTime, now, g.started)) === theirs;
  });
  await inChunks(moved, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const g of chunk) {
        const reopened = new Date(existing.get(g.providerId)!.commence_time) <= now && new Date(g.commenceTime) > now;
        await games.moveKickoff(trx, g.providerId, { commenceTime: g.commenceTime, week: g.week }, reopened);
      }
    }),
  );
  for (const g of moved)
    existing.set(g.providerId, { ...existing.get(g.providerId)!, commence_time: g.commenceTime, week: g.week });
  return moved.length;
}

/**
 * Records the closing lines of the games that have kicked off, from the lines we hold, without
 * asking the provider: what the scheduler still does when the provider cannot be read at all.
 */
export async function recordClosingLines(db: Db, now: Date): Promise<number> {
  const season = await games.latestStoredSeason(db);
  return season == null ? 0 : snapshotClosingLines(db, season, now);
}

/**
 * Odds stop moving at kick-off (only games not started are refreshed), so the line a game holds
 * once it has started is its closing line: record it once, for every provider, with its props'.
 */
async function snapshotClosingLines(db: Db, season: number, now: Date): Promise<number> {
  const started = (await games.storedGames(db, season)).filter(
    (g) => g.closing_odds === null && g.odds !== "[]" && new Date(g.commence_time) <= now,
  );
  await inChunks(started, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const g of chunk) await games.recordClosingLine(trx, g.id, g.odds);
      // Browsers need not refetch for it (no odds_update), but every process's cached games must.
      await publish(trx, now, "games.changed", {});
    }),
  );
  return started.length;
}

/** What of a stored game the browsers show (its lines, kick-off, score and state): a change of it is sent to them. */
function shownState(row: games.StoredGame): string {
  return JSON.stringify([
    row.commence_time,
    row.odds,
    row.completed_at,
    row.home_score,
    row.away_score,
    row.live_status,
  ]);
}
