import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import pg from "pg";
import type { DbHandle, PostgresHandle } from "../../src/runtime/connection.ts";
import type { Db } from "../../src/runtime/index.ts";
import { GroupCommit } from "../../src/runtime/group-commit.ts";
import { freshDatabase, onPostgres } from "../databases.ts";

/** What group commit keeps on either engine, on the test run's database (tests/api/group-commit.test.ts: SQLite's file). */
describe("group commit on the run's engine", () => {
  let handle: DbHandle;
  let writer: GroupCommit;
  beforeEach(async () => {
    handle = await freshDatabase();
    await sql`create table notes (text text not null unique)`.execute(handle.db);
    writer = new GroupCommit(handle.db);
  });
  afterEach(() => handle.close());

  const notes = async () =>
    (await sql<{ text: string }>`select text from notes order by text`.execute(handle.db)).rows.map((r) => r.text);

  test("a job that fails is undone alone; jobs of one player's lock run in arrival order", async () => {
    const note = (text: string, fail = false) =>
      writer.run(
        async (trx) => {
          await sql`insert into notes (text) values (${text})`.execute(trx);
          if (fail) throw new Error("refused");
          return text;
        },
        { exclusive: [["book", 1, 0]], shared: [["game", "g"]] },
      );
    const results = await Promise.allSettled([note("1"), note("2", true), note("3"), note("1"), note("4")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled"]);
    expect(await notes()).toEqual(["1", "3", "4"]);
  });
});

/** Group commit on PostgreSQL (the PostgreSQL run of tests/api): placements share transactions there too. */
describe.skipIf(!onPostgres)("group commit on PostgreSQL", () => {
  let handle: DbHandle;
  let writer: GroupCommit;
  /** A connection of its own: it sees only what has been committed, and holds no lock of the writer's. */
  let observer: pg.Client;

  beforeEach(async () => {
    handle = await freshDatabase();
    await sql`create table notes (id serial primary key, text text not null unique)`.execute(handle.db);
    writer = new GroupCommit(handle.db);
    observer = new pg.Client((handle as PostgresHandle).clientConfig);
    await observer.connect();
  });
  afterEach(async () => {
    await observer.end();
    await handle.close();
  });

  const committedNotes = async () =>
    (await observer.query<{ text: string }>("select text from notes order by id")).rows.map((r) => r.text);
  const transactionOf = async (trx: Db) =>
    (await sql<{ id: string }>`select pg_current_xact_id()::text as id`.execute(trx)).rows[0]!.id;
  /** Inserts `text`; answers the transaction it ran in. */
  const insert = (text: string, locks = {}) =>
    writer.run(async (trx) => {
      await sql`insert into notes (text) values (${text})`.execute(trx);
      return transactionOf(trx);
    }, locks);

  test("a placement alone that meets a plan gone stale under another process's migration runs again and is answered", async () => {
    // A text of its own (names are kept per process: a retried attempt must prepare it afresh).
    const tag = sql.raw(`/* stale ${Math.random()} */`);
    const readAll = (trx: Db) => sql`select * from notes where id > ${0} ${tag}`.execute(trx);
    for (let i = 0; i < 6; i++) await writer.run(readAll); // prepared on the pool's connection
    await observer.query("alter table notes add column extra text");
    const answered = await writer.run(async (trx) => {
      await readAll(trx);
      await sql`insert into notes (text) values ('after')`.execute(trx);
      return "placed";
    });
    expect(answered).toBe("placed");
    expect(await committedNotes()).toEqual(["after"]);
  });

  test("jobs arriving together share one transaction, answered after its one commit", async () => {
    let seenBeforeCommit: string[] = [];
    const jobs = [
      insert("a"),
      insert("b"),
      writer.run(async (trx) => {
        await sql`insert into notes (text) values ('c')`.execute(trx);
        seenBeforeCommit = await committedNotes();
        return transactionOf(trx);
      }),
    ];
    const transactions = await Promise.all(jobs);
    expect(new Set(transactions).size).toBe(1);
    expect(seenBeforeCommit).toEqual([]); // a and b had run, but nothing was committed until the batch ended
    expect(await committedNotes()).toEqual(["a", "b", "c"]);
  });

  test("a job that fails is undone alone, even by an SQL error; the others commit together", async () => {
    const failing = writer.run(async (trx) => {
      await sql`insert into notes (text) values ('half-written')`.execute(trx);
      throw new Error("stale price");
    });
    const results = await Promise.allSettled([insert("first"), failing, insert("first"), insert("last")]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe("stale price");
    expect((results[2] as PromiseRejectedResult).reason.code).toBe("23505");
    const [first, , , last] = results as PromiseFulfilledResult<string>[];
    expect(first!.value).toBe(last!.value);
    expect(await committedNotes()).toEqual(["first", "last"]);
  });

  test("a batch holds every job's locks from its start; two jobs of one lock run in turn in it", async () => {
    const heldByOthers = async (name: string) => {
      const { rows } = await observer.query<{ free: boolean }>(
        "select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as free",
        [name],
      );
      return !rows[0]!.free;
    };
    const seen: boolean[] = [];
    const jobs = [
      writer.run(
        async () => {
          seen.push(await heldByOthers("book:7:0"), await heldByOthers("book:8:0"));
          return "first";
        },
        { exclusive: [["book", 7, 0]] },
      ),
      insert("second", { exclusive: [["book", 8, 0]], shared: [["game", "g1"]] }),
      insert("third", { exclusive: [["book", 7, 0]] }),
    ];
    await Promise.all(jobs);
    expect(seen).toEqual([true, true]); // the second job's lock, too, before it ran
    expect(await committedNotes()).toEqual(["second", "third"]);
  });

  test("a job whose lock a batch in flight holds waits for the next batch; others go on beside it", async () => {
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = writer.run(
      async (trx) => {
        order.push("first runs");
        await held;
        return transactionOf(trx);
      },
      { exclusive: [["book", 1, 0]] },
    );
    await Bun.sleep(50);
    const other = insert("other player", { exclusive: [["book", 2, 0]] }).then((id) => {
      order.push("other player committed");
      return id;
    });
    const same = writer
      .run(
        async (trx) => {
          order.push("same player runs");
          return transactionOf(trx);
        },
        { exclusive: [["book", 1, 0]] },
      )
      .then((id) => {
        order.push("same player committed");
        return id;
      });
    await other;
    release();
    const [firstId, sameId] = await Promise.all([first, same]);
    expect(order).toEqual(["first runs", "other player committed", "same player runs", "same player committed"]);
    expect(sameId).not.toBe(firstId);
  });
});
