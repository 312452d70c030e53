/**
 * The readers of bench/sunday.ts, in their own process so their waits are the server's, not a
 * shared event loop's. Takes { origin, paths, loops, headers? } as its argument (JSON), reads the paths
 * round-robin from `loops` concurrent loops until its stdin closes, then prints one JSON line:
 * each read's start (epoch ms) and latency (ms).
 */
export {};

const { origin, paths, loops, headers } = JSON.parse(process.argv[2]!) as {
  origin: string;
  paths: string[];
  loops: number;
  headers?: Record<string, string>;
};
let stopping = false;
void Bun.stdin.text().then(() => (stopping = true));
const reads: [number, number][] = [];
await Promise.all(
  Array.from({ length: loops }, async (_, loop) => {
    for (let i = loop; !stopping; i++) {
      const at = Date.now();
      const start = performance.now();
      const res = await fetch(`${origin}${paths[i % paths.length]}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${paths[i % paths.length]} answered ${res.status}`);
      reads.push([at, performance.now() - start]);
    }
  }),
);
console.log(JSON.stringify(reads));
process.exit(0);
