import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import from src/.
// The same table as SQLite's 0023_job_runs: one row per run of a weekly job, claimed by its key.
const STATEMENTS = [
  `create table job_runs (
    job text not null,
    run_key text not null,
    started_at text not null,
    finished_at text,
    ok integer,
    result text,
    constraint job_runs_pk primary key (job, run_key)
  )`,
  `create index job_runs_latest on job_runs (job, started_at)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("job_runs").execute();
}
