/**
 * Crash safety (issue: hardening): bets placed by concurrent clients against a real `serve`
 * process that is killed with SIGKILL mid-load, several times. Afterwards every acknowledged bet
 * is stored exactly once, nothing is settled twice, and the database is intact.
 */
import { expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { openDatabase } from "../../src/runtime/connection.ts";
import { placementWorld, type RunningServe, startServe as startServeProcess } from "../serve-process.ts";

const PLAYERS = 120;

const MAIN = join(import.meta.dir, "../../src/main.ts");
const SERVE_ENV = {
  ...process.env,
  LOG_LEVEL: "info",
  DEMO_BOTS: "0",
  AUTH_RATE_LIMIT: "100000",
  ADMIN_EMAILS: "boss@example.com",
};
const startServe = (db: string) => startServeProcess(db, SERVE_ENV);

test("SIGKILL mid-load, three times: every acknowledged bet stored once, nothing settled twice, integrity ok", async () => {
  const dir = mkdtempSync(join(tmpdir(), "npt-crash-"));
  const dbPath = join(dir, "crash.db");
  // The first start seeds the season; players and their sessions are written straight to the file.
  const { games: open, jobs } = await placementWorld(dbPath, SERVE_ENV, PLAYERS, "crash");
  expect(open.length).toBeGreaterThan(4);
  let serve: RunningServe;
  const acknowledged = new Map<string, number>();
  let crashes = 0;
  let cutMidLoad = 0;
  for (let round = 0; round < 3; round++) {
    serve = await startServe(dbPath);
    const pending = jobs.filter((j) => !acknowledged.has(j.key));
    let next = 0;
    const clients = Array.from({ length: 16 }, async () => {
      while (next < pending.length) {
        const job = pending[next++]!;
        try {
          const res = await fetch(`${serve.url}/api/bets`, {
            method: "POST",
            headers: { "content-type": "application/json", cookie: job.cookie, origin: serve.url },
            body: JSON.stringify(job.body),
          });
          if (res.status === 201) acknowledged.set(job.key, ((await res.json()) as { id: number }).id);
        } catch {
          // The server died under this request: it was never acknowledged.
        }
      }
    });
    // Under load (and with each commit flushed to disk) the first answers can take a while: the
    // kill comes after this round's first acknowledgement, so it cuts a load that is running.
    const before = acknowledged.size;
    const patience = performance.now() + 10_000;
    while (acknowledged.size === before && next < pending.length && performance.now() < patience) await Bun.sleep(5);
    await Bun.sleep(150 + round * 100);
    if (next < pending.length) cutMidLoad += 1;
    serve.proc.kill("SIGKILL");
    crashes += 1;
    await Promise.all(clients);
    await serve.proc.exited;
  }
  expect(cutMidLoad).toBeGreaterThanOrEqual(1);

  // A last run: resolve a game with bets, kill the server right away, and let a restart finish the job.
  serve = await startServe(dbPath);
  const boss = await fetch(`${serve.url}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: serve.url },
    body: JSON.stringify({ email: "boss@example.com", username: "the_boss", password: "password123" }),
  });
  const bossCookie = boss.headers.get("set-cookie")!.split(";")[0]!;
  // Without SMTP a listed address becomes admin by the operator's `users promote`.
  const promoted = Bun.spawn([process.execPath, MAIN, "users", "promote", "boss@example.com", "--db", dbPath], {
    env: { ...process.env, LOG_LEVEL: "silent" },
  });
  expect(await promoted.exited).toBe(0);
  const resolve = await fetch(`${serve.url}/api/games/${open[0]!}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", cookie: bossCookie, origin: serve.url },
    body: JSON.stringify({ homeScore: 27, awayScore: 20, status: "completed" }),
  });
  expect(resolve.status).toBe(200);
  serve.proc.kill("SIGKILL");
  crashes += 1;
  await serve.proc.exited;
  serve = await startServe(dbPath);
  await Bun.sleep(300);
  serve.proc.kill("SIGTERM");
  await serve.proc.exited;

  const check = openDatabase(dbPath);
  const bets = await check.db.selectFrom("bets").selectAll().execute();
  const byKey = Map.groupBy(bets, (b) => `${b.user_id}:${b.game_id}`);
  for (const list of byKey.values()) expect(list).toHaveLength(1);
  const ids = new Set(bets.map((b) => b.id));
  for (const id of acknowledged.values()) expect(ids.has(id)).toBe(true);
  // Settled once: the aggregates count exactly the settled bets, and the resolved game's bets all settled.
  const settled = bets.filter((b) => b.status !== "pending");
  expect(settled.length).toBe(bets.filter((b) => b.game_id === open[0]!).length);
  const aggregate = await check.db
    .selectFrom("user_book_stats")
    .select((eb) => eb.fn.sum<number>("settled").as("n"))
    .where("book_id", ">=", 0)
    .executeTakeFirst();
  expect(Number(aggregate?.n ?? 0)).toBe(settled.length);
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(check.db);
  expect(integrity.rows[0]!.integrity_check).toBe("ok");
  await check.close();
  expect(acknowledged.size).toBeGreaterThan(0);
  console.log(
    `crash safety: ${crashes} SIGKILLs (${cutMidLoad} mid-load), ${acknowledged.size} acknowledged bets, ${bets.length} stored, 0 lost, ${settled.length} settled once`,
  );
}, 120_000);
