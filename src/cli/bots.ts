import type { Config } from "../config.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { cliActor } from "../modules/audit/service.ts";
import { botStats, ensureBots, weeklyUpdate } from "../modules/bots/service.ts";
import { BOT_TARGET_DEFAULT, BOT_TARGET_MAX, BOT_TARGET_MIN } from "../shared/limits.ts";
import { CliError, withDatabase } from "./context.ts";

async function asCli<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}

export async function botsEnsureCommand(config: Config, rawCount: string | undefined) {
  const count = Number(rawCount ?? BOT_TARGET_DEFAULT);
  if (!Number.isInteger(count) || count < BOT_TARGET_MIN || count > BOT_TARGET_MAX) {
    throw new CliError(
      `--count must be a whole number from ${BOT_TARGET_MIN} to ${BOT_TARGET_MAX} (got "${rawCount}")`,
    );
  }
  await withDatabase(config, async ({ db }) => {
    const result = await asCli(() => ensureBots(db, systemClock.now(), count, cliActor));
    console.log(result.message);
  });
}

export async function botsWeeklyUpdateCommand(config: Config) {
  await withDatabase(config, async ({ db }) => {
    if (process.stdout.isTTY) console.log("Placing the bots' bets for the current week…");
    const result = await asCli(() => weeklyUpdate(db, systemClock.now(), cliActor));
    console.log(result.message);
  });
}

export async function botsStatsCommand(config: Config, json: boolean) {
  await withDatabase(config, async ({ db }) => {
    const stats = await botStats(db);
    if (json) console.log(JSON.stringify(stats));
    else {
      const avg = stats.totalBotUsers === 0 ? "..." : (stats.totalBotBets / stats.totalBotUsers).toFixed(1);
      console.log(`Bots: ${stats.totalBotUsers}\nBot bets: ${stats.totalBotBets}\nAverage bets per bot: ${avg}`);
    }
  });
}
