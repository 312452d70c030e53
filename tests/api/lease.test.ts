import { afterEach, beforeEach, expect, test } from "bun:test";
import type { DbHandle } from "../../src/runtime/connection.ts";
import { Lease } from "../../src/runtime/lease.ts";
import { sql } from "kysely";
import { freshDatabase, onPostgres } from "../databases.ts";

let handle: DbHandle;
const leases: Lease[] = [];
beforeEach(async () => {
  handle = await freshDatabase();
});
afterEach(async () => {
  // Also when a test failed half-way: no lease keeps ticking against a closed database.
  await Promise.all(leases.splice(0).map((lease) => lease.stop()));
  await handle.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

function holderNamed(name: string, startUpMs = 0) {
  const events: string[] = [];
  const lease = new Lease(handle.db, "jobs", {
    holder: `test-host:${name}`,
    ttlMs: 300,
    retryMs: 50,
    onAcquire: async () => {
      events.push("acquired");
      await sleep(startUpMs);
      events.push("started");
    },
    onLose: () => {
      events.push("lost");
    },
  });
  leases.push(lease);
  return { lease, events };
}

test("the holder keeps its lease while a start-up longer than the lease runs; the other takes over once it lets go", async () => {
  const first = holderNamed("first", 1_200);
  const second = holderNamed("second");
  const firstStarted = first.lease.start();
  await until(() => first.events.includes("acquired"));
  await second.lease.start();
  // Four lease lengths of start-up: the holder renews all along, so the other never gets in.
  await sleep(900);
  expect(second.lease.held).toBe(false);
  expect(second.events).toEqual([]);
  await firstStarted;
  expect(first.events).toEqual(["acquired", "started"]);
  expect(first.lease.held).toBe(true);

  await first.lease.stop();
  await until(() => second.events.includes("started"));
  expect(second.events).toEqual(["acquired", "started"]);
  await second.lease.stop();
});

test("start returns once the first start-up has run", async () => {
  const only = holderNamed("only", 200);
  await only.lease.start();
  expect(only.events).toEqual(["acquired", "started"]);
  await only.lease.stop();
});

test.skipIf(!onPostgres)(
  "a lease connection lost during start-up: the start-up finishes, is stopped, and only then is the lease taken again",
  async () => {
    const only = holderNamed("only", 600);
    const started = only.lease.start();
    await until(() => only.events.includes("acquired"));
    // The server ends the connection holding the advisory lock, as a failover or restart would.
    await sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted`.execute(
      handle.db,
    );
    await started;
    await until(() => only.events.length >= 5);
    await Bun.sleep(200);
    expect(only.events).toEqual(["acquired", "started", "lost", "acquired", "started"]);
    expect(only.lease.held).toBe(true);
  },
);
