/**
 * The load side of bench/betting.ts, in its own process so it does not share the server's event
 * loop. Reads a JSON job from stdin: { origin, clients, jobs: [{ cookie, body, method?, path? }],
 * seconds? }; each of `clients` concurrent loops takes the next job until none are left (or, with
 * `seconds`, until that long has passed: a slow server is measured without waiting for every job;
 * or until SIGINT, which a load beside another one gets when that one ends).
 * A job is `POST /api/bets` with its body unless it names another method and path. Prints the jobs
 * done, latencies and statuses as JSON.
 */
export {};

const { origin, origins, clients, jobs, seconds } = (await Bun.stdin.json()) as {
  origin: string;
  /** Several servers (processes) on one database: job i goes to origins[i % n]. */
  origins?: string[];
  clients: number;
  jobs: { cookie: string; body?: unknown; headers?: Record<string, string>; method?: string; path?: string }[];
  seconds?: number;
};
const targets = origins ?? [origin];

// Each loop opens its connection and warms up first: the server's latency is measured, not this process's start.
await Promise.all(
  Array.from({ length: clients }, async () => {
    for (let i = 0; i < 5; i++) for (const o of targets) await (await fetch(`${o}/api/health`)).arrayBuffer();
  }),
);

let next = 0;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
const started = performance.now();
let deadline = seconds === undefined ? Number.POSITIVE_INFINITY : started + seconds * 1000;
process.on("SIGINT", () => {
  deadline = 0;
});
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < jobs.length && performance.now() < deadline) {
      const i = next++;
      const job = jobs[i]!;
      const to = targets[i % targets.length]!;
      const t0 = performance.now();
      // A connection the server dropped (a stalled server past its idle timeout) counts as "failed".
      const status = await fetch(`${to}${job.path ?? "/api/bets"}`, {
        method: job.method ?? "POST",
        headers: { "content-type": "application/json", cookie: job.cookie, origin: to, ...job.headers },
        body: job.body === undefined ? undefined : JSON.stringify(job.body),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          return String(res.status);
        },
        () => "failed",
      );
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }),
);
console.log(
  JSON.stringify({ seconds: (performance.now() - started) / 1000, done: latencies.length, latencies, statuses }),
);
