import { afterEach, beforeEach, expect, test } from "bun:test";
import type { DbHandle } from "../../src/db/connection.ts";
import { Lease } from "../../src/db/lease.ts";
import { freshDatabase } from "../databases.ts";

let handle: DbHandle;
beforeEach(async () => {
  handle = await freshDatabase();
});
afterEach(async () => {
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
  await until(() => second.lease.held);
  expect(second.events).toEqual(["acquired", "started"]);
  await second.lease.stop();
});

test("start returns once the first start-up has run", async () => {
  const only = holderNamed("only", 200);
  await only.lease.start();
  expect(only.events).toEqual(["acquired", "started"]);
  await only.lease.stop();
});
