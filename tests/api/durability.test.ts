/**
 * Every bet answered 201 survives the filesystem failing under it (issue 41, decision 0065). A real
 * `serve` runs with its SQLite file on an ext4 image mounted `errors=remount-ro` through a loop
 * device; players place bets from 16 clients; mid-load the test injects a filesystem error (ext4's
 * own `trigger_fs_error` in sysfs: the journal aborts and the mount turns read-only, as on an I/O
 * error, and whatever the kernel still held in its page cache never reaches the disk). The serve is
 * killed, the image checked with e2fsck and mounted again, and every acknowledged bet must be there.
 * With `synchronous = NORMAL` a WAL commit is acknowledged before it is flushed: that code lost 32 to
 * 300 of ~300 acknowledged bets in each of 8 runs; with FULL, none in 10.
 *
 * It needs root, loop devices, ext4 with `trigger_fs_error` (Linux 4.x and later) and e2fsprogs
 * (`.ci/run` installs them); where any is missing it says which and skips.
 */
import { expect, test } from "bun:test";
import { Database as Sqlite } from "bun:sqlite";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onPostgres } from "../databases.ts";
import { placementWorld, startServe } from "../serve-process.ts";
import { ext4LoopUnavailable, LoopMount, run } from "../storage.ts";

const PLAYERS = 100;
const CLIENTS = 16;
const SERVE_ENV = { ...process.env, LOG_LEVEL: "info", DEMO_BOTS: "0", AUTH_RATE_LIMIT: "100000" };

/** Runs `work` while process `pid` is stopped: every thread of it out of the kernel, none in a system call. */
async function frozen(pid: number, work: () => void): Promise<void> {
  process.kill(pid, "SIGSTOP");
  try {
    const stopped = () =>
      readdirSync(`/proc/${pid}/task`).every((task) => {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
        return /^[Tt]$/.test(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!);
      });
    while (!stopped()) await Bun.sleep(1);
    work();
  } finally {
    process.kill(pid, "SIGCONT");
  }
}

/** Why this machine cannot run the test (not root, no loop devices, no ext4 fault injection…), or null. */
function missing(): string | null {
  if (onPostgres) return "it tests the SQLite file (PostgreSQL's durability is its own fsync)";
  return ext4LoopUnavailable();
}

const why = missing();
if (why) console.warn(`SKIPPED tests/api/durability.test.ts: ${why}`);

test.skipIf(why !== null)(
  "every bet answered 201 is on disk after the filesystem fails mid-load (ext4 errors=remount-ro on a loop image)",
  async () => {
    const home = mkdtempSync(join(tmpdir(), "npt-durable-"));
    const disk = new LoopMount(home, 256);
    expect(disk.mount()).toBeNull();
    const dbPath = join(disk.dir, "nfl.db");
    let serve: Awaited<ReturnType<typeof startServe>> | null = null;
    try {
      // The first start seeds the season; players and sessions go straight to the file.
      const { games, jobs } = await placementWorld(dbPath, SERVE_ENV, PLAYERS, "durable");
      expect(games.length).toBeGreaterThan(4);

      serve = await startServe(dbPath, SERVE_ENV);
      const url = serve.url;
      const acknowledged: number[] = [];
      let failed = false;
      /** What the requests sent after the fault were answered, by status ("none": the connection failed). */
      const afterFault = new Map<string, number>();
      const note = (status: string) => afterFault.set(status, (afterFault.get(status) ?? 0) + 1);
      let stop = false;
      let next = 0;
      const clients = Array.from({ length: CLIENTS }, async () => {
        while (!stop && next < jobs.length) {
          const job = jobs[next++]!;
          const sentAfterFault = failed;
          try {
            const res = await fetch(`${url}/api/bets`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie: job.cookie, origin: url },
              body: JSON.stringify(job.body),
            });
            if (res.status === 201) acknowledged.push(((await res.json()) as { id: number }).id);
            else if (sentAfterFault) note(String(res.status));
          } catch {
            if (sentAfterFault) note("none"); // never acknowledged
          }
        }
      });
      // Mid-load: enough bets acknowledged, more on their way.
      while (acknowledged.length < 300 && next < jobs.length) await Bun.sleep(5);
      expect(next).toBeLessThan(jobs.length);
      // The fault lands while the serve is frozen, between two of its system calls: ext4 aborts its
      // journal first and refuses writes a moment later, and an fsync in that moment can be told it
      // succeeded for data the abort then drops (seen in 2 of 17 runs without the freeze: 1–2 bets
      // answered as the fault landed). No program can close that window; a fault between commits is
      // what this test is about.
      await frozen(serve.proc.pid, () => disk.fail());
      failed = true;
      const beforeFault = acknowledged.length;
      await Bun.sleep(500);
      stop = true;
      await Promise.all(clients);
      serve.proc.kill("SIGKILL");
      await serve.proc.exited;
      serve = null;
      // The fault took: ext4 recorded it, and requests sent after it were refused.
      expect(disk.errorsCount()).toBeGreaterThanOrEqual(1);
      expect(afterFault.size).toBeGreaterThan(0);

      // Recover as an operator would: check the filesystem, mount it again, open the database.
      disk.unmount();
      const checked = run("e2fsck", "-f", "-y", disk.image);
      expect(checked.code).toBeLessThanOrEqual(1); // 0: clean, 1: errors corrected
      expect(disk.mount("defaults")).toBeNull();
      const sqlite = new Sqlite(dbPath);
      const stored = new Set((sqlite.query("select id from bets").all() as { id: number }[]).map((r) => r.id));
      const integrity = sqlite.query("pragma integrity_check").get() as { integrity_check: string };
      sqlite.close();
      const lost = acknowledged.filter((id) => !stored.has(id));
      console.log(
        `durability: ${acknowledged.length} bets answered 201 (${beforeFault} before the fault), refused after it: ${JSON.stringify(Object.fromEntries(afterFault))}; after recovery ${stored.size} stored, ${lost.length} acknowledged bets lost`,
      );
      expect({ lost: lost.length, some: lost.slice(0, 5) }).toEqual({ lost: 0, some: [] });
      expect(integrity.integrity_check).toBe("ok");
    } finally {
      serve?.proc.kill("SIGKILL");
      await serve?.proc.exited;
      run("umount", disk.dir);
      rmSync(home, { recursive: true, force: true });
    }
  },
  120_000,
);
