import { describe, expect, test } from "bun:test";
import { AppError } from "../../src/lib/errors.ts";
import { BoundedQueue, isServerBusy } from "../../src/lib/password-hashing.ts";

/** A job that runs until `release()` is called, recording when it started. */
function gatedJob(log: string[], name: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    job: async () => {
      log.push(`start ${name}`);
      await gate;
      return name;
    },
    release: () => release(),
  };
}

describe("BoundedQueue", () => {
  test("runs at most `concurrency` jobs at once, the rest in arrival order as slots free", async () => {
    const queue = new BoundedQueue(2, 5);
    const log: string[] = [];
    const jobs = ["a", "b", "c", "d"].map((name) => gatedJob(log, name));
    const results = jobs.map(({ job }) => queue.run(job));
    await Bun.sleep(0);
    expect(log).toEqual(["start a", "start b"]);
    expect(queue.stats).toEqual({ running: 2, waiting: 2 });
    jobs[1]!.release();
    expect(await results[1]).toBe("b");
    await Bun.sleep(0);
    expect(log).toEqual(["start a", "start b", "start c"]);
    for (const { release } of jobs) release();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect(log.at(-1)).toBe("start d");
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  test("a full line refuses at once with 503 server_busy and Retry-After, and runs nothing for it", async () => {
    const queue = new BoundedQueue(1, 2, 3);
    const log: string[] = [];
    const jobs = ["a", "b", "c"].map((name) => gatedJob(log, name));
    const admitted = jobs.map(({ job }) => queue.run(job));
    let ranRefused = false;
    const refused = await queue
      .run(async () => {
        ranRefused = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(isServerBusy(refused)).toBe(true);
    expect(refused).toMatchObject({ status: 503, code: "server_busy", headers: { "Retry-After": "3" } });
    expect(ranRefused).toBe(false);
    for (const { release } of jobs) release();
    expect(await Promise.all(admitted)).toEqual(["a", "b", "c"]);
    // Room again once the line drained.
    expect(await queue.run(async () => "later")).toBe("later");
  });

  test("a job that fails hands its slot on", async () => {
    const queue = new BoundedQueue(1, 1);
    const failing = queue.run(async () => {
      throw new Error("argon2 failed");
    });
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("argon2 failed");
    expect(await next).toBe("next");
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });
});
