import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { preactForReact } from "../../src/http/web-renderer.ts";

// A small app importing React the ways ours and our libraries do (ESM, the JSX runtime, the client,
// and CommonJS `require`, as SWR's use-sync-external-store shim does), written inside the project so
// that it resolves packages from its node_modules.
const dir = mkdtempSync(join(import.meta.dir, ".web-renderer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, "entry.tsx"),
  `import { useState, createContext } from "react";
import { createRoot } from "react-dom/client";
import { signal } from "@preact/signals";
const shim = require("use-sync-external-store/shim");
const Context = createContext(0);
const count = signal(0);
function App() { const [n] = useState(1); return <p>{n + count.value}{typeof shim.useSyncExternalStore}</p>; }
createRoot(document.body).render(<Context.Provider value={1}><App /></Context.Provider>);
`,
);

async function bundle(plugins: Bun.BunPlugin[]): Promise<string> {
  const result = await Bun.build({ entrypoints: [join(dir, "entry.tsx")], target: "browser", plugins });
  expect(result.success).toBe(true);
  return (await Promise.all(result.outputs.map((o) => o.text()))).join("\n");
}

/** The packages in a bundle, by the module comments Bun writes before each (unminified). */
const modules = (code: string) => [...code.matchAll(/^\/\/ (?:.*\/)?node_modules\/(.+)$/gm)].map((m) => m[1]!);

test("with the plugin, React's imports are Preact's: one copy of compat, no React in the bundle", async () => {
  const found = modules(await bundle([preactForReact]));
  expect(found.filter((m) => m.startsWith("react/") || m.startsWith("react-dom/"))).toEqual([]);
  expect(found.filter((m) => m.startsWith("preact/compat/dist/"))).toEqual(["preact/compat/dist/compat.module.js"]);
  expect(found.filter((m) => m.startsWith("preact/dist/"))).toEqual(["preact/dist/preact.module.js"]);
});

test("without it the same app bundles React's runtime (what the plugin keeps out)", async () => {
  const found = modules(await bundle([]));
  expect(found.some((m) => m.startsWith("react-dom/"))).toBe(true);
});
