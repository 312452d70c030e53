import { register } from "../src/modules/auth/service.ts";
import { SESSION_COOKIE } from "../src/modules/auth/plugin.ts";
import type { User } from "../src/modules/auth/model.ts";
import type { TestContext } from "./support.ts";

let sequence = 0;

export interface BuiltUser {
  user: User;
  password: string;
  /** "npt_session=…", ready for a Cookie header. */
  cookie: string;
  token: string;
}

/** Creates a signed-in user through the auth service; every field can be overridden. */
export async function buildUser(
  ctx: Pick<TestContext, "db" | "clock" | "config">,
  overrides: Partial<{ email: string; username: string; password: string }> = {},
): Promise<BuiltUser> {
  sequence += 1;
  const password = overrides.password ?? "correct-horse-1";
  const { user, token } = await register(
    ctx.db,
    ctx.clock.now(),
    {
      email: overrides.email ?? `player${sequence}@example.com`,
      username: overrides.username ?? `player_${sequence}`,
      password,
    },
    { adminEmails: ctx.config.adminEmails, clientAddress: "test" },
  );
  return { user, password, token, cookie: `${SESSION_COOKIE}=${token}` };
}
