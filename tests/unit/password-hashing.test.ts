import { describe, expect, test } from "bun:test";
import { AppError } from "../../src/lib/errors.ts";
import { PasswordQueue, isServerBusy } from "../../src/lib/password-hashing.ts";

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

describe("PasswordQueue", () => {
  test("runs at most `concurrency` jobs at once, the rest in arrival order as slots free", async () => {
    const queue = new PasswordQueue(2, 5);
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
    const queue = new PasswordQueue(1, 2, 3);
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
    const queue = new PasswordQueue(1, 1);
    const failing = queue.run(async () => {
      throw new Error("argon2 failed");
    });
    const next = queue.run(async () => "next");
    await expect(failing).rejects.toThrow("argon2 failed");
    expect(await next).toBe("next");
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });
});

describe("PasswordQueue shares its line fairly (decision 0064)", () => {
  const from = (key: string, knownAs: string | null = null, signal?: AbortSignal) => ({
    from: { group: key, key },
    standing: knownAs === null ? ("open" as const) : { knownAs },
    signal,
  });

  test("a flood that filled the line gives up its newest place to another client, served at its turn", async () => {
    const queue = new PasswordQueue(1, 3);
    const log: string[] = [];
    const jobs = ["f1", "f2", "f3", "f4"].map((name) => gatedJob(log, name));
    const flood = jobs.map(({ job }) => queue.run(job, from("flood")).catch((e: unknown) => e));
    const real = gatedJob(log, "r1");
    const admitted = queue.run(real.job, from("real"));
    // f4, the flood's newest, was pushed out: refused, never run.
    expect(isServerBusy(await flood[3])).toBe(true);
    // One turn of the flood's (it was in line first), then the newcomer's, then the flood's again.
    jobs[0]!.release();
    await flood[0];
    jobs[1]!.release();
    await flood[1];
    await Bun.sleep(0);
    expect(log).toEqual(["start f1", "start f2", "start r1"]);
    real.release();
    expect(await admitted).toBe("r1");
    for (const { release } of jobs) release();
    await Promise.all(flood);
    expect(log).toEqual(["start f1", "start f2", "start r1", "start f3"]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  test("a known client goes before everyone waiting", async () => {
    const queue = new PasswordQueue(1, 5);
    const log: string[] = [];
    const names = ["f1", "f2", "f3", "k1"];
    const jobs = names.map((name) => gatedJob(log, name));
    const runs = jobs.map(({ job }, i) => queue.run(job, from("flood", names[i] === "k1" ? "user:1" : null)));
    jobs[0]!.release();
    await runs[0];
    await Bun.sleep(0);
    expect(log).toEqual(["start f1", "start k1"]);
    for (const { release } of jobs) release();
    await Promise.all(runs);
  });

  test("a waiting client that gives up leaves the line; its job never runs", async () => {
    const queue = new PasswordQueue(1, 5);
    const log: string[] = [];
    const first = gatedJob(log, "a");
    const running = queue.run(first.job, from("a"));
    const gone = new AbortController();
    const left = queue.run(gatedJob(log, "b").job, from("b", null, gone.signal)).catch((e: unknown) => e);
    expect(queue.stats).toEqual({ running: 1, waiting: 1 });
    gone.abort();
    expect(isServerBusy(await left)).toBe(true);
    expect(queue.stats).toEqual({ running: 1, waiting: 0 });
    first.release();
    await running;
    expect(log).toEqual(["start a"]);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });
});
