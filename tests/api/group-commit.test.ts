import { Database as Sqlite } from "bun:sqlite";
import { afterEach, beforeEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { openDatabase, type DbHandle } from "../../src/runtime/connection.ts";
import { GroupCommit } from "../../src/runtime/group-commit.ts";

let dir: string;
let handle: DbHandle;
let writer: GroupCommit;
/** A second connection to the same file: it sees only what has been committed. */
let observer: Sqlite;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "npt-group-commit-"));
  handle = openDatabase(join(dir, "app.db"));
  await sql`create table notes (id integer primary key, text text not null unique)`.execute(handle.db);
  writer = new GroupCommit(handle.db);
  observer = new Sqlite(join(dir, "app.db"), { readonly: true });
});
afterEach(async () => {
  observer.close();
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const committedNotes = () =>
  (observer.query("select text from notes order by id").all() as { text: string }[]).map((r) => r.text);
const insert = (text: string) =>
  writer.run(async (trx) => {
    await sql`insert into notes (text) values (${text})`.execute(trx);
    return text;
  });

test("jobs arriving together share one commit, and are answered after it", async () => {
  const seenBeforeCommit: string[][] = [];
  const jobs = [
    insert("a"),
    insert("b"),
    writer.run(async (trx) => {
      await sql`insert into notes (text) values ('c')`.execute(trx);
      seenBeforeCommit.push(committedNotes());
      return "c";
    }),
  ];
  expect(await Promise.all(jobs)).toEqual(["a", "b", "c"]);
  expect(seenBeforeCommit).toEqual([[]]); // a and b had run, but nothing was committed until the batch ended
  expect(committedNotes()).toEqual(["a", "b", "c"]);
});

test("a job that fails is undone alone; the others of its batch commit", async () => {
  const failing = writer.run(async (trx) => {
    await sql`insert into notes (text) values ('half-written')`.execute(trx);
    throw new Error("stale price");
  });
  const results = await Promise.allSettled([insert("first"), failing, insert("first"), insert("last")]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
  expect((results[1] as PromiseRejectedResult).reason.message).toBe("stale price");
  expect((results[2] as PromiseRejectedResult).reason.message).toMatch(/UNIQUE constraint failed/);
  expect(committedNotes()).toEqual(["first", "last"]);
});

test("a job alone runs in its own transaction and rolls back whole on failure", async () => {
  await expect(
    writer.run(async (trx) => {
      await sql`insert into notes (text) values ('x')`.execute(trx);
      throw new Error("refused");
    }),
  ).rejects.toThrow("refused");
  expect(committedNotes()).toEqual([]);
  expect(await insert("y")).toBe("y");
  expect(committedNotes()).toEqual(["y"]);
});

test("jobs queued while a batch runs go in the next batch", async () => {
  const order: string[] = [];
  const first = writer.run(async (trx) => {
    await sql`insert into notes (text) values ('one')`.execute(trx);
    order.push("one ran");
    return "one";
  });
  const later = first.then(() => insert("two"));
  expect(await later).toBe("two");
  expect(order).toEqual(["one ran"]);
  expect(committedNotes()).toEqual(["one", "two"]);
});
