import { Elysia } from "elysia";
import { basename } from "node:path";
import { notFound } from "../lib/errors.ts";
import index from "../web/index.html";

interface Asset {
  body: Blob;
  type: string;
}

interface BundleFile {
  path: string;
  headers: Record<string, string>;
  loader: string;
}

const HTML_KEY = "/index.html";

/**
 * The browser app's files by URL path. A compiled binary carries them prebuilt (`index.files`);
 * from source we bundle once, in memory, on first use. Served through our own routes — not Bun's
 * HTML route — so they carry the security headers like every other response.
 */
async function buildAssets(): Promise<Map<string, Asset>> {
  const bundle = index as unknown as { index: string; files?: BundleFile[] };
  const assets = new Map<string, Asset>();
  if (bundle.files) {
    for (const file of bundle.files) {
      const key = file.loader === "html" ? HTML_KEY : `/${basename(file.path)}`;
      assets.set(key, { body: Bun.file(file.path), type: file.headers["content-type"] ?? "application/octet-stream" });
    }
    return assets;
  }
  const result = await Bun.build({
    entrypoints: [bundle.index],
    target: "browser",
    minify: true,
    splitting: true,
    publicPath: "/",
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!result.success) throw new AggregateError(result.logs, "Building the web app failed");
  for (const output of result.outputs) {
    const key = output.type.startsWith("text/html") ? HTML_KEY : `/${basename(output.path)}`;
    assets.set(key, { body: output, type: output.type });
  }
  return assets;
}

let assetsPromise: Promise<Map<string, Asset>> | null = null;

/** Starts bundling now (serve calls this at start-up so the first visitor does not wait). */
export function loadWebAssets(): Promise<Map<string, Asset>> {
  assetsPromise ??= buildAssets().catch((error) => {
    assetsPromise = null;
    throw error;
  });
  return assetsPromise;
}

/** The single-page app: hashed assets cached for a year, every other path gets index.html (SPA fallback). */
export function webRoutes() {
  return new Elysia({ name: "web" }).get("/*", async ({ request }) => {
    const assets = await loadWebAssets();
    const path = new URL(request.url).pathname;
    if (path.startsWith("/api/")) throw notFound("No such API route", "no_route");
    const asset = path !== "/" ? assets.get(path) : undefined;
    if (asset) {
      return new Response(asset.body, {
        headers: { "content-type": asset.type, "cache-control": "public, max-age=31536000, immutable" },
      });
    }
    const html = assets.get(HTML_KEY)!;
    return new Response(html.body, { headers: { "content-type": html.type, "cache-control": "no-cache" } });
  });
}
