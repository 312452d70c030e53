/**
 * Writes the API's documents, as a fresh app answers them, into a folder: openapi.json
 * (GET /api/openapi.json) and asyncapi.json (GET /api/asyncapi.json). npm test lints them with
 * Redocly (scripts/test.sh); a client generator can start from them too.
 *   bun scripts/api-documents.ts <folder>
 */
import { join } from "node:path";
import { ASYNCAPI_PATH } from "../src/http/asyncapi.ts";
import { OPENAPI_PATH } from "../src/http/openapi.ts";
import { call, makeTestApp } from "../tests/support.ts";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: bun scripts/api-documents.ts <folder>");
  process.exit(2);
}
const ctx = await makeTestApp();
try {
  for (const [path, file] of [
    [OPENAPI_PATH, "openapi.json"],
    [ASYNCAPI_PATH, "asyncapi.json"],
  ] as const) {
    const answer = await call(ctx.app, "GET", path);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
    await Bun.write(join(folder, file), `${JSON.stringify(answer.body, null, 2)}\n`);
  }
} finally {
  await ctx.close();
}
