import type { Config } from "../config.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { cliActor } from "../modules/audit/service.ts";
import { winnersRecorded } from "../modules/contest/service.ts";
import { createProvider } from "../modules/games/providers/index.ts";
import { resolveGame } from "../modules/games/service.ts";
import { syncGames } from "../modules/games/sync.ts";
import { CliError, withDatabase } from "./context.ts";

function score(flag: string, raw: string | undefined): number {
  if (raw === undefined) throw new CliError(`${flag} is required`);
  if (!/^\d{1,3}$/.test(raw)) throw new CliError(`${flag} must be a whole number from 0 to 999 (got "${raw}")`);
  return Number(raw);
}

/** `resolve-game`: the admin resolve from the command line — same service, validation and audit. */
export async function resolveGameCommand(config: Config, gameId: string, flags: { away?: string; home?: string; regrade?: boolean }) {
  const input = { awayScore: score("--away", flags.away), homeScore: score("--home", flags.home), status: "completed" as const, regrade: flags.regrade };
  await withDatabase(config, async ({ db }) => {
    try {
      const game = await resolveGame(db, systemClock.now(), gameId, input, cliActor, (season, week) => winnersRecorded(db, season, week));
      console.log(`${game.awayTeam} ${game.awayScore} @ ${game.homeTeam} ${game.homeScore}: ${flags.regrade ? "regraded" : "resolved"}. Bets settle automatically.`);
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
  });
}

/** `odds sync`: one provider sync, for cron or by hand. */
export async function oddsSyncCommand(config: Config) {
  const provider = createProvider(config);
  await withDatabase(config, async ({ db }) => {
    const report = await syncGames(db, provider, systemClock.now());
    console.log(
      `${report.provider} season ${report.season}: ${report.inserted} games added, ${report.oddsUpdated} with new odds, ${report.completed} completed.`,
    );
  });
}
