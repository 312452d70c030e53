import { dirname, join } from "node:path";
import type { BunPlugin } from "bun";

/**
 * The web app is written against React's API and rendered by Preact (decision 0059): the bundle
 * resolves every import of `react` and `react-dom` — ours and our libraries' (SWR, wouter) — to
 * `preact/compat`. React's runtime is ~180 KB of script a phone parses and runs before the first
 * screen; Preact's is ~15 KB, with the same components, hooks, Suspense and lazy.
 */
const ALIASES: Record<string, string> = {
  react: "compat/dist/compat.module.js",
  "react-dom": "compat/dist/compat.module.js",
  "react-dom/client": "compat/client.mjs",
  "react/jsx-runtime": "compat/jsx-runtime.mjs",
  "react/jsx-dev-runtime": "compat/jsx-dev-runtime.mjs",
};
// The files a browser build resolves `preact/compat…` to itself (its "browser" and "import"
// conditions): one copy of compat in the bundle, whether reached through an alias or directly.
// Found when a build runs (a compiled binary, which never builds, has no node_modules).
const preactDir = () => dirname(Bun.resolveSync("preact/package.json", import.meta.dir));

export const preactForReact: BunPlugin = {
  name: "preact-for-react",
  setup(build) {
    const preact = preactDir();
    build.onResolve({ filter: /^react(-dom)?(\/client|\/jsx-runtime|\/jsx-dev-runtime)?$/ }, (args) => {
      const target = ALIASES[args.path];
      return target ? { path: join(preact, target) } : undefined;
    });
  },
};
