import type { Config } from "../config.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { cliActor } from "../modules/audit/service.ts";
import { weeklyWinners, type WeekWinners } from "../modules/contest/service.ts";
import { CliError, withDatabase } from "./context.ts";

function table(result: WeekWinners): string {
  const lines = [
    `Week ${result.week} (${result.season}) winners — ${result.gamesScheduled} games, ${result.gamesRequired} required; recorded ${result.recordedAt}${result.forced ? " (forced)" : ""}`,
  ];
  if (result.winners.length === 0) lines.push("No eligible players this week.");
  for (const w of result.winners) {
    const flags = [w.tied ? "tied" : "", w.linkedTo.length ? `looks linked to ${w.linkedTo.join(", ")}` : ""]
      .filter(Boolean)
      .join("; ");
    lines.push(
      `#${w.place}  ${w.username.padEnd(20)} ${w.unitsWon.padStart(7)}U  ROI ${w.roi.toFixed(1).padStart(6)}%  ${w.wonBets}/${w.totalBets} won  ${w.gamesBet} games${flags ? `  [${flags}]` : ""}`,
    );
  }
  return lines.join("\n");
}

/** `contest winners`: the week's top 3 eligible players, recorded the first time it runs. */
export async function contestWinnersCommand(config: Config, flags: { week?: string; json?: boolean; force?: boolean }) {
  const week = flags.week === undefined ? undefined : Number(flags.week);
  if (week !== undefined && (!Number.isInteger(week) || week < 1 || week > 18)) {
    throw new CliError(`--week must be a whole number from 1 to 18 (got "${flags.week}")`);
  }
  await withDatabase(config, async ({ db }) => {
    let result: WeekWinners;
    try {
      result = await weeklyWinners(db, systemClock.now(), {
        week,
        force: flags.force,
        adminEmails: config.adminEmails,
        actor: cliActor,
      });
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
    if (result.generatedSeason) {
      console.error(
        "warning: these results come from the embedded (generated) season, not real NFL games: award no prizes for them.",
      );
    }
    console.log(flags.json ? JSON.stringify(result, null, 2) : table(result));
  });
}
