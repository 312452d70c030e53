import type { Config } from "../config.ts";
import { systemClock } from "../lib/clock.ts";
import { AppError } from "../lib/errors.ts";
import { cliActor } from "../modules/audit/service.ts";
import { createResetLink } from "../modules/auth/service.ts";
import { promote } from "../modules/users/service.ts";
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

/** `users reset-link <email>`: a one-time link, valid for an hour, for a player who forgot their password. */
export async function resetLinkCommand(config: Config, email: string): Promise<void> {
  const origin = config.publicUrl ?? `http://localhost:${config.port}`;
  await withDatabase(config, async ({ db }) => {
    try {
      const { url, user, expiresAt } = await createResetLink(db, systemClock.now(), email, origin);
      console.log(`Password reset link for ${user.username} <${user.email}>, valid until ${expiresAt}:\n${url}`);
    } catch (error) {
      if (error instanceof AppError) throw new CliError(error.message);
      throw error;
    }
  });
}
