import { Database as Sqlite } from "bun:sqlite";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";

/**
 * Whether a `serve` runs on a SQLite database is told by a lock, not by a PID: inside a container
 * every serve is pid 1, so a PID file left by an unclean stop (`docker kill`) would name a live
 * process forever. `serve` holds an exclusive SQLite lock on `<database>.serve.lock` while it runs;
 * the kernel drops it the moment the process dies, however it dies, and every process that sees
 * the database's folder (another container on the same volume too) sees it. The PID file beside
 * it only says who holds it, for the messages.
 */
export function lockFile(databasePath: string): string {
  return `${databasePath}.serve.lock`;
}

/** Who serves the database, for people: written by serve, never trusted to tell whether it runs. */
export function pidFile(databasePath: string): string {
  return `${databasePath}.serve.pid`;
}

export interface ServeHolder {
  pid: number;
  host: string;
  startedAt: string;
}

/** The PID file's holder; `"unreadable"` for a file in the old format (a bare pid) or garbled. */
export function readHolder(databasePath: string): ServeHolder | "unreadable" | null {
  const file = pidFile(databasePath);
  if (!existsSync(file)) return null;
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as ServeHolder;
    if (Number.isInteger(holder.pid) && typeof holder.host === "string" && typeof holder.startedAt === "string")
      return holder;
  } catch {}
  return "unreadable";
}

export function describeHolder(holder: ServeHolder | "unreadable" | null): string {
  if (holder === null || holder === "unreadable") return "another process";
  return `pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}`;
}

export interface HeldLock {
  /** Writes the PID file naming this process (serve). */
  markServing(startedAt: Date): void;
  release(): void;
}

/** Takes the lock without waiting; null if a live process holds it. */
export function tryLock(databasePath: string): HeldLock | null {
  const lock = new Sqlite(lockFile(databasePath), { create: true });
  try {
    lock.run("pragma busy_timeout = 0");
    lock.run("begin exclusive");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") return null;
    throw error;
  }
  let marked = false;
  return {
    markServing(startedAt) {
      const holder: ServeHolder = { pid: process.pid, host: hostname(), startedAt: startedAt.toISOString() };
      writeFileSync(pidFile(databasePath), JSON.stringify(holder));
      marked = true;
    },
    release() {
      if (marked) rmSync(pidFile(databasePath), { force: true });
      lock.close();
    },
  };
}
