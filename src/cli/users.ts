import type { Config } from "../config.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { cliActor } from "../modules/audit/service.ts";
import { promote } from "../modules/auth/service.ts";
import { CliError, withDatabase } from "./context.ts";

export async function promoteUser(config: Config, email: string): Promise<void> {
  await withDatabase(config, async ({ db }) => {
    try {
      const user = await promote(db, systemClock.now(), email, cliActor);
      console.log(`${user.username} <${user.email}> is now an admin.`);
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
  });
}
