/**
 * `npm run build`: the single executable (dist/nfl-paper-trading) — the server bundled with Bun's
 * runtime and the web app inside it. As `bun build --compile --production --splitting`, plus the
 * bundler plugin that renders the web app with Preact (src/http/web-renderer.ts, decision 0059),
 * which only the JavaScript API takes.
 */
import { preactForReact } from "../src/http/web-renderer.ts";

const outfile = process.argv[2] ?? "dist/nfl-paper-trading";
const result = await Bun.build({
  entrypoints: ["src/main.ts"],
  // Long cookies and referrers: see docs/configuration.md "Request limits".
  compile: { outfile, execArgv: ["--max-http-header-size=262144"] },
  minify: true,
  splitting: true,
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [preactForReact],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`built ${outfile}`);
