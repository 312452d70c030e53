import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Socket, TCPSocketListener } from "bun";
import { openPostgres, type PostgresHandle } from "../../src/runtime/connection.ts";
import { startSession } from "../../src/modules/auth/service.ts";
import { freshPostgresUrl, onPostgres } from "../databases.ts";
import { startServe, type RunningServe } from "../serve-process.ts";

/**
 * A `serve` process whose PostgreSQL connections all go through a TCP proxy the test can cut
 * (PostgreSQL only): while cut, every connection is dropped and new ones are closed at once, as a
 * restart or a network fault would. Placements keep coming the whole time: the ones answered 201
 * must all be in the database afterwards, the ones that met the outage get 503 JSON, and the
 * process serves again once the database is back, without a restart.
 */
type Pipe = { peer: Socket<Pipe> | null; queue: Uint8Array[] };

/** Writes `chunk` to `socket`, keeping what it could not take for its next drain (nothing is dropped). */
function send(socket: Socket<Pipe>, pipe: Pipe, chunk: Uint8Array): void {
  if (pipe.queue.length > 0) {
    pipe.queue.push(chunk);
    return;
  }
  const written = socket.write(chunk);
  if (written < chunk.length) pipe.queue.push(chunk.slice(Math.max(0, written)));
}

function drain(socket: Socket<Pipe>, pipe: Pipe): void {
  while (pipe.queue.length > 0) {
    const chunk = pipe.queue[0]!;
    const written = socket.write(chunk);
    if (written < chunk.length) {
      pipe.queue[0] = chunk.slice(Math.max(0, written));
      return;
    }
    pipe.queue.shift();
  }
}

class CuttableProxy {
  #down = false;
  readonly #open = new Set<Socket<Pipe>>();
  readonly listener: TCPSocketListener<Pipe>;

  constructor(target: { hostname: string; port: number }) {
    const open = this.#open;
    const isDown = () => this.#down;
    // Each side's data holds the other side and what waits to be written to *this* side.
    this.listener = Bun.listen<Pipe>({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        open(client) {
          client.data = { peer: null, queue: [] };
          if (isDown()) {
            client.terminate();
            return;
          }
          open.add(client);
          Bun.connect<Pipe>({
            hostname: target.hostname,
            port: target.port,
            data: { peer: client, queue: [] },
            socket: {
              open(server) {
                open.add(server);
                // What the client sent before the server side was up.
                const early = client.data.queue;
                client.data = { peer: server, queue: [] };
                for (const chunk of early) send(server, server.data, chunk);
              },
              data(_server, chunk) {
                send(client, client.data, new Uint8Array(chunk));
              },
              drain(server) {
                drain(server, server.data);
              },
              close(server) {
                open.delete(server);
                client.end();
              },
              error(server) {
                open.delete(server);
                client.end();
              },
            },
          }).catch(() => client.terminate());
        },
        data(client, chunk) {
          const server = client.data.peer;
          if (server) send(server, server.data, new Uint8Array(chunk));
          else client.data.queue.push(new Uint8Array(chunk));
        },
        drain(client) {
          drain(client, client.data);
        },
        close(client) {
          open.delete(client);
          client.data.peer?.end();
        },
        error(client) {
          open.delete(client);
        },
      },
    });
  }

  get port(): number {
    return this.listener.port;
  }

  /** Drops every connection, and closes new ones as they arrive. */
  cut(): void {
    this.#down = true;
    for (const socket of this.#open) socket.terminate();
    this.#open.clear();
  }

  restore(): void {
    this.#down = false;
  }
}

describe.skipIf(!onPostgres)("a lost PostgreSQL connection while serving", () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: CuttableProxy;
  let serve: RunningServe;
  let direct: PostgresHandle;

  beforeAll(async () => {
    database = await freshPostgresUrl();
    const real = new URL(database.url);
    proxy = new CuttableProxy({ hostname: real.hostname, port: Number(real.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    serve = await startServe(viaProxy.toString(), {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // startServe waits for the "listening" line; the rest of the log is read and dropped.
      LOG_LEVEL: "info",
      DEMO_BOTS: "0",
      ODDS_PROVIDER: "embedded",
    });
    direct = await openPostgres(database.url, { max: 2 });
  }, 60_000);

  afterAll(async () => {
    serve?.proc.kill("SIGKILL");
    await serve?.proc.exited;
    proxy?.listener.stop(true);
    await direct?.close();
    await database?.drop();
  });

  test("placements answered 201 are all stored; those that met the outage got 503 JSON; it serves again after", async () => {
    const db = direct.db;
    const now = new Date();
    const games = await db
      .selectFrom("games")
      .select(["id", "home_team", "odds"])
      .where("completed_at", "is", null)
      .where("commence_time", ">", new Date(Date.now() + 3600_000).toISOString())
      .orderBy("commence_time")
      .limit(12)
      .execute();
    expect(games.length).toBeGreaterThan(5);
    const players = await db
      .insertInto("users")
      .values(
        Array.from({ length: 24 }, (_, i) => ({
          email: `outage${i}@example.com`,
          username: `outage_${i}`,
          username_key: `outage_${i}`,
          password_hash: "not a hash",
          role: "user" as const,
          created_at: now.toISOString(),
        })),
      )
      .returning("id")
      .execute();
    const cookies = await Promise.all(players.map(async (p) => `npt_session=${await startSession(db, now, p.id)}`));
    const jobs = cookies.flatMap((cookie) =>
      games.map((game) => {
        const h2h = (
          JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]
        ).find((m) => m.marketType === "h2h")!;
        const odds = h2h.outcomes.find((o) => o.name === game.home_team)!.price;
        return {
          cookie,
          body: { gameId: game.id, betType: "moneyline", selection: game.home_team, odds, point: null, units: 1 },
        };
      }),
    );

    const acknowledged: number[] = [];
    const statuses: Record<number, number> = {};
    const unavailable: { body: { code?: string }; retryAfter: string | null; type: string | null }[] = [];
    let phase: "before" | "outage" | "after" = "before";
    const byPhase = { before: 0, outage: 0, after: 0 };
    // Each placement is sent until it gets an answer other than 503, as a browser retrying would.
    const queue = [...jobs];
    let remaining = jobs.length;
    const worker = async () => {
      const deadline = Date.now() + 40_000;
      while (remaining > 0 && Date.now() < deadline) {
        const job = queue.shift();
        if (!job) {
          await Bun.sleep(20);
          continue;
        }
        const res = await fetch(`${serve.url}/api/bets`, {
          method: "POST",
          headers: { origin: serve.url, "content-type": "application/json", cookie: job.cookie },
          body: JSON.stringify(job.body),
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        const body = await res.json();
        if (res.status === 503) {
          unavailable.push({
            body,
            retryAfter: res.headers.get("retry-after"),
            type: res.headers.get("content-type"),
          });
          queue.push(job);
          await Bun.sleep(50);
          continue;
        }
        remaining -= 1;
        if (res.status === 201) {
          acknowledged.push(body.id);
          byPhase[phase] += 1;
        }
        // Paced, so the run spans the outage.
        await Bun.sleep(15);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, worker));
    // The outage starts once placements are flowing (a busy machine may take longer than usual to
    // answer the first), and never later than 10 s in.
    const flowingBy = Date.now() + 10_000;
    while (byPhase.before < 3 && Date.now() < flowingBy) await Bun.sleep(20);
    await Bun.sleep(200);
    phase = "outage";
    proxy.cut();
    await Bun.sleep(1500);
    proxy.restore();
    phase = "after";
    await load;

    // Only 201 (stored), 503 (the outage) and 409 (a placement whose commit went through but whose
    // answer was lost, found by its retry; or a price the provider moved) — never a 500.
    expect(Object.keys(statuses).filter((status) => !["201", "409", "503"].includes(status))).toEqual([]);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body.code).toBe("database_unavailable");
      expect(answer.type).toContain("application/json");
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(remaining).toBe(0);
    expect(byPhase.before).toBeGreaterThan(0);
    // The pool connected again by itself: placements after the outage were acknowledged.
    expect(byPhase.after).toBeGreaterThan(0);
    const stored = await db.selectFrom("bets").select("id").where("id", "in", acknowledged).execute();
    expect(stored.length).toBe(acknowledged.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    const health = await fetch(`${serve.url}/api/health`);
    expect(health.status).toBe(200);
    console.log(
      `outage: ${acknowledged.length} placements acknowledged and stored (${byPhase.before} before, ${byPhase.outage} during, ${byPhase.after} after), statuses ${JSON.stringify(statuses)}`,
    );
  }, 60_000);
});
