import { expect, test } from "bun:test";
import { sql } from "kysely";
import { openDatabase } from "../../src/db/connection.ts";

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
