import { join } from "node:path";

const MAIN = join(import.meta.dir, "../src/main.ts");

export interface RunningServe {
  proc: Bun.Subprocess<"ignore", "pipe", "ignore">;
  /** http://localhost:<port> */
  url: string;
}

/**
 * A real `serve` process on a database file and a free port (or `port`), resolved once it logs that it
 * listens. `env` is its whole environment; `runtimeFlags` go to Bun before the script.
 */
export async function startServe(
  db: string,
  env: Record<string, string | undefined>,
  runtimeFlags: string[] = [],
  port = 0,
): Promise<RunningServe> {
  const proc = Bun.spawn([process.execPath, ...runtimeFlags, MAIN, "serve", "--port", String(port), "--db", db], {
    env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "ignore",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`serve exited early: ${out}`);
    out += new TextDecoder().decode(value);
    const url = out.match(/"url":"(http:\/\/localhost:\d+)"/)?.[1];
    if (url) {
      // Keep reading, so its log lines never fill the pipe and block it.
      void (async () => {
        while (!(await reader.read()).done);
      })();
      return { proc, url };
    }
  }
}
