import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase, openPostgres, type DbHandle } from "../src/runtime/connection.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

/**
 * The database a test runs on. By default a private in-memory SQLite database. With
 * TEST_DATABASE_URL=postgres://…/postgres (a role that may create databases), each call gets a
 * fresh PostgreSQL database of its own, copied from a template migrated once per test process
 * (CREATE DATABASE … TEMPLATE is a file copy, much faster than migrating; made one ahead), dropped
 * after close.
 * The copy uses STRATEGY FILE_COPY: on a throwaway cluster (fsync off) it takes a third of the
 * default WAL_LOG strategy's time (measured: ~105 ms against ~255 ms a database).
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

/** Whether this run is the PostgreSQL one. */
export const onPostgres = TEST_DATABASE_URL !== null;

let template: Promise<string> | null = null;
let counter = 0;

function urlFor(database: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function makeTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `nfl_test_template_${process.pid}`;
    await admin(async (c) => {
      await c.query(`drop database if exists ${name} with (force)`);
      await c.query(`create database ${name}`);
    });
    const handle = await openPostgres(urlFor(name), { max: 1 });
    await migrateToLatest(handle.db);
    await handle.close();
    return name;
  })();
  return template;
}

/** A fresh, migrated database: SQLite in memory, or a new PostgreSQL database under TEST_DATABASE_URL. */
export async function freshDatabase(): Promise<DbHandle> {
  if (!onPostgres) {
    const handle = openDatabase(":memory:");
    await migrateToLatest(handle.db);
    return handle;
  }
  const name = await takeCopy();
  const handle = await openPostgres(urlFor(name), { max: 10 });
  const close = handle.close;
  postgresNames.set(handle.db, name);
  return {
    ...handle,
    async close() {
      await close();
      // Waited for: a test may check what a closed app answers once its database is gone.
      await dropCopy(name);
    },
  };
}

/**
 * Copies of the migrated template are made one ahead: the next test's CREATE DATABASE (~60 ms on a
 * quiet machine, a third of a small test's time) runs while this test runs; `dropTestDatabases`
 * (after the whole run, tests/preload.ts) drops the spare and whatever was not closed.
 */
let spare: Promise<string> | null = null;
const leftOver = new Set<string>();

function copyTemplate(): Promise<string> {
  const copy = (async () => {
    const from = await makeTemplate();
    const name = `nfl_test_${process.pid}_${++counter}`;
    leftOver.add(name);
    await admin((c) => c.query(`create database ${name} template ${from} strategy file_copy`));
    return name;
  })();
  copy.catch(() => {}); // reported to whoever takes it
  return copy;
}

async function takeCopy(): Promise<string> {
  const next = spare ?? copyTemplate();
  spare = copyTemplate();
  return next;
}

/**
 * Waits for the copy being made ahead. A CREATE DATABASE is a transaction of the cluster, and the
 * outbox's reader (src/runtime/outbox-order.ts) holds back every row newer than the oldest transaction
 * still running, in any database: a test that ticks the dispatcher once and expects delivery waits
 * for this first.
 */
export async function copiesSettled(): Promise<void> {
  await spare?.catch(() => {});
}

async function dropCopy(name: string): Promise<void> {
  await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {});
  leftOver.delete(name);
}

/** After the run: the spare copy, any copy left open, and the template go. */
export async function dropTestDatabases(): Promise<void> {
  if (!onPostgres || template === null) return;
  await Promise.allSettled([spare, template]);
  const names = [...leftOver];
  const from = await template.catch(() => null);
  if (from) names.push(from);
  await admin(async (c) => {
    for (const name of names) await c.query(`drop database if exists ${name} with (force)`);
  }).catch(() => {});
}

/** The PostgreSQL database behind each handle freshDatabase gave (for snapshots). */
const postgresNames = new WeakMap<object, string>();

/** A frozen copy of a test database: each open() gives a private database holding exactly its rows. */
export interface Snapshot {
  open(): Promise<DbHandle>;
  drop(): Promise<void>;
}

/**
 * Freezes a database from freshDatabase (built once, e.g. a seeded world) so that many tests can each
 * start from a private copy of it, which costs a file copy instead of migrating and seeding again.
 * The handle is consumed: it is closed here. SQLite: the in-memory database's bytes, written to a
 * file per copy; PostgreSQL: the database becomes the template each copy is made from.
 */
export async function snapshotDatabase(handle: DbHandle): Promise<Snapshot> {
  if (handle.engine === "sqlite") {
    const bytes = handle.sqlite!.serialize();
    await handle.close();
    // A memory-backed folder where there is one: a copy's close checkpoints and syncs its file.
    const dir = mkdtempSync(join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "nfl-snapshot-"));
    let copies = 0;
    return {
      async open() {
        const path = join(dir, `copy-${++copies}.db`);
        writeFileSync(path, bytes);
        const copy = openDatabase(path);
        return {
          ...copy,
          async close() {
            await copy.close();
            for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
          },
        };
      },
      async drop() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const source = postgresNames.get(handle.db);
  if (!source) throw new Error("snapshotDatabase: not a database from freshDatabase()");
  return postgresSnapshot(handle, source);
}

/**
 * PostgreSQL: a copy per open() would be a CREATE DATABASE each (~100 ms, far more on a busy
 * machine). Instead the database keeps its rows in a `snapshot` schema, and each open() puts them
 * back in one transaction (truncate every table, copy the rows in, set each sequence where it was)
 * and gives a new pool, so no cache keyed by the connection outlives a copy. Copies therefore share
 * one database: one may be open at a time (the next open() refuses while one is).
 */
async function postgresSnapshot(handle: DbHandle, name: string): Promise<Snapshot> {
  const pool = (handle as DbHandle & { pool: pg.Pool }).pool;
  const { rows: tableRows } = await pool.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'",
  );
  const { rows: links } = await pool.query<{ child: string; parent: string }>(
    "select c.relname as child, p.relname as parent from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid where k.contype = 'f' and k.connamespace = 'public'::regnamespace",
  );
  // Parents before children, so that the rows go back in without breaking a foreign key.
  const tables: string[] = [];
  const pending = new Set(tableRows.map((r) => r.name));
  while (pending.size > 0) {
    const ready = [...pending].filter(
      (t) => !links.some((l) => l.child === t && l.parent !== t && pending.has(l.parent)),
    );
    if (ready.length === 0)
      throw new Error(`snapshotDatabase: foreign keys in a cycle among ${[...pending].join(", ")}`);
    for (const t of ready.sort()) {
      tables.push(t);
      pending.delete(t);
    }
  }
  const { rows: sequenceRows } = await pool.query<{ name: string }>(
    // Identity columns' sequences too (information_schema.sequences leaves those out).
    "select relname as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace",
  );
  const sequences: { name: string; value: string; called: boolean }[] = [];
  for (const { name: seq } of sequenceRows) {
    const { rows } = await pool.query<{ last_value: string; is_called: boolean }>(
      `select last_value, is_called from public."${seq}"`,
    );
    sequences.push({ name: seq, value: rows[0]!.last_value, called: rows[0]!.is_called });
  }
  await pool.query("create schema snapshot");
  for (const t of tables) await pool.query(`create table snapshot."${t}" as table public."${t}"`);
  await handle.db.destroy();

  const restore = [
    "begin",
    `truncate ${tables.map((t) => `public."${t}"`).join(", ")} restart identity`,
    ...tables.map((t) => `insert into public."${t}" overriding system value select * from snapshot."${t}"`),
    ...sequences.map((q) => `select setval('public."${q.name}"', ${q.value}, ${q.called})`),
    "commit",
  ].join(";\n");
  let open = false;
  return {
    async open() {
      if (open) throw new Error("snapshotDatabase: on PostgreSQL one copy may be open at a time");
      const copy = await openPostgres(urlFor(name), { max: 10 });
      await copy.pool.query(restore);
      open = true;
      return {
        ...copy,
        async close() {
          open = false;
          await copy.close();
        },
      };
    },
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

/** The URL of a fresh PostgreSQL database (for tests that start `serve` processes on it); its drop function. */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = await takeCopy();
  return {
    url: urlFor(name),
    drop: () => dropCopy(name),
  };
}
