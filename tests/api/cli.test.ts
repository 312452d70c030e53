import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/runtime/connection.ts";

// Each test starts processes; on a busy machine that can take seconds.
setDefaultTimeout(60_000);

const MAIN = join(import.meta.dir, "../../src/main.ts");

function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), "npt-cli-")), "app.db");
}

/** Runs the CLI as an operator would, in its own process. */
async function cli(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    env: { ...process.env, LOG_LEVEL: "silent", ...env },
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

describe("CLI", () => {
  test("--help lists the commands, and every command has its own help", async () => {
    const top = await cli(["--help"]);
    expect(top.code).toBe(0);
    for (const command of ["serve", "migrate", "users", "resolve-game", "odds", "bots", "contest", "backup", "restore"])
      expect(top.stdout).toContain(command);
    const promote = await cli(["users", "promote", "--help"]);
    expect(promote.stdout).toContain("--db <path>");
    const serve = await cli(["serve", "--help"]);
    expect(serve.stdout).toContain("--port <port>");
  });

  test("migrate creates the schema once, then says it is up to date", async () => {
    const db = tempDb();
    const first = await cli(["migrate", "--db", db]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Applied 0001_foundation, 0002_games, .*0005_stats/);
    const second = await cli(["migrate", "--db", db]);
    expect(second.stdout).toContain("Already up to date.");
  });

  test("users promote makes an account an admin and audits it; an unknown email exits 1", async () => {
    const db = tempDb();
    await cli(["migrate", "--db", db]);
    const handle = openDatabase(db);
    await handle.db
      .insertInto("users")
      .values({
        email: "ops@example.com",
        username: "ops",
        username_key: "ops",
        password_hash: "x",
        role: "user",
        created_at: new Date(0).toISOString(),
      })
      .execute();
    const ok = await cli(["users", "promote", "OPS@example.com", "--db", db]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("ops <ops@example.com> is now an admin.");
    const row = await handle.db.selectFrom("users").select("role").executeTakeFirstOrThrow();
    expect(row.role).toBe("admin");
    const audit = await handle.db.selectFrom("audit_log").selectAll().executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: "user.promote", actor_label: "cli", actor_id: null });
    const missing = await cli(["users", "promote", "nobody@example.com", "--db", db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("error: No user with email nobody@example.com");
    await handle.close();
  });

  test("odds sync seeds the embedded season once; resolve-game resolves and regrades with clear exit codes", async () => {
    const db = tempDb();
    const sync = await cli(["odds", "sync", "--db", db]);
    expect(sync.code).toBe(0);
    expect(sync.stdout).toMatch(/^embedded season \d{4}: 272 games added/);
    const again = await cli(["odds", "sync", "--db", db]);
    expect(again.stdout).toContain(": 0 games added");
    const handle = openDatabase(db);
    const game = await handle.db
      .selectFrom("games")
      .selectAll()
      .orderBy("commence_time", "desc")
      .executeTakeFirstOrThrow();
    const ok = await cli(["resolve-game", game.id, "--away", "17", "--home", "24", "--db", db]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`${game.away_team} 17 @ ${game.home_team} 24: resolved.`);
    const twice = await cli(["resolve-game", game.id, "--away", "17", "--home", "24", "--db", db]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("already completed");
    const regrade = await cli(["resolve-game", game.id, "--away", "20", "--home", "24", "--regrade", "--db", db]);
    expect(regrade.code).toBe(0);
    const bad = await cli(["resolve-game", game.id, "--away", "-3", "--home", "24", "--db", db]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--away must be a whole number from 0 to 999");
    const missing = await cli(["resolve-game", "no-such-game", "--away", "1", "--home", "2", "--db", db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Game not found");
    const audit = await handle.db.selectFrom("audit_log").select(["action", "actor_label"]).orderBy("id").execute();
    expect(audit).toEqual([
      { action: "game.resolve", actor_label: "cli" },
      { action: "game.regrade", actor_label: "cli" },
    ]);
    await handle.close();
  });

  test("bots ensure, weekly-update and stats: clear output, idempotent, non-zero exit on failure", async () => {
    const db = tempDb();
    await cli(["odds", "sync", "--db", db]);
    const ensure = await cli(["bots", "ensure", "--count", "5", "--db", db]);
    expect(ensure.code).toBe(0);
    expect(ensure.stdout.trim()).toBe("Created 5 bots; there are now 5.");
    expect((await cli(["bots", "ensure", "--count", "5", "--db", db])).stdout.trim()).toBe(
      "All 5 bots already exist; nothing to create.",
    );
    const bad = await cli(["bots", "ensure", "--count", "500", "--db", db]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--count must be a whole number from 1 to 100");
    const weekly = await cli(["bots", "weekly-update", "--db", db]);
    // The embedded season follows the real date: a week with open games places bets, an off-season week refuses.
    if (weekly.code === 0) expect(weekly.stdout).toMatch(/^5 bots placed \d+ bets on Week \d+\.$/m);
    else expect(weekly.stderr).toContain("No open games");
    const stats = await cli(["bots", "stats", "--json", "--db", db]);
    expect(JSON.parse(stats.stdout)).toMatchObject({ totalBotUsers: 5 });
  });

  test("contest winners: records the last completed week, warns about the generated season, refuses bad weeks", async () => {
    const db = tempDb();
    await cli(["odds", "sync", "--db", db]);
    const res = await cli(["contest", "winners", "--week", "1", "--json", "--db", db]);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("warning: these results come from the embedded (generated) season");
    expect(JSON.parse(res.stdout)).toMatchObject({ week: 1, generatedSeason: true, winners: [] });
    const bad = await cli(["contest", "winners", "--week", "19", "--db", db]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--week must be a whole number from 1 to 18");
    const future = await cli(["contest", "winners", "--week", "18", "--db", db]);
    expect(future.code).toBe(1);
    expect(future.stderr).toContain("Week 18 is not settled yet");
  });

  test("backup while data exists, restore refused over a running serve's pid, reset-link prints a one-time link", async () => {
    const db = tempDb();
    await cli(["odds", "sync", "--db", db]);
    const backupFile = `${db}.backup`;
    const backup = await cli(["backup", backupFile, "--db", db]);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${db} to ${backupFile}`);
    const twice = await cli(["backup", backupFile, "--db", db]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("already exists");
    const restored = await cli(["restore", backupFile, "--db", `${db}.copy`]);
    expect(restored.code).toBe(0);
    const notDb = await cli(["restore", MAIN, "--db", `${db}.copy`]);
    expect(notDb.code).toBe(1);
    expect(notDb.stderr).toContain("is not a SQLite database");
    const handle = openDatabase(db);
    await handle.db
      .insertInto("users")
      .values({
        email: "pat@example.com",
        username: "pat",
        username_key: "pat",
        password_hash: "x",
        role: "user",
        created_at: new Date(0).toISOString(),
      })
      .execute();
    await handle.close();
    const link = await cli(["users", "reset-link", "pat@example.com", "--db", db]);
    expect(link.code).toBe(0);
    expect(link.stdout).toMatch(/http:\/\/localhost:3000\/auth\?reset=\S+/);
    expect((await cli(["users", "reset-link", "nobody@example.com", "--db", db])).code).toBe(1);
  });

  test("a bad setting is named and exits 1", async () => {
    const res = await cli(["migrate", "--db", tempDb()], { ODDS_PROVIDER: "bookie" });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("ODDS_PROVIDER must be one of embedded, espn, theoddsapi");
    const mail = await cli(["migrate", "--db", tempDb()], { SMTP_URL: "smtp://mail.example.com:25", PUBLIC_URL: "" });
    expect(mail.code).toBe(1);
    expect(mail.stderr).toContain("error: PUBLIC_URL must be set when SMTP_URL is set");
    const port = await cli(["serve", "--port", "http", "--db", tempDb()]);
    expect(port.code).toBe(1);
    expect(port.stderr).toContain("--port must be a whole number");
  });

  test("refuses a database upgraded by a newer version, saying which version it needs", async () => {
    const db = tempDb();
    await cli(["migrate", "--db", db]);
    const handle = openDatabase(db);
    await handle.sqlite.run(
      "insert into kysely_migration (name, timestamp) values ('9999_from_the_future', '2030-01-01')",
    );
    await handle.close();
    for (const args of [
      ["migrate", "--db", db],
      ["serve", "--port", "0", "--db", db],
    ]) {
      const res = await cli(args);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain("newer version");
      expect(res.stderr).toContain("9999_from_the_future");
    }
  });

  test("serve answers, then shuts down cleanly on SIGTERM and checkpoints the WAL", async () => {
    const db = tempDb();
    const proc = Bun.spawn([process.execPath, MAIN, "serve", "--port", "0", "--db", db], {
      env: { ...process.env, LOG_LEVEL: "info" },
      stdout: "pipe",
      stderr: "inherit",
    });
    const reader = proc.stdout.getReader();
    let out = "";
    let url: string | undefined;
    while (!url) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`serve exited early: ${out}`);
      out += new TextDecoder().decode(value);
      url = out.match(/"url":"(http:\/\/localhost:\d+)"/)?.[1];
    }
    try {
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toMatchObject({
        status: "ok",
        provider: { name: "embedded", ok: true, consecutiveFailures: 0 },
      });
    } finally {
      // Never leave a server behind when an expectation fails: it would hold the whole run open.
      proc.kill("SIGTERM");
    }
    expect(await proc.exited).toBe(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      out += new TextDecoder().decode(value);
    }
    const lines = out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toContain("stopped");
    expect(
      lines.find((l) => l.path === "/api/health"),
      out,
    ).toMatchObject({ method: "GET", status: 200 });
    const wal = `${db}-wal`;
    expect(!existsSync(wal) || statSync(wal).size === 0).toBe(true);
  });
});
