import type { Db } from "../../runtime/index.ts";

/**
 * Claims a job's run for `key`: true when this caller may run it. A key already claimed is refused
 * (the primary key), unless its run failed or was left unfinished for longer than `staleBefore`
 * (its process died): then it is taken over, by one caller only (the update's own condition).
 */
export async function claimRun(db: Db, job: string, key: string, now: string, staleBefore: string): Promise<boolean> {
  const inserted = await db
    .insertInto("job_runs")
    .values({ job, run_key: key, started_at: now, finished_at: null, ok: null, result: null })
    .onConflict((oc) => oc.columns(["job", "run_key"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const retaken = await db
    .updateTable("job_runs")
    .set({ started_at: now, finished_at: null, ok: null, result: null })
    .where("job", "=", job)
    .where("run_key", "=", key)
    .where((eb) =>
      eb.or([eb("ok", "=", 0), eb.and([eb("finished_at", "is", null), eb("started_at", "<", staleBefore)])]),
    )
    .executeTakeFirst();
  return Number(retaken.numUpdatedRows) > 0;
}

export async function finishRun(db: Db, job: string, key: string, now: string, ok: boolean, result: string) {
  await db
    .updateTable("job_runs")
    .set({ finished_at: now, ok: ok ? 1 : 0, result })
    .where("job", "=", job)
    .where("run_key", "=", key)
    .execute();
}

/** Each job's latest run (by when it started). */
export async function latestRuns(db: Db, jobs: readonly string[]) {
  const rows = await Promise.all(
    jobs.map((job) =>
      db
        .selectFrom("job_runs")
        .selectAll()
        .where("job", "=", job)
        .orderBy("started_at", "desc")
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return rows.filter((r) => r !== undefined);
}
