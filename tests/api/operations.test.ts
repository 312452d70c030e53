import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import { Database as Sqlite } from "bun:sqlite";
import { sql } from "kysely";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../../src/app.ts";
import { backupTo, BackupError, restoreFrom } from "../../src/runtime/backup.ts";
import { tryLock } from "../../src/runtime/serve-lock.ts";
import { openDatabase } from "../../src/runtime/connection.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { migrations } from "../../migrations/index.ts";
import type { Mail } from "../../src/lib/mailer.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { createResetLink, purgeExpiredSessions } from "../../src/modules/auth/service.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { buildUser, type BuiltUser, seededSeason } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let ann: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { ann },
  } = await seededSeason({ people: { ann: { username: "ann", email: "ann@example.com" } } }));
});
afterEach(() => ctx.close());

const tempDir = () => mkdtempSync(join(tmpdir(), "npt-ops-"));
const bet = (gameId: string, selection: string, point: number) => ({
  gameId,
  betType: "spread",
  selection,
  odds: -110,
  point,
  units: 1,
});

describe("backup and restore", () => {
  test("a backup taken under write load restores with every committed bet", async () => {
    const dir = tempDir();
    const path = join(dir, "live.db");
    const live = openDatabase(path);
    await migrateToLatest(live.db);
    await syncGames(live.db, new FakeProvider(), ctx.clock.now());
    const app = createApp({ ...ctx, db: live.db });
    const users = await Promise.all(
      Array.from({ length: 40 }, (_, i) => buildUser({ ...ctx, db: live.db }, { username: `load_${i}` })),
    );
    const acknowledged: number[] = [];
    const writes = users.map(async (u) => {
      const res = await call(app, "POST", "/api/bets", {
        cookie: u.cookie,
        body: bet("fake-w1-DAL-PHI", "Philadelphia Eagles", -3.5),
      });
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
    expect((await restored.db.selectFrom("bets").select("id").execute()).map((r) => r.id).sort()).toEqual(
      live_ids.sort(),
    );
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
    const serving = tryLock(target)!;
    serving.markServing(new Date());
    expect(() => restoreFrom(future, target)).toThrow(`serve is running on ${target}`);
    serving.release();
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
    expect((snapshot.query("select count(*) as n from kysely_migration").get() as { n: number }).n).toBe(
      names.length - 1,
    );
    snapshot.close();
    await old.close();
  });

  // SQLite's own upgrade path: PostgreSQL's migrations began after these.
  test.skipIf(onPostgres)(
    "0011 gives props of games that already closed their closing line; props of games to come get none",
    async () => {
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
      expect(
        open.every((p) => p.closing_line === null && p.closing_over_odds === null && p.closing_under_odds === null),
      ).toBe(true);
    },
  );
});

describe("0013: proofs for admins and look-alike names", () => {
  test.skipIf(onPostgres)(
    "backfills name skeletons; admins not made by `users promote` must prove their address again",
    async () => {
      const since0013 = Object.keys(migrations).filter((name) => name >= "0013");
      for (const name of since0013.toReversed()) {
        await migrations[name]!.down!(ctx.db);
        await sql`delete from kysely_migration where name = ${name}`.execute(ctx.db);
      }
      const insert = (username: string, role: string) =>
        sql<{ id: number }>`insert into users (email, username, username_key, password_hash, role, created_at)
        values (${`${username}@example.com`}, ${username}, ${username.toLowerCase()}, 'x', ${role}, '2026-09-01T00:00:00Z') returning id`.execute(
          ctx.db,
        );
      const listed = (await insert("listed_boss", "admin")).rows[0]!.id;
      const promoted = (await insert("promoted_ops", "admin")).rows[0]!.id;
      await insert("aIice_0", "user");
      await sql`insert into audit_log (actor_id, actor_label, action, subject, details, created_at)
      values (null, 'cli', 'user.promote', ${`user:${promoted}`}, '{}', '2026-09-01T00:00:00Z')`.execute(ctx.db);
      expect(await migrateToLatest(ctx.db)).toEqual(since0013);
      const rows = await ctx.db
        .selectFrom("users")
        .select(["id", "username", "username_skeleton", "role", "email_verified_at"])
        .orderBy("id")
        .execute();
      expect(rows.find((r) => r.username === "aIice_0")?.username_skeleton).toBe("allce_o");
      expect(rows.find((r) => r.username === "ann")?.username_skeleton).toBe("ann");
      expect(rows.find((r) => r.id === listed)).toMatchObject({ role: "user", email_verified_at: null });
      expect(rows.find((r) => r.id === promoted)?.role).toBe("admin");
    },
  );
});

describe("password reset", () => {
  test("a reset link works once, ends every session, and expires", async () => {
    const { url } = await createResetLink(ctx.db, ctx.clock.now(), "ANN@example.com", "http://localhost");
    const token = new URL(url).searchParams.get("reset")!;
    expect(url).toStartWith("http://localhost/auth?reset=");
    const ok = await call(ctx.app, "POST", "/api/password/reset", { body: { token, password: "brand-new-pass" } });
    expect(ok.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(401);
    expect(
      (await call(ctx.app, "POST", "/api/login", { body: { email: "ann@example.com", password: "brand-new-pass" } }))
        .status,
    ).toBe(200);
    const again = await call(ctx.app, "POST", "/api/password/reset", { body: { token, password: "another-pass-1" } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("reset_link_invalid");
    const late = await createResetLink(ctx.db, ctx.clock.now(), "ann@example.com", "http://localhost");
    ctx.clock.advance(61 * 60 * 1000);
    const expired = await call(ctx.app, "POST", "/api/password/reset", {
      body: { token: new URL(late.url).searchParams.get("reset"), password: "another-pass-1" },
    });
    expect(expired.status).toBe(400);
    const short = await call(ctx.app, "POST", "/api/password/reset", {
      body: { token: "whatever", password: "short" },
    });
    expect(short.body.message).toBe("Password must be at least 8 characters");
  });

  test("a reset spends every other reset link of the account", async () => {
    const first = await createResetLink(ctx.db, ctx.clock.now(), "ann@example.com", "http://localhost");
    const second = await createResetLink(ctx.db, ctx.clock.now(), "ann@example.com", "http://localhost");
    const other = await buildUser(ctx, { email: "bo@example.com" });
    const othersLink = await createResetLink(ctx.db, ctx.clock.now(), other.user.email, "http://localhost");
    const tokenOf = (url: string) => new URL(url).searchParams.get("reset")!;
    expect(
      (
        await call(ctx.app, "POST", "/api/password/reset", {
          body: { token: tokenOf(second.url), password: "brand-new-pass" },
        })
      ).status,
    ).toBe(200);
    const stale = await call(ctx.app, "POST", "/api/password/reset", {
      body: { token: tokenOf(first.url), password: "attackers-pass" },
    });
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe("reset_link_invalid");
    expect(
      (await call(ctx.app, "POST", "/api/login", { body: { email: "ann@example.com", password: "brand-new-pass" } }))
        .status,
    ).toBe(200);
    // Another account's link is untouched.
    expect(
      (
        await call(ctx.app, "POST", "/api/password/reset", {
          body: { token: tokenOf(othersLink.url), password: "bos-new-pass" },
        })
      ).status,
    ).toBe(200);
  });

  test("reset attempts for one account are limited (429 with Retry-After)", async () => {
    const links = [];
    for (let i = 0; i < 11; i++)
      links.push(await createResetLink(ctx.db, ctx.clock.now(), "ann@example.com", "http://localhost"));
    const statuses = [];
    for (const { url } of links) {
      const res = await call(ctx.app, "POST", "/api/password/reset", {
        body: { token: new URL(url).searchParams.get("reset"), password: "short" },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...new Array(10).fill(400), 429]);
  });
});

describe("'Forgot password?'", () => {
  const PUBLIC_URL = "https://bets.example.com";
  /** The app with PUBLIC_URL and a mailer whose `send` is given; requests come from our public origin. */
  async function mailing(send: (mail: Mail) => Promise<void>, logLines: string[] = []) {
    const proxied = await makeTestApp({ env: { PUBLIC_URL }, now: "2026-09-09T12:00:00Z" });
    await buildUser(proxied, { username: "ann", email: "ann@example.com" });
    const logger = createLogger("error", { write: (line: string) => void logLines.push(line) });
    const app = createApp({ ...proxied, logger, mailer: { send } });
    const forgot = (email: string, headers: Record<string, string> = {}) =>
      call(app, "POST", "/api/password/forgot", { body: { email }, headers: { origin: PUBLIC_URL, ...headers } });
    return { proxied, app, forgot };
  }
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 400 && !done(); i++) await Bun.sleep(5);
  };

  test("mails a link at PUBLIC_URL, never at the request's Host; an unknown email gets the same answer and no mail", async () => {
    const sent: Mail[] = [];
    const { proxied, app, forgot } = await mailing(async (mail) => void sent.push(mail));
    const unknown = await forgot("nobody@example.com", { host: "evil.example" });
    const forged = await app.handle(
      new Request("http://evil.example/api/password/forgot", {
        method: "POST",
        headers: {
          host: "evil.example",
          origin: PUBLIC_URL,
          "content-type": "application/json",
          "x-forwarded-host": "evil.example",
        },
        body: JSON.stringify({ email: "ANN@example.com" }),
      }),
    );
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual(unknown.body);
    await until(() => sent.length > 0);
    await Bun.sleep(20);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe("ann@example.com");
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/auth?reset=`);
    expect(sent[0]!.text).not.toContain("evil.example");
    await proxied.close();
  });

  test("answers at once and the same when the mail server hangs or fails; the failure is logged, never shown", async () => {
    const logLines: string[] = [];
    const { proxied, forgot } = await mailing(() => new Promise(() => {}), logLines);
    const hanging = await forgot("ann@example.com");
    expect(hanging.status).toBe(200);
    expect(hanging.body).toEqual({ message: "If that email has an account, a reset link is on its way." });
    await proxied.close();

    const failing = await mailing(async () => {
      throw new Error("SMTP 421 service not available");
    }, logLines);
    const res = await failing.forgot("ann@example.com");
    expect(res.status).toBe(200);
    expect(res.body).toEqual(hanging.body);
    await until(() => logLines.length > 0);
    expect(logLines.join("")).toContain("password reset mail failed");
    // The request's id, as on its access line, so the failure is found from Caddy's log.
    expect(JSON.parse(logLines.find((l) => l.includes("mail failed"))!).requestId).toMatch(/^[0-9a-f-]{36}$/);
    await failing.proxied.close();
  });

  test("is limited per account across addresses, the same for known and unknown emails", async () => {
    const { proxied, forgot } = await mailing(async () => {});
    for (const email of ["ann@example.com", "nobody@example.com"]) {
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await forgot(i % 2 ? email.toUpperCase() : email)).status);
      expect(statuses).toEqual([...new Array(10).fill(200), 429]);
    }
    await proxied.close();
  });

  test("without SMTP it answers 503: ask the operator", async () => {
    const without = await call(ctx.app, "POST", "/api/password/forgot", { body: { email: "ann@example.com" } });
    expect(without.status).toBe(503);
    expect(without.body.message).toContain("Ask its operator for a reset link");
  });

  test("an app with a mailer but no PUBLIC_URL is refused at start", () => {
    expect(() => createApp({ ...ctx, mailer: { send: async () => {} } })).toThrow("PUBLIC_URL");
  });
});

describe("your data", () => {
  test("the CSV holds every bet, quoted where needed; JSON has the account; only your own", async () => {
    await call(ctx.app, "POST", "/api/bets", {
      cookie: ann.cookie,
      body: { ...bet("fake-w1-DAL-PHI", "Philadelphia Eagles", -3.5), note: 'Gut call, "lock" of the week' },
    });
    await call(ctx.app, "POST", "/api/bets", {
      cookie: ann.cookie,
      body: bet("fake-w1-KC-BUF", "Kansas City Chiefs", 3.5),
    });
    // Thursday's game kicks off: its line, unchanged since the bet, is the closing line.
    ctx.clock.set("2026-09-11T01:00:00Z");
    await syncGames(ctx.db, new FakeProvider(), ctx.clock.now());
    const res = await ctx.app.handle(
      new Request(`http://localhost/api/users/${ann.user.id}/export/bets.csv`, { headers: { cookie: ann.cookie } }),
    );
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
    expect(
      (await call(ctx.app, "GET", `/api/users/${ann.user.id}/export/bets.csv`, { cookie: other.cookie })).status,
    ).toBe(403);
  });

  test("deleting an account needs the password; afterwards it cannot sign in and its bets stay, anonymised", async () => {
    await call(ctx.app, "POST", "/api/bets", {
      cookie: ann.cookie,
      body: bet("fake-w1-DAL-PHI", "Philadelphia Eagles", -3.5),
    });
    const wrong = await call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: "not-it" } });
    expect(wrong.status).toBe(400);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(200);
    const gone = await call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: ann.password } });
    expect(gone.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(401);
    expect(
      (await call(ctx.app, "POST", "/api/login", { body: { email: "ann@example.com", password: ann.password } }))
        .status,
    ).toBe(401);
    const row = await ctx.db.selectFrom("users").selectAll().where("id", "=", ann.user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: `deleted user ${ann.user.id}@deleted.invalid`,
      username: `Deleted user #${ann.user.id}`,
    });
    expect(await ctx.db.selectFrom("bets").select("user_id").execute()).toEqual([{ user_id: ann.user.id }]);
    // The email is free again.
    const again = await call(ctx.app, "POST", "/api/register", {
      body: { email: "ann@example.com", username: "ann_again", password: "password123" },
    });
    expect(again.status).toBe(201);
  });
});

describe("password checks and clean-up", () => {
  test("deleting an account allows 10 password checks per 15 minutes, then 429 even for the right one", async () => {
    const statuses = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (await call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: `guess-${i}` } })).status,
      );
    expect(statuses).toEqual(new Array(10).fill(400));
    const limited = await call(ctx.app, "DELETE", "/api/user", {
      cookie: ann.cookie,
      body: { password: ann.password },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(ctx.app, "GET", "/api/user", { cookie: ann.cookie })).status).toBe(200);
    ctx.clock.advance(15 * 60_000);
    expect(
      (await call(ctx.app, "DELETE", "/api/user", { cookie: ann.cookie, body: { password: ann.password } })).status,
    ).toBe(200);
  }, 20_000); // twelve real password hashes

  test("purgeExpiredSessions deletes expired sessions and used or expired links, nothing live", async () => {
    const stale = await buildUser(ctx);
    const spent = await createResetLink(ctx.db, ctx.clock.now(), "ann@example.com", "http://localhost");
    await call(ctx.app, "POST", "/api/password/reset", {
      body: { token: new URL(spent.url).searchParams.get("reset"), password: "brand-new-pass" },
    });
    await createResetLink(ctx.db, ctx.clock.now(), stale.user.email, "http://localhost");
    ctx.clock.advance(30 * 24 * 60 * 60 * 1000);
    // stale's 30-day session ends now; fresh's session and link have just begun.
    const fresh = await buildUser(ctx);
    const live = await createResetLink(ctx.db, ctx.clock.now(), fresh.user.email, "http://localhost");
    expect(await purgeExpiredSessions(ctx.db, ctx.clock.now())).toEqual({ sessions: 1, links: 2 });
    expect(await purgeExpiredSessions(ctx.db, ctx.clock.now())).toEqual({ sessions: 0, links: 0 });
    const sessions = await ctx.db.selectFrom("sessions").select("user_id").execute();
    expect(sessions).toEqual([{ user_id: fresh.user.id }]);
    const links = await ctx.db.selectFrom("password_resets").select("user_id").execute();
    expect(links).toEqual([{ user_id: fresh.user.id }]);
    expect(new URL(live.url).searchParams.get("reset")).toBeTruthy();
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
    // Every sample line is `name{labels} value`: the format parses (prom-client writes NaN as "Nan",
    // which Prometheus reads case-blind, as an event-loop gauge before its first sample).
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#")))
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (-?[\d.e+-]+|NaN|Nan|\+Inf)$/);
    const proxied = await makeTestApp({ env: { TRUST_PROXY: "true" } });
    const stranger = await proxied.app.handle(
      new Request("http://localhost/metrics", { headers: { "x-forwarded-for": "203.0.113.7" } }),
    );
    expect(stranger.status).toBe(403);
    await proxied.close();
  });
});
