import { join } from "node:path";
import { migrateToLatest } from "../src/db/migrate.ts";
import { startSession } from "../src/modules/auth/service.ts";
import { openDatabase } from "../src/runtime/connection.ts";

const MAIN = join(import.meta.dir, "../src/main.ts");

export interface RunningServe {
  proc: Bun.Subprocess<"ignore", "pipe", "ignore">;
  /** http://localhost:<port> */
  url: string;
}

/**
 * A real `serve` process on a database file and a free port (or `port`), resolved once it logs that it
 * listens. `env` is its whole environment; `runtimeFlags` go to Bun before the script.
 */
export async function startServe(
  db: string,
  env: Record<string, string | undefined>,
  runtimeFlags: string[] = [],
  port = 0,
): Promise<RunningServe> {
  const proc = Bun.spawn([process.execPath, ...runtimeFlags, MAIN, "serve", "--port", String(port), "--db", db], {
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "ignore",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve exited early: ${out}`);
    out += new TextDecoder().decode(value);
    const url = out.match(/"url":"(http:\/\/localhost:\d+)"/)?.[1];
    if (url) {
      // Keep reading, so its log lines never fill the pipe and block it.
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return { proc, url };
    }
  }
}

export interface PlacementJob {
  /** `${player}:${gameId}`: one bet a player and game. */
  key: string;
  cookie: string;
  body: { gameId: string; betType: "spread"; selection: string; odds: number; point: number | null; units: number };
}

/**
 * A database file with a seeded season (a first `serve` start seeds it, then is killed) and
 * `players` players named `${name}_${n}` with sessions, written straight to the file; one spread bet
 * job per player on each of up to 12 open games, sides alternating.
 */
export async function placementWorld(
  db: string,
  env: Record<string, string | undefined>,
  players: number,
  name: string,
): Promise<{ games: string[]; jobs: PlacementJob[] }> {
  const serve = await startServe(db, env);
  const games = (await (await fetch(`${serve.url}/api/games`)).json()) as {
    id: string;
    status: string;
    odds: { marketType: string; outcomes: { name: string; price: number; point?: number }[] }[];
  }[];
  serve.proc.kill("SIGKILL");
  await serve.proc.exited;
  const open = games.filter((g) => g.status === "upcoming" && g.odds.length > 0).slice(0, 12);
  const setup = openDatabase(db);
  await migrateToLatest(setup.db);
  const cookies: string[] = [];
  for (let i = 0; i < players; i++) {
    const { id } = await setup.db
      .insertInto("users")
      .values({
        email: `p${i}@${name}.test`,
        username: `${name}_${i}`,
        username_key: `${name}_${i}`,
        password_hash: "x",
        role: "user",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    cookies.push(`npt_session=${await startSession(setup.db, new Date(), id)}`);
  }
  await setup.close();
  const jobs = cookies.flatMap((cookie, p) =>
    open.map((game, g) => {
      const outcome = game.odds[0]!.outcomes[(p + g) % 2]!;
      return {
        key: `${p}:${game.id}`,
        cookie,
        body: {
          gameId: game.id,
          betType: "spread" as const,
          selection: outcome.name,
          odds: outcome.price,
          point: outcome.point ?? null,
          units: 1,
        },
      };
    }),
  );
  return { games: open.map((g) => g.id), jobs };
}
