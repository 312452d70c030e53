import { afterAll, beforeAll, expect } from "bun:test";
import pg from "pg";
import { freshPostgresUrl } from "./databases.ts";
import { type RunningServe, startServe } from "./serve-process.ts";

/** Two real `serve` processes on one fresh PostgreSQL database, with a client on it and small request helpers. */
export interface TwoServes {
  /** Started first: it migrates, takes the jobs and seeds the season. Filled in by beforeAll (the object stays the same). */
  readonly a: RunningServe;
  readonly b: RunningServe;
  /** A query on a plain connection to the same database, for rows behind the app's back. */
  // biome-ignore lint/suspicious/noExplicitAny: rows are whatever the SQL selects, as with pg itself
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
  /** A same-origin JSON request to one process. */
  send(to: RunningServe, method: string, path: string, body?: unknown, cookie?: string): Promise<Response>;
  /** A new player signed up on `on` (A by default): their session cookie, email and id. */
  register(on?: RunningServe): Promise<{ cookie: string; email: string; id: number }>;
}

const ENV = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  LOG_LEVEL: "info",
  DEMO_BOTS: "0",
  AUTH_RATE_LIMIT: "100000",
  ODDS_PROVIDER: "embedded",
};

/**
 * Registers the hooks that start both processes before the enclosing describe's tests and kill
 * them (and drop the database) after. Call it inside a `describe.skipIf(!onPostgres)`: the hooks of
 * a skipped describe never run. `prefix` makes the players' emails and usernames this file's own;
 * `env` adds to both processes' environment (CLOCK_START, DEMO_BOTS…).
 */
export function twoServesOnPostgres(prefix: string, env: Record<string, string> = {}): TwoServes {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const a = {} as RunningServe;
  const b = {} as RunningServe;
  let client: pg.Client | undefined;
  let people = 0;

  beforeAll(async () => {
    database = await freshPostgresUrl();
    Object.assign(a, await startServe(database.url, { ...ENV, ...env }));
    Object.assign(b, await startServe(database.url, { ...ENV, ...env }));
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 60_000);

  afterAll(async () => {
    for (const p of [a, b]) p.proc?.kill("SIGKILL");
    await Promise.all([a.proc?.exited, b.proc?.exited]);
    await client?.end();
    await database?.drop();
  });

  const send = (to: RunningServe, method: string, path: string, body?: unknown, cookie?: string) =>
    fetch(`${to.url}${path}`, {
      method,
      headers: { origin: to.url, "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    if (!client) throw new Error("twoServesOnPostgres: not started yet (it starts in beforeAll)");
    return client.query<R>(text, values);
  };

  return {
    a,
    b,
    query,
    send,
    async register(on) {
      people += 1;
      const email = `${prefix}${people}-${Date.now()}@example.com`;
      const res = await send(on ?? a, "POST", "/api/register", {
        email,
        username: `${prefix}_${people}_${Date.now() % 100000}`,
        password: "correct horse battery",
      });
      expect(res.status).toBeLessThan(300);
      const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
      const { rows } = await query<{ id: number }>("select id from users where email = $1", [email]);
      return { cookie, email, id: rows[0]!.id };
    },
  };
}
