import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A PostgreSQL cluster of a test's own, which it may stop and start (a database outage) without
 * touching the server other tests share: Debian's binaries, initdb into a temporary folder, a free
 * port, as scripts/postgres-for-tests.sh makes one. As root it runs as the `postgres` user
 * (PostgreSQL refuses root).
 */
export interface OwnCluster {
  /** A superuser URL on its `postgres` database. */
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function binaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? join(root, versions.at(-1)!, "bin") : null;
}

const asRoot = process.getuid?.() === 0;

/** Why a cluster of our own cannot be made here, or null when it can. */
export function ownClusterUnavailable(): string | null {
  if (!binaries()) return "no PostgreSQL server binaries (Debian's postgresql) under /usr/lib/postgresql";
  if (asRoot && Bun.spawnSync(["id", "postgres"]).exitCode !== 0) return "running as root without a postgres user";
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function run(command: string[]): Promise<void> {
  const proc = Bun.spawn(asRoot ? ["runuser", "-u", "postgres", "--", ...command] : command, {
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`${command.join(" ")} exited ${code}: ${out}${err}`);
}

export async function startOwnCluster(): Promise<OwnCluster> {
  const bin = binaries()!;
  const dir = mkdtempSync(join(tmpdir(), "npt-own-pg-"));
  if (asRoot) {
    const uid = Number(Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString());
    chownSync(dir, uid, -1);
  }
  const port = await freePort();
  const data = join(dir, "data");
  await run([join(bin, "initdb"), "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    run([join(bin, "pg_ctl"), "-D", data, "-l", join(dir, "server.log"), "-w", "-t", "60", "-o", options, "start"]);
  // Fast: every client is disconnected and the server shuts down, as `docker compose stop db` does.
  const stop = () => run([join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await run([join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop"]).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
