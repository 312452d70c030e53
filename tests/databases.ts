import pg from "pg";
import { openDatabase, openPostgres, type DbHandle } from "../src/db/connection.ts";
import { migrateToLatest } from "../src/db/migrate.ts";

/**
 * The database a test runs on. By default a private in-memory SQLite database. With
 * TEST_DATABASE_URL=postgres://…/postgres (a role that may create databases), each call gets a
 * fresh PostgreSQL database of its own, copied from a template migrated once per test process
 * (CREATE DATABASE … TEMPLATE is a file copy, much faster than migrating), dropped on close.
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
    process.once("exit", () => {
      // Best effort: the next run's template of the same pid starts with a drop anyway.
      Bun.spawnSync(["psql", TEST_DATABASE_URL!, "-qc", `drop database if exists ${name} with (force)`]);
    });
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
  const from = await makeTemplate();
  const name = `nfl_test_${process.pid}_${++counter}`;
  await admin((c) => c.query(`create database ${name} template ${from}`));
  const handle = await openPostgres(urlFor(name), { max: 10 });
  const close = handle.close;
  return {
    ...handle,
    async close() {
      await close();
      await admin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {});
    },
  };
}

/** The URL of a fresh PostgreSQL database (for tests that start `serve` processes on it); its drop function. */
export async function freshPostgresUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const from = await makeTemplate();
  const name = `nfl_test_${process.pid}_${++counter}`;
  await admin((c) => c.query(`create database ${name} template ${from}`));
  return {
    url: urlFor(name),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}
