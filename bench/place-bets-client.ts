/**
 * The load side of bench/betting.ts, in its own process so it does not share the server's event
 * loop. Reads a JSON job from stdin: { origin, clients, jobs: [{ cookie, body }] }; each of `clients`
 * concurrent loops takes the next job until none are left. Prints latencies and statuses as JSON.
 */
export {};

const { origin, origins, clients, jobs } = (await Bun.stdin.json()) as {
  origin: string;
  /** Several servers (processes) on one database: job i goes to origins[i % n]. */
  origins?: string[];
  clients: number;
  jobs: { cookie: string; body: unknown; headers?: Record<string, string> }[];
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
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      const to = targets[i % targets.length]!;
      const t0 = performance.now();
      const res = await fetch(`${to}/api/bets`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: job.cookie, origin: to, ...job.headers },
        body: JSON.stringify(job.body),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  }),
);
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, latencies, statuses }));
