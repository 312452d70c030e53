import type { Config } from "../config.ts";
import pino from "pino";
import { systemClock } from "../lib/clock.ts";
import { createLogger } from "../lib/logger.ts";
import { AppError } from "../lib/errors.ts";
import { cliActor } from "../modules/audit/service.ts";
import { winnersRecorded } from "../modules/contest/service.ts";
import { ProviderError } from "../modules/feeds/providers/http.ts";
import { createProvider } from "../modules/feeds/providers/index.ts";
import { resolveGame } from "../modules/games/service.ts";
import { syncGames } from "../modules/feeds/service.ts";
import { CliError, withDatabase } from "./context.ts";

function score(flag: string, raw: string | undefined): number {
  if (raw === undefined) throw new CliError(`${flag} is required`);
  if (!/^\d{1,3}$/.test(raw)) throw new CliError(`${flag} must be a whole number from 0 to 999 (got "${raw}")`);
  return Number(raw);
}

/** `resolve-game`: the admin resolve from the command line — same service, validation and audit. */
export async function resolveGameCommand(
  config: Config,
  gameId: string,
  flags: { away?: string; home?: string; regrade?: boolean },
) {
  const input = {
    awayScore: score("--away", flags.away),
    homeScore: score("--home", flags.home),
    status: "completed" as const,
    regrade: flags.regrade,
  };
  await withDatabase(config, async ({ db }) => {
    try {
      const game = await resolveGame(db, systemClock.now(), gameId, input, cliActor, (season, week) =>
        winnersRecorded(db, season, week),
      );
      console.log(
        `${game.awayTeam} ${game.awayScore} @ ${game.homeTeam} ${game.homeScore}: ${flags.regrade ? "regraded" : "resolved"}. Bets settle automatically.`,
      );
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
  });
}

/** `odds sync`: one provider sync, for cron or by hand. Provider warnings go to stderr as JSON lines. */
export async function oddsSyncCommand(config: Config) {
  const provider = createProvider(config, createLogger(config.logLevel, pino.destination(2)));
  await withDatabase(config, async ({ db }) => {
    let report: Awaited<ReturnType<typeof syncGames>>;
    try {
      report = await syncGames(db, provider, systemClock.now());
    } catch (error) {
      // The provider could not be read at all: say so plainly; the database was left as it was.
      if (error instanceof ProviderError) throw new CliError(`${error.message}; nothing was changed`);
      throw error;
    }
    console.log(
      `${report.provider} season ${report.season}: ${report.inserted} games added, ${report.oddsUpdated} with new odds, ${report.completed} completed.`,
    );
    const diagnostics = provider.diagnostics?.();
    if (diagnostics?.requestsRemaining != null)
      console.log(`The Odds API: ${diagnostics.requestsRemaining} requests left this month.`);
    // Problems were logged as they happened; the run still succeeded with what could be read.
    if (diagnostics?.problems.length)
      console.error(`warning: ${diagnostics.problems.length} provider problem(s); the last good data was kept.`);
    for (const fault of diagnostics?.faults ?? []) console.error(`warning: ${fault}`);
    for (const notice of diagnostics?.notices ?? []) console.error(`note: ${notice}`);
  });
}
