/**
 * Reads the output of a whole `npm test` run and writes tests/durations.tsv: for each tests/api
 * file, the seconds its tests took on SQLite and on PostgreSQL (the sum of bun's per-test times).
 * scripts/test.sh deals the files into groups by these figures, so that groups run side by side
 * end close together (file sizes, the fallback, say little: the CLI file is small and slow).
 * Run: `npm test > /tmp/test.log 2>&1; node_modules/.bin/bun scripts/durations-from-log.ts /tmp/test.log`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const log = process.argv[2];
if (!log) {
  console.error("usage: bun scripts/durations-from-log.ts <npm test output>");
  process.exit(2);
}
type Engine = "sqlite" | "postgres";
const seconds = new Map<string, number>();
let engine: Engine | null = "sqlite";
let file: string | null = null;
for (const line of readFileSync(log, "utf8").split("\n")) {
  if (line.startsWith("== tests/api again, on PostgreSQL")) engine = "postgres";
  else if (line.startsWith("== bun test tests/e2e")) engine = null;
  const header = /^(tests\/api\/[\w.-]+\.test\.ts):$/.exec(line);
  if (header) {
    file = header[1]!;
    continue;
  }
  const result = /^\((pass|fail)\).*\[([0-9.]+)(ms|s)\]$/.exec(line);
  if (!result || !file || !engine) continue;
  const value = Number(result[2]) / (result[3] === "ms" ? 1000 : 1);
  const key = `${engine}\t${file}`;
  seconds.set(key, (seconds.get(key) ?? 0) + value);
}
const rows = [...seconds].sort(([a], [b]) => a.localeCompare(b)).map(([key, s]) => `${key}\t${s.toFixed(1)}`);
writeFileSync("tests/durations.tsv", `${["engine\tfile\tseconds", ...rows].join("\n")}\n`);
console.log(`tests/durations.tsv: ${rows.length} rows`);
