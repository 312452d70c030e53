/** The weekly jobs under the lease: two `serve` processes on one PostgreSQL run each week's run once. */
import { describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

// Tuesday 1 December 2026, 10:00 US Eastern: the embedded season's week 13 ended Monday night.
const TUESDAY = "2026-12-01T15:00:00Z";

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(200);
  }
}

describe.skipIf(!onPostgres)("weekly jobs across two serve processes", () => {
  const two = twoServesOnPostgres("weekly", { CLOCK_START: TUESDAY, DEMO_BOTS: "3" });

  const counts = async () => {
    const audit = await two.query<{ action: string; actor_label: string; n: string }>(
      `select action, actor_label, count(*) as n from audit_log
       where action in ('contest.winners', 'bots.weekly_update') group by action, actor_label order by action`,
    );
    const runs = await two.query<{ job: string; run_key: string; ok: number }>(
      "select job, run_key, ok from job_runs order by job",
    );
    const botBets = await two.query<{ n: string }>("select count(*) as n from bets where season = 2026 and week = 14");
    return {
      audit: audit.rows.map((r) => [r.action, r.actor_label, Number(r.n)]),
      runs: runs.rows.map((r) => [r.job, r.run_key, r.ok]),
      botBets: Number(botBets.rows[0]!.n),
    };
  };

  test("the lease holder records week 13's winners and has the bots bet week 14, once; the next holder runs neither again", async () => {
    await until("both weekly runs to finish", async () => {
      const { rows } = await two.query("select 1 from job_runs where finished_at is not null");
      return rows.length === 2;
    });
    const first = await counts();
    expect(first.audit).toEqual([
      ["bots.weekly_update", "system", 1],
      ["contest.winners", "system", 1],
    ]);
    expect(first.runs).toEqual([
      ["bots weekly bets", "2026:14", 1],
      ["weekly winners", "2026:13", 1],
    ]);
    expect(first.botBets).toBeGreaterThan(0);

    // A dies; B takes the lease (PostgreSQL frees A's lock with its connection) and starts the jobs itself.
    two.a.proc.kill("SIGKILL");
    await two.a.proc.exited;
    const bPid = two.b.proc.pid;
    await until("B to hold the jobs lease", async () => {
      const { rows } = await two.query<{ holder: string }>("select holder from job_leases where name = 'jobs'");
      return rows[0]?.holder.split(":")[1] === String(bPid);
    });
    await Bun.sleep(3000); // B's first check of each weekly job runs as it takes the lease
    expect(await counts()).toEqual(first);
    expect((await two.send(two.b, "GET", "/livez")).status).toBe(200); // B is alive: it checked and ran nothing
  }, 90_000);
});
