import type { Insertable } from "kysely";
import type { Db } from "../../db/connection.ts";
import { publish } from "../realtime/service.ts";
import type { GameOdds, OddsProvider, ScheduledGame } from "./provider.ts";
import * as repo from "./repo.ts";
import { completeGame } from "./service.ts";
import type { GamePropsTable, GameRow } from "./table.ts";

const CHUNK = 50;

/** Lets other work (requests, sockets) run between write chunks: bun:sqlite blocks while it writes. */
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
}

function propRows(gameId: string, odds: GameOdds): Insertable<GamePropsTable>[] {
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
  const schedule = await provider.schedule(season);
  const existing = new Map((await repo.gamesOfSeason(db, season)).map((g) => [g.id, g]));
  const report: SyncReport = { provider: provider.name, season, inserted: 0, oddsUpdated: 0, completed: 0 };

  const fresh = schedule.filter((g) => !existing.has(g.providerId));
  const open = schedule.filter((g) => {
    const row = existing.get(g.providerId);
    return row && row.completed_at === null && new Date(g.commenceTime) > now;
  });
  const odds = new Map((await provider.odds([...fresh, ...open], now)).map((o) => [o.providerId, o]));

  await inChunks(fresh, (chunk) =>
    db.transaction().execute(async (trx) => {
      await repo.insertGames(
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
        })),
      );
      await repo.upsertProps(trx, chunk.flatMap((g) => (odds.has(g.providerId) ? propRows(g.providerId, odds.get(g.providerId)!) : [])));
    }),
  );
  report.inserted = fresh.length;

  const changed = await changedOdds(db, open, existing, odds);
  await inChunks(changed, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const { game, gameOdds } of chunk) {
        await repo.updateGame(trx, game.providerId, { odds: JSON.stringify(gameOdds.odds), odds_updated_at: now.toISOString() });
        await repo.upsertProps(trx, propRows(game.providerId, gameOdds));
      }
    }),
  );
  report.oddsUpdated = changed.length;

  report.completed = await completeFinishedGames(db, provider, season, now);

  if (report.oddsUpdated > 0 || report.completed > 0 || report.inserted > 0) {
    await db.transaction().execute((trx) => publish(trx, now, "odds_update", {}));
  }
  return report;
}

async function changedOdds(db: Db, open: ScheduledGame[], existing: Map<string, GameRow>, odds: Map<string, GameOdds>) {
  const props = Map.groupBy(await repo.propsOfGames(db, open.map((g) => g.providerId)), (p) => p.game_id);
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
  const started = (await repo.gamesOfSeason(db, season)).filter((g) => g.completed_at === null && new Date(g.commence_time) <= now);
  if (started.length === 0) return 0;
  const results = await provider.results(
    started.map((g) => ({
      providerId: g.id,
      season: g.season,
      week: g.week,
      homeTeam: g.home_team,
      awayTeam: g.away_team,
      homeAbbr: g.home_abbr,
      awayAbbr: g.away_abbr,
      commenceTime: g.commence_time,
    })),
    now,
  );
  const rows = new Map(started.map((g) => [g.id, g]));
  let completed = 0;
  await inChunks(results, (chunk) =>
    db.transaction().execute(async (trx) => {
      for (const result of chunk) {
        const row = await repo.findGame(trx, result.providerId);
        // An admin may have resolved it since we looked: their score stands.
        if (!row || row.completed_at !== null || !rows.has(row.id)) continue;
        await completeGame(trx, now, row, result, "provider");
        for (const stat of result.playerStats) await repo.setPropStatByPlayer(trx, row.id, stat.playerName, stat.propType, stat.value);
        await repo.markUnreportedPropsDidNotPlay(trx, row.id);
        completed += 1;
      }
    }),
  );
  return completed;
}
