/** The commands (commander), loaded by src/main.ts once it handles the stop signals. */
import { Command } from "commander";
import { ConfigError } from "../config.ts";
import { CliError, configFrom, type DataFlags } from "./context.ts";
import { migrate } from "./migrate.ts";
import { serve } from "./serve.ts";
import { promoteUser, resetLinkCommand } from "./users.ts";
import { oddsSyncCommand, resolveGameCommand } from "./games.ts";
import { botsEnsureCommand, botsStatsCommand, botsWeeklyUpdateCommand } from "./bots.ts";
import { contestWinnersCommand } from "./contest.ts";
import { backupCommand, restoreCommand } from "./backup.ts";
import { healthcheckCommand } from "./healthcheck.ts";
import { migrateToPostgresCommand } from "./migrate-to-postgres.ts";
import { SchemaTooNewError } from "../db/migrate.ts";
import { DatabaseConnectError } from "../runtime/connection.ts";

const program = new Command()
  .name("nfl-paper-trading")
  .description(
    "NFL Paper Trading: paper bets on NFL games. Settings come from the environment (see docs/configuration.md); flags win.",
  )
  .showHelpAfterError();

const dbOption = [
  "--db <path>",
  "SQLite database file, or a postgres:// URL (default: $DATABASE_URL, else $DATABASE_PATH or ./data/nfl-paper-trading.db)",
] as const;

program
  .command("serve", { isDefault: true })
  .description("run the web app (the default command)")
  .option("--port <port>", "port to listen on (default: $PORT or 3000)")
  .option(...dbOption)
  .action((flags: DataFlags & { port?: string }) => serve(configFrom(flags)));

program
  .command("migrate")
  .description("bring the database up to this version's schema")
  .option(...dbOption)
  .action((flags: DataFlags) => migrate(configFrom(flags)));

const users = program.command("users").description("manage accounts");
users
  .command("promote <email>")
  .description("make an existing account a site admin")
  .option(...dbOption)
  .action((email: string, flags: DataFlags) => promoteUser(configFrom(flags), email));
users
  .command("reset-link <email>")
  .description("print a one-time password reset link (valid for an hour) for a player")
  .option(...dbOption)
  .action((email: string, flags: DataFlags) => resetLinkCommand(configFrom(flags), email));

program
  .command("resolve-game <gameId>")
  .description("give a game its final score (like Admin Game Resolution); its bets settle")
  .requiredOption("--away <score>", "the away team's final score")
  .requiredOption("--home <score>", "the home team's final score")
  .option("--regrade", "correct the score of a game that is already completed")
  .option(...dbOption)
  .action((gameId: string, flags: DataFlags & { away?: string; home?: string; regrade?: boolean }) =>
    resolveGameCommand(configFrom(flags), gameId, flags),
  );

const odds = program.command("odds").description("games and odds from the provider (ODDS_PROVIDER)");
odds
  .command("sync")
  .description("fetch the schedule, odds and final scores once (serve does this on its own)")
  .option(...dbOption)
  .action((flags: DataFlags) => oddsSyncCommand(configFrom(flags)));

const bots = program.command("bots").description("bot players (safe under cron: idempotent, non-zero exit on failure)");
bots
  .command("ensure")
  .description("make sure at least --count bots exist; creates only the shortfall")
  .option("--count <n>", "how many bots there should be (1-100)", "40")
  .option(...dbOption)
  .action((flags: DataFlags & { count?: string }) => botsEnsureCommand(configFrom(flags), flags.count));
bots
  .command("weekly-update")
  .description("every bot bets the current week's open games, all but one each (run Tuesday or Wednesday)")
  .option(...dbOption)
  .action((flags: DataFlags) => botsWeeklyUpdateCommand(configFrom(flags)));
bots
  .command("stats")
  .description("how many bots and bot bets there are")
  .option("--json", "print JSON")
  .option(...dbOption)
  .action((flags: DataFlags & { json?: boolean }) => botsStatsCommand(configFrom(flags), flags.json ?? false));

program
  .command("contest")
  .description("the weekly contest")
  .command("winners")
  .description("the week's top 3 eligible players (default: the last completed week); recorded the first time")
  .option("--week <n>", "the week (1-18) of the current season")
  .option("--json", "print JSON")
  .option("--force", "record even though some games or bets of the week are not settled")
  .option(...dbOption)
  .action((flags: DataFlags & { week?: string; json?: boolean; force?: boolean }) =>
    contestWinnersCommand(configFrom(flags), flags),
  );

program
  .command("backup <file>")
  .description("write a consistent copy of the database to <file> (safe while serve runs)")
  .option(...dbOption)
  .action((file: string, flags: DataFlags) => backupCommand(configFrom(flags), file));

program
  .command("restore <file>")
  .description("replace the database with a backup (refused while serve runs on it)")
  .option("--force", "restore despite a PID file left by an older version (never while serve runs)")
  .option(...dbOption)
  .action((file: string, flags: DataFlags & { force?: boolean }) => restoreCommand(configFrom(flags), file, flags));

program
  .command("healthcheck")
  .description("exit 0 if the serve on this machine is ready (its /readyz answers 200), else 1 (Docker's HEALTHCHECK)")
  .option("--port <port>", "the port serve listens on (default: $PORT or 3000)")
  .action((flags: { port?: string }) => healthcheckCommand(configFrom(flags)));

program
  .command("migrate-to-postgres")
  .description("copy a SQLite database into an empty PostgreSQL database, verifying counts and sums")
  .option("--from <file>", "the SQLite file (default: $DATABASE_PATH or ./data/nfl-paper-trading.db)")
  .option("--to <url>", "the PostgreSQL database, postgres://… (default: $DATABASE_URL)")
  .action((flags: { from?: string; to?: string }) => migrateToPostgresCommand(configFrom({}), flags));

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (
    error instanceof CliError ||
    error instanceof ConfigError ||
    error instanceof SchemaTooNewError ||
    error instanceof DatabaseConnectError
  ) {
    console.error(`error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
