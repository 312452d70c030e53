/**
 * The metrics an operator alerts on (issue 42 item 4): bets placed and refused by reason,
 * settlements, each background task's runs, failures and last success under a `task` label
 * (Prometheus keeps `job` for itself), push deliveries by outcome; the outbox lag counted in
 * delivery order (0 when nothing is pending, on PostgreSQL too); and the whole exposition clean for
 * `promtool check metrics` when promtool is installed (Debian's `prometheus` package).
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { createLogger } from "../../src/lib/logger.ts";
import { Metrics } from "../../src/lib/metrics.ts";
import { startWeeklyJob, type WeeklyJob } from "../../src/modules/admin/weekly-jobs.ts";
import { startSessionPurge } from "../../src/runtime/purges.ts";
import { ADMIN, type BuiltUser, seededSeason } from "../factories.ts";
import { onPostgres } from "../databases.ts";
import { call, type TestContext } from "../support.ts";

const THU = "fake-w1-DAL-PHI"; // Dallas @ Philadelphia, home −3.5
const PROMTOOL = Bun.which("promtool");

let ctx: TestContext;
let admin: BuiltUser;
let alice: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { admin, alice },
  } = await seededSeason({ people: { admin: ADMIN, alice: {} } }));
});
afterEach(() => ctx.close());

const scrape = async () => (await ctx.app.handle(new Request("http://localhost/metrics"))).text();
const sample = (text: string, series: string) =>
  Number(
    text
      .split("\n")
      .find((line) => line.startsWith(`${series} `))
      ?.slice(series.length + 1) ?? Number.NaN,
  );

const spread = (odds: number) => ({
  gameId: THU,
  betType: "spread",
  selection: "Philadelphia Eagles",
  odds,
  point: -3.5,
  units: 1,
});

describe("what an operator alerts on", () => {
  test("bets placed, refused by reason, and settled", async () => {
    expect((await call(ctx.app, "POST", "/api/bets", { body: spread(-110), cookie: alice.cookie })).status).toBe(201);
    const stale = await call(ctx.app, "POST", "/api/bets", {
      body: { ...spread(-150), replaceExisting: true },
      cookie: alice.cookie,
    });
    expect(stale.status).toBe(409);
    const again = await call(ctx.app, "POST", "/api/bets", { body: spread(-110), cookie: alice.cookie });
    expect(again.status).toBe(409);

    await ctx.runtime.startDelivery({ intervalMs: 10, settle: true });
    const resolved = await call(ctx.app, "PATCH", `/api/games/${THU}`, {
      body: { homeScore: 24, awayScore: 17, status: "completed" },
      cookie: admin.cookie,
    });
    expect(resolved.status).toBe(200);
    for (let i = 0; i < 200 && !/^npt_bets_settled_total 1$/m.test(await scrape()); i++) await Bun.sleep(10);

    const text = await scrape();
    expect(sample(text, 'npt_bets_placed_total{kind="single"}')).toBe(1);
    expect(sample(text, `npt_bets_refused_total{kind="single",reason="${stale.body.code}"}`)).toBe(1);
    expect(sample(text, `npt_bets_refused_total{kind="single",reason="${again.body.code}"}`)).toBe(1);
    expect(sample(text, "npt_bets_settled_total")).toBe(1);
    expect(sample(text, 'npt_jobs_total{task="settlement",outcome="ok"}')).toBe(1);
    expect(text).toMatch(/^npt_job_last_success_timestamp_seconds\{task="settlement"\} \d/m);
    // Prometheus renames a target's own `job` label to `exported_job`: no metric of ours carries one.
    expect(text).not.toMatch(/[{,]job="/);
  });

  test("each background task's runs, failures and last success, by task", async () => {
    const metrics = new Metrics();
    const logger = createLogger("silent");
    const stopPurges = startSessionPurge(ctx.db, ctx.clock, logger, { metrics, intervalMs: 60_000 });
    let fail = false;
    const job: WeeklyJob = {
      name: "weekly winners",
      schedule: "test",
      due: async () => ({ season: 2026, week: fail ? 2 : 1 }),
      run: async () => {
        if (fail) throw new Error("no winners today");
        return "recorded";
      },
      next: async () => ({ at: null, note: "" }),
    };
    const stop = startWeeklyJob(job, { db: ctx.db, clock: ctx.clock, logger, metrics, adminEmails: [] }, 60_000);
    await stop();
    fail = true;
    await startWeeklyJob(job, { db: ctx.db, clock: ctx.clock, logger, metrics, adminEmails: [] }, 60_000)();
    for (let i = 0; i < 100 && !(await metrics.exposition()).includes('task="purges"'); i++) await Bun.sleep(10);
    stopPurges();

    const text = await metrics.exposition();
    expect(sample(text, 'npt_jobs_total{task="purges",outcome="ok"}')).toBe(1);
    expect(sample(text, 'npt_jobs_total{task="weekly_winners",outcome="ok"}')).toBe(1);
    expect(sample(text, 'npt_jobs_total{task="weekly_winners",outcome="error"}')).toBe(1);
    const lastSuccess = sample(text, 'npt_job_last_success_timestamp_seconds{task="weekly_winners"}');
    expect(Math.abs(lastSuccess - Date.now() / 1000)).toBeLessThan(60);
    expect(text).toMatch(/^npt_job_duration_seconds_count\{task="purges"\} 1$/m);
  });

  test("push deliveries by outcome", async () => {
    const metrics = new Metrics();
    metrics.countPushes({ sent: 3, retried: 1, dropped: 0, held: 2, removedDevices: 1 });
    const text = await metrics.exposition();
    expect(sample(text, 'npt_push_deliveries_total{outcome="sent"}')).toBe(3);
    expect(sample(text, 'npt_push_deliveries_total{outcome="retried"}')).toBe(1);
    expect(sample(text, 'npt_push_deliveries_total{outcome="held"}')).toBe(2);
    expect(sample(text, 'npt_push_deliveries_total{outcome="device_removed"}')).toBe(1);
    expect(text).not.toContain('outcome="dropped"');
  });
});

describe("the outbox lag", () => {
  test("counts in delivery order: 0 once everything committed is delivered, though ids committed out of order", async () => {
    await ctx.runtime.startDelivery({ intervalMs: 10 });
    // A renamed player nobody has on screen: delivered, and nothing else to do.
    const event = (n: number) => ({
      type: "user.renamed",
      user_id: null,
      payload: JSON.stringify({ userId: 999_000 + n }),
      created_at: ctx.clock.now().toISOString(),
    });
    if (onPostgres) {
      // The first transaction takes its id (txid) first but writes its event last: its row has the
      // higher id and is delivered first (commit-safe order), so the last row delivered has the
      // lower id. Counting ids (max id − the cursor's id) said 1 here forever.
      await ctx.db.transaction().execute(async (first) => {
        await sql`select pg_current_xact_id()`.execute(first);
        await ctx.db.insertInto("outbox").values(event(1)).execute();
        await first.insertInto("outbox").values(event(2)).execute();
      });
    } else {
      await ctx.db
        .insertInto("outbox")
        .values([event(1), event(2)])
        .execute();
    }
    // Both delivered (and the cursor saved after them), then the lag is read.
    const delivered: number[] = [];
    ctx.bus.on("user.renamed", (e) => void delivered.push(e.payload.userId));
    for (let i = 0; i < 300 && delivered.length < 2; i++) await Bun.sleep(10);
    expect(delivered.sort()).toEqual([999_001, 999_002]);
    await Bun.sleep(50);
    const lag = sample(await scrape(), "npt_outbox_lag_events");
    expect(lag).toBe(0);
  });
});

describe.skipIf(!PROMTOOL)("promtool check metrics", () => {
  test("the whole exposition passes Prometheus' own lint", async () => {
    await call(ctx.app, "POST", "/api/bets", { body: spread(-110), cookie: alice.cookie });
    const lint = Bun.spawnSync([PROMTOOL!, "check", "metrics"], { stdin: new TextEncoder().encode(await scrape()) });
    const problems = `${lint.stdout.toString()}${lint.stderr.toString()}`.trim();
    expect({ exitCode: lint.exitCode, problems }).toEqual({ exitCode: 0, problems: "" });
  });
});
if (!PROMTOOL) console.log("promtool check metrics: skipped (no promtool on PATH: apt-get install prometheus)");
