import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { onPostgres, TEST_DATABASE_URL } from "../databases.ts";

const MAIN = join(import.meta.dir, "../../src/main.ts");
const SECRET = "s3cret-Pa55word";

/** `serve` with DATABASE_URL set: its exit code and what it printed. */
async function serveWith(databaseUrl: string) {
  const proc = Bun.spawn([process.execPath, MAIN, "serve", "--port", "0"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "silent", DATABASE_URL: databaseUrl },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const exited = await Promise.race([proc.exited, Bun.sleep(20_000).then(() => "still running" as const)]);
  if (exited === "still running") proc.kill("SIGKILL");
  const output = (await new Response(proc.stdout).text()) + (await new Response(proc.stderr).text());
  return { code: exited, lines: output.trim().split("\n") };
}

describe("a DATABASE_URL that cannot be used stops start-up with one line naming the host, never the password", () => {
  test("an unreachable server", async () => {
    const { code, lines } = await serveWith(`postgres://nfl:${SECRET}@127.0.0.1:1/nfl`);
    expect(code).toBe(1);
    expect(lines).toEqual(["error: cannot connect to PostgreSQL at 127.0.0.1:1/nfl: connection refused"]);
  }, 30_000);

  test("an unknown host", async () => {
    const { code, lines } = await serveWith(`postgresql://nfl:${SECRET}@no-such-host.invalid/nfl`);
    expect(code).toBe(1);
    // Where no name server answers at all, the lookup outlasts the 5 s connect timeout instead.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: cannot connect to PostgreSQL at no-such-host\.invalid:5432\/nfl: (unknown host|no answer within 5 s)$/,
    );
  }, 30_000);

  test.skipIf(!onPostgres)(
    "a server that is there, but not that database",
    async () => {
      const url = new URL(TEST_DATABASE_URL!);
      url.password = SECRET;
      url.pathname = "/no_such_database";
      const { code, lines } = await serveWith(url.toString());
      expect(code).toBe(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`${url.hostname}:${url.port}/no_such_database`);
      expect(lines[0]).not.toContain(SECRET);
    },
    30_000,
  );
});
