import { expect, test } from "bun:test";
import { hostname } from "node:os";
import { holderIsDead, PROCESS_ID } from "../../src/runtime/lease.ts";

test("a lease holder of this machine whose process is gone is dead; others are left to expire", async () => {
  const here = hostname();
  expect(holderIsDead(PROCESS_ID.replace(/[^:]+$/, "other"))).toBe(true); // our pid, an earlier life (a restarted container)
  const child = Bun.spawn(["sleep", "30"]);
  expect(holderIsDead(`${here}:${child.pid}:abc`)).toBe(false);
  child.kill();
  await child.exited;
  expect(holderIsDead(`${here}:${child.pid}:abc`)).toBe(true);
  expect(holderIsDead(`another-host:${child.pid}:abc`)).toBe(false);
  expect(holderIsDead("not a holder name")).toBe(false);
});
