/**
 * Access is decided in one place per module: a 403 is thrown only from a `policy.ts` (or from
 * lib/policy.ts, the rules every module shares). A module that refuses someone elsewhere fails here.
 */
import { expect, test } from "bun:test";
import { Glob } from "bun";

const ROOT = `${import.meta.dir}/../../src`;

test("domain modules refuse access only through their policy.ts", async () => {
  const offenders: string[] = [];
  for await (const path of new Glob("modules/**/*.ts").scan(ROOT)) {
    if (path.endsWith("policy.ts")) continue;
    const text = await Bun.file(`${ROOT}/${path}`).text();
    if (/\bforbidden\s*\(|new AppError\(\s*403\b/.test(text)) offenders.push(path);
  }
  expect(offenders).toEqual([]);
});
