import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { DatabaseHealth, STORAGE_QUIET_MS } from "../../src/runtime/database-health.ts";

const full = Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

afterEach(() => {
  setSystemTime();
});

describe("storage that refuses writes", () => {
  test("is failing from a write that failed for it until one succeeds STORAGE_QUIET_MS after the last failure", () => {
    setSystemTime(new Date("2026-11-29T12:00:00Z"));
    const health = new DatabaseHealth();
    expect(health.storageProblem).toBeNull();
    health.noteFailure(full);
    expect(health.storageProblem).toBe("SQLITE_FULL");
    // A nearly full disk takes some writes between the ones it fails: not a recovery yet.
    setSystemTime(new Date(Date.now() + STORAGE_QUIET_MS - 1));
    health.noteWriteCommitted();
    expect(health.storageProblem).toBe("SQLITE_FULL");
    setSystemTime(new Date(Date.now() + 1));
    health.noteWriteCommitted();
    expect(health.storageProblem).toBeNull();
  });

  test("a database that does not answer is not a storage fault, nor the other way round", () => {
    const health = new DatabaseHealth();
    health.noteFailure(refused);
    expect(health.storageProblem).toBeNull();
    health.noteFailure(full);
    expect(health.reachable).toBe(true);
  });
});

describe("a database that does not answer", () => {
  test("a failed probe makes it unreachable and connections are refused without trying; the probe that answers ends it", async () => {
    const health = new DatabaseHealth();
    let answers = false;
    health.probeWith(async () => {
      if (!answers) throw refused;
    });
    // A lost connection asks the probe; only the probe decides.
    health.noteFailure(refused);
    await health.settled();
    expect({ reachable: health.reachable, refusing: health.refusing }).toEqual({ reachable: false, refusing: true });
    answers = true;
    await health.check();
    expect({ reachable: health.reachable, refusing: health.refusing }).toEqual({ reachable: true, refusing: false });
    health.stop();
  });

  test("without a probe (SQLite) it never refuses", () => {
    const health = new DatabaseHealth();
    health.unreachable();
    expect(health.refusing).toBe(false);
  });
});
