/**
 * A test that runs out of time must not take its file's browser down with it (issue 42 item 6):
 * bun test kills every process a file started when one of its tests times out (it prints "killed 1
 * dangling process"), and on a busy machine one slow test then failed every later test of the file
 * with "Target page, context or browser has been closed". The suite launches it again for the next test.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";

test("after a test times out (and bun kills the browser), the next test of the file still gets a page", async () => {
  const fixture = join(import.meta.dir, "fixtures/timeout-then-page.ts");
  const run = Bun.spawn([process.execPath, "test", fixture], {
    cwd: join(import.meta.dir, "../.."),
    env: process.env,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
  await run.exited;
  const report = `${out}${err}`;
  expect(report).toContain("(fail) first: runs out of its time");
  // What happened to the browser (bun's own words).
  expect(report).toMatch(/killed \d+ dangling process/);
  expect(report).toContain("(pass) second: a page in the file's browser still works");
}, 90_000);
