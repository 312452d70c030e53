import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/. PostgreSQL's 0017 runs this same step.

/**
 * Addresses are now stored without a trailing dot (`x@example.com.` is the same mailbox as
 * `x@example.com`), and sign-in, sign-up and resets look them up that way: an account stored with
 * the dot moves to the address without it, so its owner can still sign in. Should that address
 * already belong to another account, the row keeps its dot (no account is ever merged or lost).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dotted = (await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("email", "like", "%.")
    .orderBy("id")
    .execute()) as { id: number; email: string }[];
  for (const row of dotted) {
    const email = row.email.slice(0, -1);
    const held = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (held === undefined) await db.updateTable("users").set({ email }).where("id", "=", row.id).execute();
  }
}

/** The dots are not put back: the address without one is the same mailbox. */
export async function down(_db: Kysely<any>): Promise<void> {}
