import { Elysia } from "elysia";
import { basename } from "node:path";
import { notFound } from "../lib/errors.ts";
import index from "../web/index.html";
import { compressAhead, preferredEncoding, type Encoding } from "./compression.ts";

interface Asset {
  type: string;
  identity: Uint8Array<ArrayBuffer>;
  /** Each variant once it is ready (brotli comes after gzip), and only if smaller than `identity`. */
  compressed: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
}

interface BundleFile {
  path: string;
  headers: Record<string, string>;
  loader: string;
}

interface BuiltFile {
  key: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const HTML_KEY = "/index.html";
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;
const ENCODINGS: Encoding[] = ["br", "gzip"];

/**
 * The browser app's files by URL path. A compiled binary carries them prebuilt (`index.files`);
 * from source we bundle once, in memory.
 */
async function bundleFiles(): Promise<BuiltFile[]> {
  const bundle = index as unknown as { index: string; files?: BundleFile[] };
  if (bundle.files) {
    return Promise.all(
      bundle.files.map(async (file) => ({
        key: file.loader === "html" ? HTML_KEY : `/${basename(file.path)}`,
        type: file.headers["content-type"] ?? "application/octet-stream",
        bytes: await Bun.file(file.path).bytes(),
      })),
    );
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
  return Promise.all(
    result.outputs.map(async (output) => ({
      key: output.type.startsWith("text/html") ? HTML_KEY : `/${basename(output.path)}`,
      type: output.type,
      bytes: new Uint8Array(await output.arrayBuffer()),
    })),
  );
}

async function compressInto(asset: Asset, encoding: Encoding): Promise<void> {
  if (!COMPRESSIBLE.test(asset.type)) return;
  const bytes = await compressAhead(asset.identity, encoding);
  if (bytes.byteLength < asset.identity.byteLength) asset.compressed[encoding] = bytes;
}

export interface WebAssets {
  files: Map<string, Asset>;
  /** How long gzipping every file took, in milliseconds (before the first file is served). */
  gzipMs: number;
  /** Resolves with the milliseconds brotli took, once every file has its brotli variant. */
  brotliDone: Promise<number>;
}

/**
 * Compresses every file once, at start-up: the binary cannot carry precompressed files beside its
 * HTML import (README). Serving starts once gzip is done (tens of milliseconds); brotli's smallest
 * output takes over a second, so each file gets its brotli variant in the background.
 */
async function buildAssets(): Promise<WebAssets> {
  const files = await bundleFiles();
  const assets = new Map(
    files.map((file) => [file.key, { type: file.type, identity: file.bytes, compressed: {} } as Asset]),
  );
  const started = performance.now();
  await Promise.all([...assets.values()].map((asset) => compressInto(asset, "gzip")));
  const gzipMs = performance.now() - started;
  const brotliStarted = performance.now();
  // A file brotli fails on is still served gzipped.
  const brotliDone = Promise.all(
    [...assets.values()].map((asset) => compressInto(asset, "br").catch(() => undefined)),
  ).then(() => performance.now() - brotliStarted);
  return { files: assets, gzipMs, brotliDone };
}

let assetsPromise: Promise<WebAssets> | null = null;

/** Bundles (from source) and compresses now: serve calls this at start-up so the first visitor does not wait. */
export function loadWebAssets(): Promise<WebAssets> {
  assetsPromise ??= buildAssets().catch((error) => {
    assetsPromise = null;
    throw error;
  });
  return assetsPromise;
}

function respond(asset: Asset, request: Request, cacheControl: string): Response {
  const headers: Record<string, string> = { "content-type": asset.type, "cache-control": cacheControl };
  const offered = ENCODINGS.filter((encoding) => asset.compressed[encoding]);
  if (offered.length === 0) return new Response(asset.identity, { headers });
  headers["vary"] = "accept-encoding";
  const encoding = preferredEncoding(request.headers.get("accept-encoding"), offered);
  if (!encoding) return new Response(asset.identity, { headers });
  headers["content-encoding"] = encoding;
  return new Response(asset.compressed[encoding], { headers });
}

/**
 * The single-page app, served through our own routes — not Bun's HTML route — so every answer
 * carries the security headers: hashed assets cached for a year, every other path gets index.html
 * (SPA fallback), each in brotli or gzip when the request accepts it.
 */
export function webRoutes() {
  return new Elysia({ name: "web" }).get("/*", async ({ request }) => {
    const { files } = await loadWebAssets();
    const path = new URL(request.url).pathname;
    if (path.startsWith("/api/")) throw notFound("No such API route", "no_route");
    const asset = path !== "/" ? files.get(path) : undefined;
    if (asset) return respond(asset, request, "public, max-age=31536000, immutable");
    return respond(files.get(HTML_KEY)!, request, "no-cache");
  });
}
