import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import pg from "pg";
import type { DbHandle, PostgresHandle } from "../../src/runtime/connection.ts";
import { freshDatabase, onPostgres } from "../databases.ts";

let handle: DbHandle;
beforeEach(async () => {
  handle = await freshDatabase();
  await sql`create table wire_notes (id integer primary key, text text not null)`.execute(handle.db);
  await sql`insert into wire_notes (id, text) values (1, 'one'), (2, 'two')`.execute(handle.db);
});
afterEach(() => handle.close());

const notes = (id: number) =>
  sql<{ id: number; text: string }>`select * from wire_notes where id = ${id}`.execute(handle.db);

test("a statement run again and again answers each time with its own values", async () => {
  for (let i = 0; i < 8; i++)
    expect((await notes(1 + (i % 2))).rows).toEqual([{ id: 1 + (i % 2), text: i % 2 ? "two" : "one" }]);
});

/** Statements are prepared once per connection on PostgreSQL (runtime/postgres-wire.ts). */
describe.skipIf(!onPostgres)("prepared statements on PostgreSQL", () => {
  test("each statement is parsed once per connection, then only bound and run", async () => {
    for (let i = 0; i < 5; i++) await notes(1);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_prepared_statements where statement like 'select * from wire_notes%'`.execute(
      handle.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  /**
   * A text no earlier run in this process has used: names are kept per process, so a statement the
   * previous test (or a retried attempt) made unnamed would not be prepared again.
   */
  let texts = 0;
  const freshText = () => sql.raw(`/* text ${++texts} */`);

  /** Another process's migration, as a rolling deploy runs it while this process still serves. */
  async function addColumnElsewhere() {
    const other = new pg.Client((handle as PostgresHandle).clientConfig);
    await other.connect();
    await other.query("alter table wire_notes add column extra text");
    await other.end();
  }

  test("after another process adds a column, a kept `select *` outside a transaction answers at once, unnamed", async () => {
    const text = freshText();
    const note = (id: number) => sql`select * from wire_notes where id = ${id} ${text}`.execute(handle.db);
    for (let i = 0; i < 6; i++) await note(1); // prepared on the pool's connection
    await addColumnElsewhere();
    expect((await note(1)).rows).toEqual([{ id: 1, text: "one", extra: null } as never]);
    expect((await note(2)).rows).toEqual([{ id: 2, text: "two", extra: null } as never]);
  });

  test("inside a transaction the stale plan fails it once (the error aborted it); the next one runs unnamed", async () => {
    const text = freshText();
    const inTransaction = () =>
      handle.db.transaction().execute((trx) => sql`select * from wire_notes where id = ${1} ${text}`.execute(trx));
    for (let i = 0; i < 6; i++) await inTransaction(); // prepared on the pool's connection
    await addColumnElsewhere();
    const first = await inTransaction().then(
      () => "answered",
      (error: { code?: string }) => error.code,
    );
    expect(first).toBe("0A000"); // "cached plan must not change result type"
    expect((await inTransaction()).rows).toEqual([{ id: 1, text: "one", extra: null } as never]);
  });
});
