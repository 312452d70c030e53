/**
 * The CLI inside a container (issue 32 item 2), with real processes: a PID file left by an unclean
 * stop never blocks restore (inside a container every serve is pid 1, so only the lock serve holds
 * tells a live one), a second serve on a served SQLite file is refused, `healthcheck` exits 0/1 by
 * /readyz, and an unwritable data folder stops start-up with one line naming the fix.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServe } from "../serve-process.ts";

setDefaultTimeout(60_000);

const MAIN = join(import.meta.dir, "../../src/main.ts");
const ENV = { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", DEMO_BOTS: "0" };

function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), "npt-container-")), "app.db");
}

async function cli(
  args: string[],
  env: Record<string, string | undefined> = {},
  prefix: string[] = [],
  cwd: string | undefined = undefined,
) {
  const proc = Bun.spawn([...prefix, process.execPath, MAIN, ...args], {
    cwd,
    env: { ...ENV, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

/** A database with a backup of it beside, as an operator has before a restore. */
async function databaseAndBackup(): Promise<{ db: string; backup: string }> {
  const db = tempDb();
  expect((await cli(["migrate", "--db", db])).code).toBe(0);
  const backup = `${db}.backup`;
  expect((await cli(["backup", backup, "--db", db])).code).toBe(0);
  return { db, backup };
}

describe("restore and the PID file", () => {
  test("after serve was killed (docker kill) its PID file is left, and restore goes through, saying it removed it", async () => {
    const { db, backup } = await databaseAndBackup();
    const serve = await startServe(db, { ...ENV, LOG_LEVEL: "info" });
    expect(JSON.parse(readFileSync(`${db}.serve.pid`, "utf8"))).toMatchObject({ pid: serve.proc.pid });
    serve.proc.kill("SIGKILL");
    await serve.proc.exited;
    expect(existsSync(`${db}.serve.pid`)).toBe(true);
    const restored = await cli(["restore", backup, "--db", db]);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Removed ${db}.serve.pid: the serve it named (pid ${serve.proc.pid}`);
    expect(existsSync(`${db}.serve.pid`)).toBe(false);
  });

  test("a PID file naming pid 1 on another container's host does not block restore when no serve holds the lock", async () => {
    const { db, backup } = await databaseAndBackup();
    // pid 1 runs on every machine: a check by pid alone would call it alive forever.
    writeFileSync(
      `${db}.serve.pid`,
      JSON.stringify({ pid: 1, host: "3f2a9c0d1e4b", startedAt: "2026-11-20T10:00:00.000Z" }),
    );
    const restored = await cli(["restore", backup, "--db", db]);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("pid 1 on 3f2a9c0d1e4b, started 2026-11-20T10:00:00.000Z) is gone");
  });

  test("an old-format PID file (a bare pid) is named with the way out: delete it, or --force", async () => {
    const { db, backup } = await databaseAndBackup();
    writeFileSync(`${db}.serve.pid`, "1");
    const refused = await cli(["restore", backup, "--db", db]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `error: ${db}.serve.pid is left from an older version and cannot be checked: if no serve runs on ${db}, delete that file or restore with --force`,
    );
    const forced = await cli(["restore", backup, "--db", db, "--force"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain(`Removed ${db}.serve.pid (--force).`);
  });

  test("a running serve refuses restore, --force or not, naming its pid", async () => {
    const { db, backup } = await databaseAndBackup();
    const serve = await startServe(db, { ...ENV, LOG_LEVEL: "info" });
    try {
      for (const extra of [[], ["--force"]]) {
        const refused = await cli(["restore", backup, "--db", db, ...extra]);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`error: serve is running on ${db} (pid ${serve.proc.pid} on `);
        expect(refused.stderr).toContain("stop it before restoring");
      }
    } finally {
      serve.proc.kill("SIGTERM");
    }
    expect(await serve.proc.exited).toBe(0);
    expect(existsSync(`${db}.serve.pid`)).toBe(false);
  });
});

describe("one serve per SQLite database", () => {
  test("a second serve, and the bare command (serve is the default), are refused while one runs", async () => {
    const db = tempDb();
    const first = await startServe(db, { ...ENV, LOG_LEVEL: "info" });
    try {
      const second = await cli(["serve", "--port", "0", "--db", db]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`error: serve is already running on ${db} (pid ${first.proc.pid} on `);
      expect(second.stderr).toContain("several need PostgreSQL");
      expect(second.stderr.trim().split("\n")).toHaveLength(1);
      const bare = await cli([], { DATABASE_PATH: db, PORT: "0" });
      expect(bare.code).toBe(1);
      expect(bare.stderr).toContain("serve is the default command: see --help for the others");
      // The first one is untouched.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      first.proc.kill("SIGTERM");
    }
    expect(await first.proc.exited).toBe(0);
  });

  test("a port already taken is refused too (PostgreSQL allows several serves, but not on one port)", async () => {
    const taken = Bun.serve({ port: 0, fetch: () => new Response("someone else") });
    try {
      const res = await cli(["serve", "--port", String(taken.port), "--db", tempDb()]);
      expect(res.code).toBe(1);
      expect(res.stderr.trim()).toBe(
        `error: port ${taken.port} is already in use (another serve?); serve is the default command: see --help for the others, or pick another --port`,
      );
    } finally {
      taken.stop(true);
    }
  });
});

describe("healthcheck", () => {
  test("exit 0 while serve is ready, 1 while it drains, 1 when nothing answers", async () => {
    const db = tempDb();
    const serve = await startServe(db, { ...ENV, LOG_LEVEL: "info", DRAIN_SECONDS: "5" });
    const port = new URL(serve.url).port;
    try {
      const ready = await cli(["healthcheck", "--port", port]);
      expect({ code: ready.code, out: ready.stdout.trim() }).toEqual({
        code: 0,
        out: `ready: http://127.0.0.1:${port}/readyz answered 200`,
      });
      // PORT from the environment, as Docker's HEALTHCHECK runs it.
      expect((await cli(["healthcheck"], { PORT: port })).code).toBe(0);
      serve.proc.kill("SIGTERM");
      let draining = await cli(["healthcheck", "--port", port]);
      for (let i = 0; i < 20 && draining.code === 0; i++) {
        await Bun.sleep(100);
        draining = await cli(["healthcheck", "--port", port]);
      }
      expect({ code: draining.code, err: draining.stderr.trim() }).toEqual({
        code: 1,
        err: `error: not ready: http://127.0.0.1:${port}/readyz answered 503 draining`,
      });
    } finally {
      serve.proc.kill("SIGKILL");
    }
    await serve.proc.exited;
    const gone = await cli(["healthcheck", "--port", port]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(`error: not ready: http://127.0.0.1:${port}/readyz cannot be reached`);
  });
});

/** As the image's user (uid 10001). */
const AS_APP = ["setpriv", "--reuid=10001", "--regid=10001", "--clear-groups"];

/**
 * Why uid 10001 cannot run the program from this checkout, or null. It runs with a working folder
 * it can read (a clone in a folder other users cannot read made bun fail at once with
 * CouldntReadCurrentDirectory), but bun, src/ and node_modules must still be readable to it.
 */
function appUserProblem(): string | null {
  if (process.getuid?.() !== 0) return "not root (running as uid 10001 needs it)";
  if (!Bun.which("setpriv")) return "no setpriv (util-linux)";
  const probe = Bun.spawnSync([...AS_APP, process.execPath, MAIN, "--help"], {
    cwd: tmpdir(),
    stdout: "ignore",
    stderr: "pipe",
  });
  if (probe.exitCode === 0) return null;
  const said = probe.stderr.toString().trim().split("\n")[0];
  return `uid 10001 cannot run ${MAIN} with ${process.execPath} (a checkout or bun in a folder other users cannot read?): ${said}`;
}
const appUser = appUserProblem();
if (appUser) console.log(`container-cli.test.ts: "an unwritable data folder" is skipped: ${appUser}`);

describe.skipIf(appUser !== null)("an unwritable data folder", () => {
  test("serve exits 1 with one line naming the folder, the uid and the fix", async () => {
    const data = mkdtempSync(join(tmpdir(), "npt-readonly-"));
    mkdirSync(join(data, "data"));
    chmodSync(join(data, "data"), 0o755);
    // As the image's user on a folder root owns (a volume made by root on the host), from a
    // working folder it may read whatever folder the tests run from.
    const res = await cli([], { DATABASE_PATH: join(data, "data", "app.db"), PORT: "0" }, AS_APP, data);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `error: cannot write the data folder ${join(data, "data")} (EACCES): this process runs as uid 10001; give it to that user (e.g. chown -R 10001 ${join(data, "data")}) or set DATABASE_PATH to a writable place`,
    );
  });
});
