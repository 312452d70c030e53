import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database as Sqlite } from "bun:sqlite";
import { sql } from "kysely";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { backupTo, BackupError, markServing, restoreFrom } from "../../src/db/backup.ts";
import { openDatabase } from "../../src/db/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../migrations/index.ts";
import type { Mail } from "../../src/lib/mailer.ts";
import { createResetLink } from "../../src/modules/auth/service.ts";
import { syncGames } from "../../src/modules/games/sync.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;

beforeEach(async () => {
  ctx = await makeTestApp({ now: "2026-09-09T12:00:00Z" });
  await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
  ann = await buildUser(ctx, { username: "ann", email: "ann@example.com" });
});
afterEach(() => ctx.close());

const tempDir = () => mkdtempSync(join(tmpdir(), "npt-ops-"));
const bet = (gameId: string, selection: string, point: number) => ({ gameId, betType: "spread", selection, odds: -110, point, units: 1 });

describe("backup and restore", () => {
  test("a backup taken under write load restores with every committed bet", async () => {
    const dir = tempDir();
    const path = join(dir, "live.db");
    const live = openDatabase(path);
    await migrateToLatest(live.db);
    await syncGames(live.db, new FakeProvider(), ctx.clock.now());
    const app = createApp({ ...ctx, db: live.db });
    const users = await Promise.all(Array.from({ length: 40 }, (_, i) => buildUser({ ...ctx, db: live.db }, { username: `load_${i}` })));
    const acknowledged: number[] = [];
    const writes = users.map(async (u) => {
      const res = await call(app, "POST", "/api/bets", { cookie: u.cookie, body: bet("fake-w1-DAL-PHI", "Philadelphia Eagles", -3.5) });
      if (res.status === 201) acknowledged.push(res.body.id);
    });
    await Bun.sleep(1);
    const backupFile = join(dir, "backup.db");
    await backupTo(live.db, backupFile);
    await Promise.all(writes);
    const inBackup = new Sqlite(backupFile, { readonly: true }).query("select id from bets").all() as { id: number }[];
    const live_ids = (await live.db.selectFrom("bets").select("id").execute()).map((r) => r.id);
    // The backup is a consistent snapshot: every bet in it was acknowledged, nothing half-written.
    for (const { id } of inBackup) expect(acknowledged).toContain(id);
    expect(live_ids.sort()).toEqual([...acknowledged].sort());
    // And a backup after the load holds every committed bet; restoring it gives them all back.
    const after = join(dir, "after.db");
    await backupTo(live.db, after);
    await live.close();
    const restoredPath = join(dir, "restored.db");
    restoreFrom(after, restoredPath);
    const restored = openDatabase(restoredPath);
    expect((await restored.db.selectFrom("bets").select("id").execute()).map((r) => r.id).sort()).toEqual(live_ids.sort());
    await restored.close();
  });

  test("clear errors: an existing or unwritable target, a non-database, a newer schema, serve running", async () => {
    const dir = tempDir();
    const existing = join(dir, "exists.db");
    writeFileSync(existing, "x");
    await expect(backupTo(ctx.db, existing)).rejects.toThrow("already exists");
    await expect(backupTo(ctx.db, "/proc/no-such-place/backup.db")).rejects.toThrow(BackupError);
    const text = join(dir, "notes.txt");
    writeFileSync(text, "these are not the tables you are looking for");
    expect(() => restoreFrom(text, join(dir, "target.db"))).toThrow("not a SQLite database");
    const future = join(dir, "future.db");
    const db = new Sqlite(future);
    db.run("create table kysely_migration (name text, timestamp text)");
    db.run("insert into kysely_migration values ('9999_later', 'x')");
    db.close();
    expect(() => restoreFrom(future, join(dir, "target.db"))).toThrow("made by a newer version");
    const target = join(dir, "served.db");
    const unmark = markServing(target);
    expect(() => restoreFrom(future, target)).toThrow(`serve is running on ${target}`);
    unmark();
  });
});

describe("upgrades", () => {
  test("an upgrade first keeps a snapshot of the database as it was", async () => {
    const dir = tempDir();
    const path = join(dir, "old.db");
    const old = openDatabase(path);
    await migrateToLatest(old.db);
    // Take the newest migration back, as if this database came from the previous version.
    const names = Object.keys(migrations).sort();
    const [previous, newest] = names.slice(-2) as [string, string];
    await migrations[newest]!.down!(old.db);
    old.sqlite.run(`delete from kysely_migration where name = '${newest}'`);
    const snapshots: string[] = [];
    const applied = await migrateToLatest(old.db, (from) => {
      const file = join(dir, `snapshot-from-${from}.db`);
      snapshots.push(file);
      return file;
    });
    expect(applied).toEqual([newest]);
    expect(snapshots).toEqual([join(dir, `snapshot-from-${previous}.db`)]);
    const snapshot = new Sqlite(snapshots[0]!, { readonly: true });
    expect((snapshot.query("select count(*) as n from kysely_migration").get() as { n: number }).n).toBe(names.length - 1);
    snapshot.close();
    await old.close();
  });

  test("0011 gives props of games that already closed their closing line; props of games to come get none", async () => {
    // Week 1's Thursday game has kicked off and has its closing line; the rest have not.
    ctx.clock.set("2026-09-11T01:00:00Z");
    await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
    // Back to 0010, as a database of the previous version would be.
    const since0011 = Object.keys(migrations).filter((name) => name >= "0011");
    for (const name of since0011.toReversed()) {
      await migrations[name]!.down!(ctx.db);
      await sql`delete from kysely_migration where name = ${name}`.execute(ctx.db);
    }
    expect(await migrateToLatest(ctx.db)).toEqual(since0011);
    const props = await ctx.db.selectFrom("game_props").selectAll().orderBy("id").execute();
    const closed = props.filter((p) => p.game_id === "fake-w1-DAL-PHI");
    expect(closed).toHaveLength(2);
    expect(closed.map((p) => [p.closing_line, p.closing_over_odds, p.closing_under_odds])).toEqual([
      [245.5, -115, -105],
      [5.5, 110, -130],
    ]);
    const open = props.filter((p) => p.game_id !== "fake-w1-DAL-PHI");
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((p) => p.closing_line === null && p.closing_over_odds === null && p.closing_under_odds === null)).toBe(true);
  });
});

describe("password reset", () => {
  test("a reset link works once, ends every session, and expires", async () => {
    const { url } = await createResetLink(ctx.db, ctx.clock.now(), "ANN@example.com", "http://localhost");
    const token = new URL(url).searchParams.get("reset")!;
    expect(url).toStartWith("http://localhost/auth?reset=");
    const ok = await call(ctx.app, "POST", "/api/password/reset", { body: { token, password: "brand-new-pass" } });
    expect(ok.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(401);
    expect((await call(ctx.app, "POST", "/api/login", { body: { email: "ann@example.com", password: "brand-new-pass" } })).status).toBe(200);
    const again = await call(ctx.app, "POST", "/api/password/reset", { body: { token, password: "another-pass-1" } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("reset_link_invalid");
    const late = await createResetLink(ctx.db, ctx.clock.now(), "ann@example.com", "http://localhost");
    ctx.clock.advance(61 * 60 * 1000);
    const expired = await call(ctx.app, "POST", "/api/password/reset", { body: { token: new URL(late.url).searchParams.get("reset"), password: "another-pass-1" } });
    expect(expired.status).toBe(400);
    const short = await call(ctx.app, "POST", "/api/password/reset", { body: { token: "whatever", password: "short" } });
    expect(short.body.message).toBe("Password must be at least 8 characters");
  });

  test("'Forgot password?' mails the link when SMTP is set up, says nothing about unknown emails, and 503 without SMTP", async () => {
    const sent: Mail[] = [];
    const withMail = createApp({ ...ctx, mailer: { send: async (mail) => void sent.push(mail) } });
    const known = await call(withMail, "POST", "/api/password/forgot", { body: { email: "ann@example.com" } });
    const unknown = await call(withMail, "POST", "/api/password/forgot", { body: { email: "nobody@example.com" } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("ann@example.com");
    expect(sent[0]!.text).toContain("http://localhost/auth?reset=");
    const without = await call(ctx.app, "POST", "/api/password/forgot", { body: { email: "ann@example.com" } });
    expect(without.status).toBe(503);
    expect(without.body.message).toContain("Ask its operator for a reset link");
  });
});

describe("your data", () => {
  test("the CSV holds every bet, quoted where needed; JSON has the account; only your own", async () => {
    await call(ctx.app, "POST", "/api/bets", { cookie: ann.cookie, body: { ...bet("fake-w1-DAL-PHI", "Philadelphia Eagles", -3.5), note: 'Gut call, "lock" of the week' } });
    await call(ctx.app, "POST", "/api/bets", { cookie: ann.cookie, body: bet("fake-w1-KC-BUF", "Kansas City Chiefs", 3.5) });
    // Thursday's game kicks off: its line, unchanged since the bet, is the closing line.
    ctx.clock.set("2026-09-11T01:00:00Z");
    await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
    const res = await ctx.app.handle(new Request(`http://localhost/api/users/${ann.user.id}/export/bets.csv`, { headers: { cookie: ann.cookie } }));
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const lines = (await res.text()).trim().split("\r\n");
    expect(lines[0]).toStartWith("id,placedAt,book,week,game");
    expect(lines[0]).toContain(",point,odds,closingPoint,closingOdds,clv,units,");
    expect(lines).toHaveLength(3);
    expect(lines.find((l) => l.includes("Philadelphia Eagles,,,-3.5,-110,"))).toContain(",-3.5,-110,-3.5,-110,-4.5,1,");
    expect(lines.find((l) => l.includes("Kansas City Chiefs,,,3.5,-110,"))).toContain(",3.5,-110,,,,1,");
    expect(lines.some((l) => l.includes('"Gut call, ""lock"" of the week"'))).toBe(true);
    const json = await call(ctx.app, "GET", `/api/users/${ann.user.id}/export/account.json`, { cookie: ann.cookie });
    expect(json.body.account).toMatchObject({ username: "ann", email: "ann@example.com" });
    expect(json.body.bets).toHaveLength(2);
    const other = await buildUser(ctx);
    expect((await call(ctx.app, "GET", `/api/users/${ann.user.id}/export/bets.csv`, { cookie: other.cookie })).status).toBe(403);
  });

  test("deleting an account needs the password; afterwards it cannot sign in and its bets stay, anonymised", async () => {
    await call(ctx.app, "POST", "/api/bets", { cookie: ann.cookie, body: bet("fake-w1-DAL-PHI", "Philadelphia Eagles", -3.5) });
    const wrong = await call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: "not-it" } });
    expect(wrong.status).toBe(400);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(200);
    const gone = await call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: ann.password } });
    expect(gone.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(401);
    expect((await call(ctx.app, "POST", "/api/login", { body: { email: "ann@example.com", password: ann.password } })).status).toBe(401);
    const row = await ctx.db.selectFrom("users").selectAll().where("id", "=", ann.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: `deleted-${ann.user.id}@deleted.invalid`, username: `deleted_user_${ann.user.id}` });
    expect(await ctx.db.selectFrom("bets").select("user_id").execute()).toEqual([{ user_id: ann.user.id }]);
    // The email is free again.
    const again = await call(ctx.app, "POST", "/api/register", { body: { email: "ann@example.com", username: "ann_again", password: "password123" } });
    expect(again.status).toBe(201);
  });
});

describe("/metrics", () => {
  test("Prometheus text with requests, latency, sockets and outbox lag; admins or the machine itself", async () => {
    await call(ctx.app, "GET", "/api/health");
    await Bun.sleep(20); // after-response hooks run once the answer is out
    const res = await ctx.app.handle(new Request("http://localhost/metrics"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/npt_http_requests_total\{method="GET",route="\/api\/health",status="200"\} 1/);
    expect(text).toContain("npt_http_request_duration_seconds_bucket");
    expect(text).toContain("npt_websocket_connections 0");
    expect(text).toContain("npt_outbox_lag_events 0");
    // Every sample line is `name{labels} value`: the format parses.
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#"))) expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[\d.e+-]+$|NaN$/);
    const proxied = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const stranger = await proxied.app.handle(new Request("http://localhost/metrics", { headers: { "x-forwarded-for": "203.0.113.7" } }));
    expect(stranger.status).toBe(403);
    await proxied.close();
  });
});
