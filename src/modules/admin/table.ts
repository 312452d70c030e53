export interface JobRunsTable {
  /** The weekly job ("weekly winners", "bots weekly bets"). */
  job: string;
  /** What the run is for (the week, "2026:13"): claimed once, so it runs once. */
  run_key: string;
  started_at: string;
  /** Null while it runs (or if its process died mid-run). */
  finished_at: string | null;
  /** 1 done, 0 failed; null while it runs. */
  ok: number | null;
  /** What it did, in words (or why it failed). */
  result: string | null;
}
