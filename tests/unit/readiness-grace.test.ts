import { describe, expect, test } from "bun:test";
import { type NotReady, withDatabaseGrace } from "../../src/http/probes.ts";

/** A check answering from a list, and a clock the test moves. */
function scripted(answers: Array<NotReady | null>) {
  let t = 0;
  const check = withDatabaseGrace(
    async () => answers.shift() ?? null,
    10_000,
    () => t,
  );
  return { check, at: (ms: number) => (t = ms) };
}

describe("readiness with hysteresis (a database blip keeps every process in rotation)", () => {
  test("an unreachable database is ready until it has failed every check for the grace, then not", async () => {
    const { check, at } = scripted(["database_unavailable", "database_unavailable", "database_unavailable"]);
    at(0);
    expect(await check()).toBeNull();
    at(9_999);
    expect(await check()).toBeNull();
    at(10_000);
    expect(await check()).toBe("database_unavailable");
  });

  test("one answer back makes it ready at once and starts the grace over", async () => {
    const { check, at } = scripted(["database_unavailable", null, "database_unavailable", "database_unavailable"]);
    at(0);
    await check();
    at(8_000);
    expect(await check()).toBeNull();
    at(12_000);
    expect(await check()).toBeNull(); // failing since 12 s, not since 0
    at(22_000);
    expect(await check()).toBe("database_unavailable");
  });

  test("draining and a schema that is not this build's are told at once", async () => {
    const { check, at } = scripted(["migrations_not_current", "draining"]);
    at(0);
    expect(await check()).toBe("migrations_not_current");
    expect(await check()).toBe("draining");
  });
});
