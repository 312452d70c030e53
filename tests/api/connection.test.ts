import { expect, test } from "bun:test";
import { sql } from "kysely";
import { openDatabase } from "../../src/runtime/connection.ts";

test("a query waiting for the connection runs in a turn of the event loop of its own, after the transaction that held it", async () => {
  const handle = openDatabase(":memory:");
  const order: string[] = [];
  const transaction = handle.db.transaction().execute(async (trx) => {
    await sql`select 1`.execute(trx);
    // Scheduled while the transaction still holds the connection.
    setImmediate(() => order.push("the loop's turn"));
  });
  const waiting = sql`select 2`.execute(handle.db).then(() => order.push("the waiting query"));
  await Promise.all([transaction, waiting]);
  expect(order).toEqual(["the loop's turn", "the waiting query"]);
  await handle.close();
});

test("a long transaction lets the event loop turn between its statements, yet stays whole", async () => {
  const handle = openDatabase(":memory:");
  await sql`create table t (n integer)`.execute(handle.db);
  let turns = 0;
  const ticker = setInterval(() => (turns += 1), 0);
  // About 40 statements of a few milliseconds each: far more than one turn's worth.
  const slow = sql`with recursive r(i) as (select 1 union all select i + 1 from r where i < 60000) select count(*) from r`;
  const started = performance.now();
  let turnsInside = 0;
  const queriesSeen: number[] = [];
  await handle.db.transaction().execute(async (trx) => {
    const before = turns;
    for (let i = 0; i < 40; i += 1) {
      await slow.execute(trx);
      await sql`insert into t values (${i})`.execute(trx);
    }
    turnsInside = turns - before;
  });
  // A query that waited for the connection sees the transaction's writes all at once.
  const reader = sql<{ n: number }>`select count(*) as n from t`
    .execute(handle.db)
    .then((r) => queriesSeen.push(r.rows[0]!.n));
  await reader;
  clearInterval(ticker);
  expect(performance.now() - started).toBeGreaterThan(20);
  expect(turnsInside).toBeGreaterThan(2);
  expect(queriesSeen).toEqual([40]);
  await handle.close();
});

test("a query asked for while a transaction yields its turn waits until the transaction is over", async () => {
  const handle = openDatabase(":memory:");
  await sql`create table t (n integer)`.execute(handle.db);
  const slow = sql`with recursive r(i) as (select 1 union all select i + 1 from r where i < 60000) select count(*) from r`;
  const seen: number[] = [];
  const transaction = handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 20; i += 1) {
      await sql`insert into t values (${i})`.execute(trx);
      await slow.execute(trx);
    }
  });
  // Asked for in the first turn the transaction gives up: must not see a half-written table.
  const probe = new Promise<void>((resolve) =>
    setImmediate(() =>
      sql<{ n: number }>`select count(*) as n from t`
        .execute(handle.db)
        .then((r) => seen.push(r.rows[0]!.n))
        .then(() => resolve()),
    ),
  );
  await Promise.all([transaction, probe]);
  expect(seen).toEqual([20]);
  await handle.close();
});
