import { afterAll, beforeAll, expect, test } from "bun:test";
import { BASE, makeTestApp, type TestContext } from "../support.ts";

// React renders the web app in the browser (decision 0069, superseding 0060's Preact alias). Read
// from what the server sends: the page's scripts and every chunk they can load.
let ctx: TestContext;
const scripts = new Map<string, string>();

async function get(path: string): Promise<string> {
  const res = await ctx.app.handle(new Request(`${BASE}${path}`));
  expect(res.status).toBe(200);
  return res.text();
}

beforeAll(async () => {
  ctx = await makeTestApp();
  const html = await get("/");
  const waiting = [...html.matchAll(/<script[^>]* src="(\/[^"]+\.js)"/g)].map((m) => m[1]!);
  for (let path = waiting.pop(); path !== undefined; path = waiting.pop()) {
    if (scripts.has(path)) continue;
    const code = await get(path);
    scripts.set(path, code);
    for (const m of code.matchAll(/["'`]\.?\/?(chunk-[a-z0-9]+\.js)["'`]/g)) waiting.push(`/${m[1]}`);
  }
}, 60_000);
afterAll(() => ctx.close());

// React's production client (react-dom-client.production.js) reports errors by number; its
// development build never does, and carries the stack frame it names instead.
const REACT_PRODUCTION = "Minified React error #";
const REACT_DEVELOPMENT = "react-stack-bottom-frame";
// Preact's internals keep these property names through minification: a vnode's children (`__k`)
// and a component's hook list (`__H`), which preact/compat carries too.
const PREACT = [/\.__k\b/, /\.__H\b/];

test("the page's scripts and every chunk they load hold no Preact", () => {
  expect(scripts.size).toBeGreaterThan(5);
  for (const [path, code] of scripts) {
    for (const marker of PREACT) expect({ path, preact: marker.test(code) }).toEqual({ path, preact: false });
  }
});

test("the first screen's script holds React's production build, not its development one", async () => {
  const html = await get("/");
  const entry = html.match(/<script[^>]* src="(\/[^"]+\.js)"/)![1]!;
  const code = scripts.get(entry)!;
  expect({
    entry,
    production: code.includes(REACT_PRODUCTION),
    devtools: code.includes("__REACT_DEVTOOLS_GLOBAL_HOOK__"),
  }).toEqual({ entry, production: true, devtools: true });
  for (const [path, other] of scripts) {
    expect({ path, development: other.includes(REACT_DEVELOPMENT) }).toEqual({ path, development: false });
  }
});
