import type { Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The weekly jobs (winners, the bots' bets) claim each run by its key (the week it is for) before
// running it: the primary key makes a second claim fail, so a run happens once whoever asks. The
// row then keeps its outcome for the admin screen (last run, last result).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("job_runs")
    .addColumn("job", "text", (c) => c.notNull())
    .addColumn("run_key", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .addColumn("ok", "integer")
    .addColumn("result", "text")
    .addPrimaryKeyConstraint("job_runs_pk", ["job", "run_key"])
    .execute();
  await db.schema.createIndex("job_runs_latest").on("job_runs").columns(["job", "started_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_runs").execute();
}
