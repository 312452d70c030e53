import { sql } from "kysely";
import pg from "pg";
import { type AnyDb, isPostgres, postgresSettingsOf } from "./connection.ts";

/**
 * Wake-ups between processes. On PostgreSQL a NOTIFY sent inside a transaction is delivered to
 * every listening connection when (and only if) it commits. On SQLite there is nothing to send:
 * the dispatcher notices commits by polling, which costs microseconds there.
 */
export async function notifyOnCommit(trx: AnyDb, channel: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_notify(${channel}, '')`.execute(trx);
}

/**
 * Calls `onNotify` whenever a transaction that called `notifyOnCommit(channel)` commits, in any
 * process. A connection of its own, outside the pool; lost, it connects again (and calls
 * `onNotify` once, since notices may have been missed meanwhile). A no-op on SQLite.
 * Returns the stop function.
 */
export function listenFor(
  db: AnyDb,
  channel: string,
  onNotify: () => void,
  onError: (error: unknown) => void = () => {},
): () => Promise<void> {
  const settings = postgresSettingsOf(db);
  if (!settings) return async () => {};
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client(settings);
    client = c;
    c.on("notification", () => onNotify());
    const lost = (error?: unknown) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (stopped) return;
      if (error) onError(error);
      retry = setTimeout(() => void connect(), 1000);
    };
    c.on("error", lost);
    c.on("end", () => lost());
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      onNotify();
    } catch (error) {
      lost(error);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
