import { expect, test } from "bun:test";
import { databaseCheck, HEALTH_CHECK_MS } from "../../src/http/health.ts";

test("the database is asked at most once per HEALTH_CHECK_MS, and a failure is reported, then retried", async () => {
  let asked = 0;
  let failing = false;
  const check = databaseCheck(async () => {
    asked += 1;
    if (failing) throw new Error("database gone");
  });
  expect(await Promise.all(Array.from({ length: 50 }, () => check()))).toEqual(Array(50).fill(true));
  expect(asked).toBe(1);
  failing = true;
  expect(await check()).toBe(true); // the answer of the last second
  await Bun.sleep(HEALTH_CHECK_MS + 20);
  expect(await check()).toBe(false);
  expect(asked).toBe(2);
  failing = false;
  await Bun.sleep(HEALTH_CHECK_MS + 20);
  expect(await check()).toBe(true);
}, 10_000);
