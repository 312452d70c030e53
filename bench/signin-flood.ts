/**
 * A sign-in flood against real players (issue 40 item 6): what share of real sign-ins a flood of
 * wrong passwords leaves served, and how long they take, with real concurrent clients.
 *
 *   bun bench/signin-flood.ts                                   this checkout
 *   bun bench/signin-flood.ts --checkout /work/main --checkout .  the code before and after, in turn
 *   bun bench/signin-flood.ts --url http://127.0.0.1:3000       a serve already running (TRUST_PROXY=true)
 *
 * For each target (a checkout's `serve`, started here on a fresh SQLite file with TRUST_PROXY=true,
 * DEMO_BOTS=0 and every other setting at its default — AUTH_RATE_LIMIT 200 included — or a running
 * serve at a URL), it registers real players from addresses of their own, signs them out (as a
 * returning player's browser, they keep whatever cookies the server left them), and measures:
 *
 * - quiet: each player signs in once, one after another, with no flood (the baseline);
 * - under a flood from bench/signin-flood-clients.ts (another process: 30 connections of wrong
 *   passwords for made-up accounts, as fast as answered), from one address (`one`), from addresses
 *   rotating through one /24 (`block`), or through 100.64.0.0/10, another /24 each time (`spread`):
 *   real players sign in meanwhile, one a second (`--pace-ms`) in turn between kinds — returning browsers at
 *   home, new browsers elsewhere, and with the `one` flood the flood's own address (an office behind
 *   one NAT address), returning and new. Like the web app (web/lib/api.ts), a 503 `server_busy` is
 *   tried again after Retry-After (up to half again at random), at most three times.
 *
 * Reported per target, scenario and kind: the share of real sign-ins served (200), their median and
 * p99 time from the first try to the answer, how many were tried again after a 503, and the
 * flood's statuses. Figures taken on a shared
 * machine are measured under load: say so when quoting them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { percentile } from "./support.ts";

const args = process.argv.slice(2);
const valuesOf = (flag: string) => args.flatMap((arg, i) => (arg === flag && args[i + 1] ? [args[i + 1]!] : []));
const checkouts = valuesOf("--checkout");
const urls = valuesOf("--url");
const SECONDS = Number(valuesOf("--seconds")[0] ?? 25);
const CONNECTIONS = Number(valuesOf("--connections")[0] ?? 30);
const SCENARIOS = (valuesOf("--scenarios")[0] ?? "one,block,spread").split(",") as Flood[];
const PLAYERS = 12;
/** One real sign-in every PACE_MS, kinds in turn: about what two busy cores hash with a flood beside them. */
const PACE_MS = Number(valuesOf("--pace-ms")[0] ?? 1000);
if (checkouts.length === 0 && urls.length === 0) checkouts.push(resolve(import.meta.dir, ".."));

type Flood = "one" | "block" | "spread";
const FLOOD_ADDRESS = "203.0.113.66";
const FLOOD_BLOCK = "198.18.7";

interface Target {
  label: string;
  origin: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  return port;
}

/** A checkout's serve on a fresh database, its settings at their defaults but for the proxy and the demo bots. */
async function startServe(checkout: string): Promise<Target> {
  const port = await freePort();
  const db = join(mkdtempSync(join(tmpdir(), "npt-signin-flood-")), "bench.db");
  const proc = Bun.spawn(
    [process.execPath, "--max-http-header-size=262144", "src/main.ts", "serve", "--port", String(port), "--db", db],
    {
      cwd: checkout,
      env: { ...process.env, TRUST_PROXY: "true", DEMO_BOTS: "0", HOST: "127.0.0.1", NODE_ENV: "production" },
      stdout: "ignore",
      stderr: "inherit",
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await Bun.sleep(100);
  }
  return {
    label: checkout,
    origin,
    async stop() {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
}

/** A browser's cookie jar, as far as sign-in needs one: names and values, Max-Age=0 deletes. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(at + 1));
    }
  }
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

interface Player {
  email: string;
  password: string;
  /** The address the player signed up from (home). */
  home: string;
  /** The browser they signed up in, signed out since. */
  jar: Jar;
}

interface Attempt {
  ok: boolean;
  status: number;
  ms: number;
  tries: number;
}

/** Signs in as the web app does: a 503 `server_busy` is tried again after Retry-After (+ up to half), at most 3 times. */
async function signIn(origin: string, player: Player, from: string, jar: Jar | null): Promise<Attempt> {
  const started = performance.now();
  for (let tries = 1; ; tries++) {
    const res = await fetch(`${origin}/api/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin,
        "x-forwarded-for": from,
        ...(jar ? { cookie: jar.header } : {}),
      },
      body: JSON.stringify({ email: player.email, password: player.password }),
    });
    const body = (await res.json().catch(() => null)) as { code?: string } | null;
    const busy = res.status === 503 && body?.code === "server_busy";
    if (!busy || tries > 3) {
      const ms = performance.now() - started;
      if (res.ok) {
        jar?.take(res);
        // Signed out again, so the next sign-in of this browser is a sign-in too.
        const session = res.headers
          .getSetCookie()
          .find((c) => c.startsWith("npt_session="))!
          .split(";")[0]!;
        const out = await fetch(`${origin}/api/logout`, {
          method: "POST",
          headers: { origin, cookie: jar?.header ?? session, "content-type": "application/json" },
          body: "{}",
        });
        jar?.take(out);
      }
      return { ok: res.ok, status: res.status, ms, tries };
    }
    const wait = Math.min(5, Number(res.headers.get("retry-after")) || 1) * 1000 * (1 + Math.random() / 2);
    await Bun.sleep(wait);
  }
}

async function register(origin: string, run: string, i: number): Promise<Player> {
  const player: Player = {
    email: `player${i}-${run}@example.com`,
    password: `real-password-${i}-${run}`,
    home: `192.0.2.${i + 1}`,
    jar: new Jar(),
  };
  const res = await fetch(`${origin}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, "x-forwarded-for": player.home },
    body: JSON.stringify({ email: player.email, username: `p${i}_${run}`.slice(0, 20), password: player.password }),
  });
  if (res.status !== 201) throw new Error(`register ${player.email}: ${res.status} ${await res.text()}`);
  player.jar.take(res);
  const out = await fetch(`${origin}/api/logout`, {
    method: "POST",
    headers: { origin, cookie: player.jar.header, "content-type": "application/json" },
    body: "{}",
  });
  player.jar.take(out);
  return player;
}

/** The kinds of real sign-in a scenario makes: a label, and where from and with which browser. */
type Kind = [label: string, at: (player: Player, n: number) => { from: string; jar: Jar | null }];
const elsewhereNew: Kind = [
  "new browser, own address",
  (_p, n) => ({ from: `198.51.100.${(n % 250) + 1}`, jar: null }),
];
const homeReturning: Kind = ["returning browser, home", (p) => ({ from: p.home, jar: p.jar })];
const officeReturning: Kind = ["returning browser, flood's address", (p) => ({ from: FLOOD_ADDRESS, jar: p.jar })];
const officeNew: Kind = ["new browser, flood's address", () => ({ from: FLOOD_ADDRESS, jar: null })];
const KINDS: Record<Flood, Kind[]> = {
  one: [homeReturning, elsewhereNew, officeReturning, officeNew],
  block: [homeReturning, elsewhereNew],
  spread: [homeReturning, elsewhereNew],
};

function row(target: string, scenario: string, kind: string, attempts: Attempt[]): string {
  const served = attempts.filter((a) => a.ok);
  const times = attempts.map((a) => a.ms).sort((a, b) => a - b);
  const refused: Record<string, number> = {};
  for (const a of attempts) if (!a.ok) refused[a.status] = (refused[a.status] ?? 0) + 1;
  const f = (ms: number) => (times.length ? `${Math.round(ms)} ms` : "-");
  const retried = attempts.filter((a) => a.tries > 1).length;
  return `| ${target} | ${scenario} | ${kind} | ${served.length}/${attempts.length} (${Math.round((100 * served.length) / Math.max(1, attempts.length))}%) | ${f(percentile(times, 50))} | ${f(percentile(times, 99))} | ${retried} | ${JSON.stringify(refused)} |`;
}

async function floodWhile(target: Target, flood: Flood, players: Player[]): Promise<string[]> {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, "signin-flood-clients.ts")], {
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  proc.stdin.write(
    JSON.stringify({
      origin: target.origin,
      connections: CONNECTIONS,
      seconds: SECONDS,
      addresses: flood,
      from: flood === "one" ? FLOOD_ADDRESS : FLOOD_BLOCK,
    }),
  );
  await proc.stdin.end();
  await Bun.sleep(2000); // the flood fills the line first
  const kinds = KINDS[flood];
  const results = kinds.map(() => [] as Attempt[]);
  const pending: Promise<void>[] = [];
  const stopAt = performance.now() + (SECONDS - 6) * 1000;
  for (let n = 0; performance.now() < stopAt; n++) {
    const k = n % kinds.length;
    const player = players[Math.floor(n / kinds.length) % players.length]!;
    const { from, jar } = kinds[k]![1](player, n);
    pending.push(signIn(target.origin, player, from, jar).then((a) => void results[k]!.push(a)));
    await Bun.sleep(PACE_MS);
  }
  await Promise.all(pending);
  const flooded = JSON.parse((await new Response(proc.stdout).text()).trim()) as {
    sent: number;
    statuses: Record<string, number>;
  };
  return [
    ...kinds.map(([label], k) => row(target.label, flood, label, results[k]!)),
    `| ${target.label} | ${flood} | (the flood: ${CONNECTIONS} connections) | ${flooded.sent} sent | | | | ${JSON.stringify(flooded.statuses)} |`,
  ];
}

const targets: (() => Promise<Target>)[] = [
  ...checkouts.map((dir) => () => startServe(resolve(dir))),
  ...urls.map((origin) => async () => ({ label: origin, origin, stop: async () => {} })),
];
const lines = [
  "| target | flood | real sign-in | served | median | p99 | retried after a 503 | not served (status: count) |",
  "| --- | --- | --- | --- | --- | --- | --- | --- |",
];
const run = Date.now().toString(36);
for (const [t, start] of targets.entries()) {
  const target = await start();
  try {
    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await register(target.origin, `${run}${t}`, i));
    const quiet: Attempt[] = [];
    for (const player of players) quiet.push(await signIn(target.origin, player, player.home, player.jar));
    lines.push(row(target.label, "none", "returning browser, home", quiet));
    for (const flood of SCENARIOS) {
      lines.push(...(await floodWhile(target, flood, players)));
      console.error(`${target.label}: ${flood} done`);
      await Bun.sleep(2000); // the line drains (each scenario floods from addresses of its own)
    }
  } finally {
    await target.stop();
  }
}
console.log(lines.join("\n"));
