import { SESSION_COOKIE } from "../src/modules/auth/plugin.ts";
import type { User } from "../src/shared/contract/auth.ts";
import { startSession, toUser } from "../src/modules/auth/service.ts";
import type { TestContext } from "./support.ts";

let sequence = 0;
const DEFAULT_PASSWORD = "correct-horse-1";
// Hashing is slow on purpose; factories hash the usual password once per test process.
const hashes = new Map<string, string>();
function hashOf(password: string): string {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = Bun.password.hashSync(password, "argon2id")));
  return hash;
}

export interface BuiltUser {
  user: User;
  password: string;
  /** "npt_session=…", ready for a Cookie header. */
  cookie: string;
  token: string;
}

/**
 * Creates a signed-in user straight in the database; every field can be overridden. Its address
 * counts as proved (as if its owner had used the mailed link), so a listed ADMIN_EMAILS address is an admin.
 */
export async function buildUser(
  ctx: Pick<TestContext, "db" | "clock" | "config">,
  overrides: Partial<{
    email: string;
    username: string;
    password: string;
    role: "user" | "admin";
    isBot: boolean;
    emailVerified: boolean;
  }> = {},
): Promise<BuiltUser> {
  sequence += 1;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const username = overrides.username ?? `player_${sequence}`;
  const row = await ctx.db
    .insertInto("users")
    .values({
      email: (overrides.email ?? `player${sequence}@example.com`).toLowerCase(),
      username,
      username_key: username.toLowerCase(),
      password_hash: hashOf(password),
      role: overrides.role ?? "user",
      is_bot: overrides.isBot ? 1 : 0,
      email_verified_at: overrides.emailVerified === false ? null : ctx.clock.now().toISOString(),
      created_at: ctx.clock.now().toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const token = await startSession(ctx.db, ctx.clock.now(), row.id);
  return { user: toUser(row, ctx.config.adminEmails), password, token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** Marks an account's address proved, as its owner using the mailed confirmation link would: a listed ADMIN_EMAILS address is then an admin. */
export async function proveAddress(ctx: Pick<TestContext, "db" | "clock">, email: string): Promise<void> {
  await ctx.db
    .updateTable("users")
    .set({ email_verified_at: ctx.clock.now().toISOString() })
    .where("email", "=", email.toLowerCase())
    .execute();
}
