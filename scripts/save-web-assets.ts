/**
 * Bundles and compresses the web app once, as `serve` does (src/http/web-assets.ts), into the folder
 * given: scripts/test.sh runs it before the browser tests and hands the folder to each test process
 * (TEST_WEB_ASSETS_DIR), which then reads the files instead of building them again.
 * Usage: bun scripts/save-web-assets.ts <dir>
 */
import { loadWebAssets, saveWebAssets } from "../src/http/web-assets.ts";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: bun scripts/save-web-assets.ts <dir>");
  process.exit(2);
}
delete process.env.TEST_WEB_ASSETS_DIR; // build afresh, never from an earlier copy
await saveWebAssets(await loadWebAssets(), dir);
