import type { Kysely } from "kysely";
import { sql } from "kysely";

// Frozen in time: migrations never import from src/.
// A league's history, which its members read (issue 40): who changed its rules or when its picks
// show, who joined, left, was removed or made admin. A pick is governed by the reveal rule in force
// when it was placed, found from the 'reveal_changed' rows; `details` is JSON.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("league_history")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("league_id", "integer", (c) => c.notNull().references("leagues.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('created', 'reveal_changed', 'rules_changed', 'joined', 'left', 'removed', 'admin_appointed')`,
        ),
    )
    .addColumn("subject_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("details", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("league_history_league").on("league_history").columns(["league_id", "id"]).execute();
  await db.schema
    .createIndex("league_history_actor")
    .on("league_history")
    .column("actor_id")
    .where(sql.ref("actor_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("league_history_subject")
    .on("league_history")
    .column("subject_id")
    .where(sql.ref("subject_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("league_history").execute();
}
