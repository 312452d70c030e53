import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * compose.yaml's proxy without containers: Caddy running deploy/Caddyfile as the proxy container
 * does, in front of local `serve` processes (tests/api/proxy.test.ts, database-outage.test.ts).
 */
export const CADDY = Bun.which("caddy");
const CADDYFILE = join(import.meta.dir, "../deploy/Caddyfile");
/** "v2.6.2 h1:…" → [2, 6, 2] */
const CADDY_VERSION = CADDY
  ? (/v(\d+)\.(\d+)\.(\d+)/
      .exec(Bun.spawnSync([CADDY, "version"]).stdout.toString())
      ?.slice(1)
      .map(Number) ?? [0, 0, 0])
  : [0, 0, 0];
/**
 * Whether this Caddy sends a retried request's body again (2.11.4 and later: caddyserver/caddy#7360,
 * #7547, #7715). Debian's 2.6 cannot: it runs the Caddyfile's retries without bodies, as its
 * comment tells operators to.
 */
export const REPLAYS_BODIES =
  CADDY_VERSION[0]! * 1_000_000 + CADDY_VERSION[1]! * 1_000 + CADDY_VERSION[2]! >= 2_011_004;

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls until `predicate` holds (a throw counts as not yet: a proxy still starting refuses connections). */
export async function waitFor(predicate: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const start = Date.now();
  while (
    !(await Promise.resolve()
      .then(predicate)
      .catch(() => false))
  ) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await Bun.sleep(50);
  }
}

/** compose.yaml's `environment:` of an app process with its defaults filled in, DATABASE_URL aside. */
export function composeAppEnvironment(): Record<string, string> {
  const compose = Bun.YAML.parse(readFileSync(join(import.meta.dir, "../compose.yaml"), "utf8")) as {
    services: { app1: { environment: Record<string, string> } };
  };
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(compose.services.app1.environment)) {
    if (name !== "DATABASE_URL") env[name] = value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1");
  }
  return env;
}

export interface RunningCaddy {
  proc: Bun.Subprocess;
  /** http://127.0.0.1:<port> */
  origin: string;
  /** Its JSON log so far (stderr). */
  log(): string;
  stop(): Promise<void>;
}

/** Caddy with deploy/Caddyfile on a free port in front of `upstreams` (http://localhost:<port> URLs), once it answers. */
export async function startCaddy(upstreams: readonly string[]): Promise<RunningCaddy> {
  const home = mkdtempSync(join(tmpdir(), "nfl-caddy-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([CADDY!, "run", "--config", CADDYFILE, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      SITE_ADDRESS: `:${port}`,
      APP_UPSTREAMS: upstreams.map((url) => url.replace("http://localhost", "127.0.0.1")).join(" "),
      CADDY_ADMIN: "off",
      ...(REPLAYS_BODIES ? {} : { PROXY_RETRIES: "retries-without-bodies" }),
    },
    stdout: "ignore",
    stderr: "pipe",
  });
  let log = "";
  void (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr as ReadableStream<Uint8Array>) log += decoder.decode(chunk);
  })();
  const stop = async () => {
    proc.kill("SIGKILL");
    await proc.exited;
    rmSync(home, { recursive: true, force: true });
  };
  await waitFor(async () => (await fetch(`${origin}/api/health`)).status === 200, 15_000).catch(async (error) => {
    await stop();
    throw new Error(`Caddy did not answer (${error.message}); its log so far: ${log.slice(-2000)}`);
  });
  return { proc, origin, log: () => log, stop };
}

/** A same-origin JSON request through the proxy at `origin`. */
export function sender(origin: string) {
  return (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${path}`, {
      method,
      headers: { origin, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** A one-unit moneyline on the home team of a `games` row, at its current price. */
export function homeMoneyline(game: { id: string; home_team: string; odds: string }) {
  const h2h = (JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]).find(
    (m) => m.marketType === "h2h",
  )!;
  const odds = h2h.outcomes.find((o) => o.name === game.home_team)!.price;
  return { gameId: game.id, betType: "moneyline", selection: game.home_team, odds, units: 1 };
}
