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

const UNSHARE = Bun.which("unshare");

/** Why serve cannot run as PID 1 of a PID namespace of its own here (as in a container), or null. */
export function pidOneUnavailable(): string | null {
  if (!UNSHARE) return "no unshare on PATH";
  if (process.getuid?.() !== 0) return "not root (unshare --pid needs it)";
  return Bun.spawnSync([UNSHARE, "--pid", "--fork", "true"]).exitCode === 0 ? null : "unshare --pid is refused here";
}

export interface LoggedServe {
  /** The serve process itself (with `pidOne`, PID 1 of its namespace; this is its PID here). */
  pid: number;
  /** Its exit code once it ended and its output is all read. */
  exited: Promise<number | null>;
  /** Every line it wrote, stdout and stderr, as they came. */
  lines: string[];
  waitForLine(pattern: RegExp, ms: number): Promise<void>;
  /** http://localhost:<port>, once it logged that it listens. */
  url(): string | null;
}

/**
 * `serve` with `args`, collecting every line it writes; with `pidOne` (and where pidOneUnavailable
 * says it can), as PID 1 of a PID namespace of its own, where the kernel drops a signal it has no
 * handler for, as in a container without an init.
 */
export async function spawnServe(
  args: string[],
  env: Record<string, string | undefined>,
  { pidOne = false }: { pidOne?: boolean } = {},
): Promise<LoggedServe> {
  const command = [process.execPath, MAIN, "serve", ...args];
  const asPidOne = pidOne && pidOneUnavailable() === null;
  const proc = Bun.spawn(asPidOne ? [UNSHARE!, "--pid", "--fork", "--kill-child", ...command] : command, {
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const lines: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let rest = "";
    for await (const chunk of stream) {
      rest += decoder.decode(chunk);
      const parts = rest.split("\n");
      rest = parts.pop()!;
      lines.push(...parts.filter(Boolean));
    }
    if (rest) lines.push(rest);
  };
  const collected = Promise.all([collect(proc.stdout), collect(proc.stderr)]);
  // With unshare, the serve is its child.
  let pid = proc.pid;
  for (let i = 0; asPidOne && i < 400 && pid === proc.pid; i++) {
    const children = await Bun.file(`/proc/${proc.pid}/task/${proc.pid}/children`)
      .text()
      .catch(() => "");
    const first = children.trim().split(/\s+/)[0];
    if (first) pid = Number(first);
    else await Bun.sleep(5);
  }
  return {
    pid,
    exited: proc.exited.then(async (code) => {
      await collected;
      return code;
    }),
    lines,
    async waitForLine(pattern, ms) {
      const deadline = Date.now() + ms;
      while (!lines.some((line) => pattern.test(line))) {
        if (Date.now() > deadline) throw new Error(`no line matching ${pattern} in ${ms} ms: ${lines.join("\n")}`);
        await Bun.sleep(10);
      }
    },
    url: () => lines.join("\n").match(/"url":"(http:\/\/localhost:\d+)"/)?.[1] ?? null,
  };
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
