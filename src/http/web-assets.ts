import { Elysia } from "elysia";
import { basename } from "node:path";
import { notFound } from "../lib/errors.ts";
import index from "../web/index.html";
import { withoutIsCopies } from "./css-is-copies.ts";
import favicon from "../web/public/favicon.ico" with { type: "file" };
import icon180 from "../web/public/icon-180.png" with { type: "file" };
import icon192 from "../web/public/icon-192.png" with { type: "file" };
import icon512 from "../web/public/icon-512.png" with { type: "file" };
import iconSvg from "../web/public/icon.svg" with { type: "file" };
import robots from "../web/public/robots.txt" with { type: "file" };
import { isAppPath } from "../shared/app-paths.ts";
import { SESSION_MARK_HEADER, sessionHintCookie, sessionHintIn } from "../shared/session-hint.ts";
import { sessionTokenFrom } from "../modules/auth/plugin.ts";
import { sessionMark } from "./session-cookie.ts";
import { compress, compressAhead, preferredEncoding, type Encoding } from "./compression.ts";
import { requestedTags } from "./cached-read.ts";
import type { Logger } from "../lib/logger.ts";
import type { RenderedPage, RenderPage } from "./ssr/index.ts";
import type { ShareCard } from "./ssr/share-card-route.ts";
import { type PageTemplate, pageTemplate } from "./ssr/page.ts";
import { SERVICE_WORKER_KEY, serviceWorkerScript } from "./service-worker.ts";

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
const ONE_YEAR = "public, max-age=31536000, immutable";
const ONE_DAY = "public, max-age=86400";
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;
const ENCODINGS: Encoding[] = ["br", "gzip"];

/** Set to 1 (tests only), the app is bundled with React's development build, unminified. */
export const DEVELOPMENT_BUILD_ENV = "TEST_WEB_DEVELOPMENT_BUILD";

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
  // React's development build names each hydration mismatch (tests/e2e/hydration.test.ts asks for it).
  const mode = process.env[DEVELOPMENT_BUILD_ENV] === "1" ? "development" : "production";
  const result = await Bun.build({
    entrypoints: [bundle.index],
    target: "browser",
    minify: mode === "production",
    splitting: true,
    publicPath: "/",
    define: { "process.env.NODE_ENV": JSON.stringify(mode) },
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

/** Files at fixed, well-known paths (browsers and crawlers ask for them by name): cached a day. */
const PUBLIC_FILES: Record<string, { path: string; type: string }> = {
  "/favicon.ico": { path: favicon, type: "image/x-icon" },
  "/icon.svg": { path: iconSvg, type: "image/svg+xml" },
  "/apple-touch-icon.png": { path: icon180, type: "image/png" },
  "/icon-192.png": { path: icon192, type: "image/png" },
  "/icon-512.png": { path: icon512, type: "image/png" },
  "/robots.txt": { path: robots, type: "text/plain; charset=utf-8" },
};
const MANIFEST_KEY = "/manifest.webmanifest";

/** What a phone needs to install the app on its home screen. */
const manifest = {
  name: "NFL Paper Trading",
  short_name: "Paper Trading",
  description: "Practise NFL betting risk-free with paper bets, leaderboards and leagues.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: "#ffffff",
  theme_color: "#0f5132",
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};

/** Links to the well-known files, added to the bundled page (the bundler would try to bundle them). */
const PUBLIC_LINKS = [
  '<link rel="icon" href="/favicon.ico" sizes="32x32" />',
  '<link rel="icon" href="/icon.svg" type="image/svg+xml" />',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png" />',
  `<link rel="manifest" href="${MANIFEST_KEY}" />`,
].join("");

/** A stylesheet without the bundler's `:-webkit-any()` / `:-moz-any()` copies of its `:is()` rules (css-is-copies.ts). */
function withoutCssCopies(file: BuiltFile): BuiltFile {
  if (!file.type.startsWith("text/css")) return file;
  const css = withoutIsCopies(new TextDecoder().decode(file.bytes));
  return { ...file, bytes: new TextEncoder().encode(css) };
}

function withPublicLinks(file: BuiltFile): BuiltFile {
  if (file.key !== HTML_KEY) return file;
  const html = new TextDecoder().decode(file.bytes).replace("</head>", `${PUBLIC_LINKS}</head>`);
  return { ...file, bytes: new TextEncoder().encode(html) };
}

async function publicFiles(): Promise<BuiltFile[]> {
  const files = await Promise.all(
    Object.entries(PUBLIC_FILES).map(async ([key, file]) => ({
      key,
      type: file.type,
      bytes: await Bun.file(file.path).bytes(),
    })),
  );
  const manifestBytes = new TextEncoder().encode(JSON.stringify(manifest));
  return [...files, { key: MANIFEST_KEY, type: "application/manifest+json", bytes: manifestBytes }];
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
 * HTML import (docs/architecture.md). Serving starts once gzip is done (tens of milliseconds); brotli's smallest
 * output takes over a second, so each file gets its brotli variant in the background.
 */
async function buildAssets(): Promise<WebAssets> {
  const built = [...(await bundleFiles()).map(withPublicLinks).map(withoutCssCopies), ...(await publicFiles())];
  const worker = {
    key: SERVICE_WORKER_KEY,
    type: "text/javascript;charset=utf-8",
    bytes: serviceWorkerScript(built.map((f) => f.key)),
  };
  const files = [...built, worker];
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

/**
 * `npm test` bundles and compresses once (scripts/save-web-assets.ts, through buildAssets) into the
 * folder this names, and each browser test process reads that instead of doing it again.
 */
const SAVED_ASSETS_ENV = "TEST_WEB_ASSETS_DIR";
const SAVED_INDEX = "assets.json";
type SavedAsset = { key: string; type: string; encodings: Encoding[] };
const savedName = (index: number, encoding: Encoding | "identity") => `${index}.${encoding}`;

/** Writes every file of `assets`, once brotli is done, with its compressed variants into `dir`. */
export async function saveWebAssets(assets: WebAssets, dir: string): Promise<void> {
  await assets.brotliDone;
  const saved: SavedAsset[] = [];
  for (const [key, asset] of assets.files) {
    const encodings = ENCODINGS.filter((encoding) => asset.compressed[encoding]);
    await Bun.write(`${dir}/${savedName(saved.length, "identity")}`, asset.identity);
    for (const encoding of encodings) {
      await Bun.write(`${dir}/${savedName(saved.length, encoding)}`, asset.compressed[encoding]!);
    }
    saved.push({ key, type: asset.type, encodings });
  }
  await Bun.write(`${dir}/${SAVED_INDEX}`, JSON.stringify(saved));
}

async function readSavedAssets(dir: string): Promise<WebAssets> {
  const saved = (await Bun.file(`${dir}/${SAVED_INDEX}`).json()) as SavedAsset[];
  const read = (index: number, encoding: Encoding | "identity") =>
    Bun.file(`${dir}/${savedName(index, encoding)}`).bytes() as Promise<Uint8Array<ArrayBuffer>>;
  const files = new Map<string, Asset>();
  for (const [index, { key, type, encodings }] of saved.entries()) {
    const asset: Asset = { type, identity: await read(index, "identity"), compressed: {} };
    for (const encoding of encodings) asset.compressed[encoding] = await read(index, encoding);
    files.set(key, asset);
  }
  return { files, gzipMs: 0, brotliDone: Promise.resolve(0) };
}

async function savedOrBuiltAssets(): Promise<WebAssets> {
  const dir = process.env[DEVELOPMENT_BUILD_ENV] === "1" ? undefined : process.env[SAVED_ASSETS_ENV];
  if (dir && (await Bun.file(`${dir}/${SAVED_INDEX}`).exists())) return readSavedAssets(dir);
  return buildAssets();
}

let assetsPromise: Promise<WebAssets> | null = null;

/** Bundles (from source) and compresses now: serve calls this at start-up so the first visitor does not wait. */
export function loadWebAssets(): Promise<WebAssets> {
  assetsPromise ??= savedOrBuiltAssets().catch((error) => {
    assetsPromise = null;
    throw error;
  });
  return assetsPromise;
}

function respond(
  asset: Asset,
  request: Request,
  cacheControl: string,
  status = 200,
  extra: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { "content-type": asset.type, "cache-control": cacheControl, ...extra };
  const offered = ENCODINGS.filter((encoding) => asset.compressed[encoding]);
  if (offered.length === 0) return new Response(asset.identity, { status, headers });
  headers.vary = "accept-encoding";
  const encoding = preferredEncoding(request.headers.get("accept-encoding"), offered);
  if (!encoding) return new Response(asset.identity, { status, headers });
  headers["content-encoding"] = encoding;
  return new Response(asset.compressed[encoding], { status, headers });
}

/** Hashed files a year; well-known names a day; the service worker is checked on every visit (a new build must reach it). */
function cacheControlOf(path: string): string {
  if (path === SERVICE_WORKER_KEY) return "no-cache";
  return path in PUBLIC_FILES || path === MANIFEST_KEY ? ONE_DAY : ONE_YEAR;
}

/** Sets or clears the signed-in hint (shared/session-hint.ts) so it names the session cookie that came along, if any. */
function sessionHintHeader(request: Request): Record<string, string> {
  const cookies = request.headers.get("cookie");
  const mark = sessionMarkOf(request);
  if (sessionHintIn(cookies ?? "") === mark) return {};
  return { "set-cookie": sessionHintCookie(mark) };
}

/** The mark of the session cookie a request came with (a hash of its token), if any. */
function sessionMarkOf(request: Request): string | null {
  const token = sessionTokenFrom(request.headers.get("cookie"));
  return token ? sessionMark(token) : null;
}

/** A page the server rendered (src/http/ssr/), compressed as the client accepts; 304 when it holds this version. */
function pageResponse(page: RenderedPage, request: Request, status: number, extra: Record<string, string>): Response {
  const headers: Record<string, string> = {
    "content-type": "text/html;charset=utf-8",
    // Built for this viewer when signed in: no shared cache may keep it (http/private-answers.ts).
    "cache-control": page.signedIn ? "private, no-cache" : "no-cache",
    vary: "accept-encoding, cookie",
    ...extra,
  };
  // A signed-in page names its session, so the service worker keeps its answers for that session only.
  const mark = page.signedIn ? sessionMarkOf(request) : null;
  if (mark) headers[SESSION_MARK_HEADER] = mark;
  if (page.etag) {
    headers.etag = page.etag;
    const tags = requestedTags(request.headers.get("if-none-match"));
    if (status === 200 && (tags.includes(page.etag.slice(1, -1)) || tags.includes("*"))) {
      return new Response(null, { status: 304, headers });
    }
  }
  const encoding = preferredEncoding(request.headers.get("accept-encoding"));
  if (!encoding) return new Response(page.html, { status, headers });
  headers["content-encoding"] = encoding;
  page.encoded[encoding] ??= compress(new TextEncoder().encode(page.html), encoding);
  return new Response(page.encoded[encoding], { status, headers });
}

let template: { html: Uint8Array; parts: PageTemplate } | null = null;
function templateOf(html: Uint8Array): PageTemplate {
  if (template?.html !== html) template = { html, parts: pageTemplate(new TextDecoder().decode(html)) };
  return template.parts;
}

export interface WebRoutesDeps {
  /** Renders an app path's first screen (src/http/ssr/); without it every path gets the static shell. */
  renderPage?: RenderPage;
  /** Answers `/players/{username}/weeks/{week}/card.png` (src/http/ssr/share-card-route.ts). */
  shareCard?: ShareCard;
  /** Answers `/leagues/{id}/weeks/{week}/recap.png`, for the league's members (src/http/ssr/recap-card-route.ts). */
  recapCard?: ShareCard;
  logger?: Logger;
}

/**
 * The web app, served through our own routes — not Bun's HTML route — so every answer carries the
 * security headers: hashed assets cached for a year, well-known files (favicon, robots.txt, icons,
 * the manifest) a day; the app's screens rendered on the server (their first screen in the HTML,
 * src/http/ssr/) with 200, and any other path its 'not found' screen with 404; `/index.html` the
 * static shell, which the service worker keeps for offline visits. Each in brotli or gzip when accepted.
 */
export function webRoutes({ renderPage, shareCard, recapCard, logger }: WebRoutesDeps = {}) {
  return new Elysia({ name: "web" }).get("/*", async ({ request }) => {
    const { files } = await loadWebAssets();
    const path = new URL(request.url).pathname;
    if (path.startsWith("/api/")) throw notFound("No such API route", "no_route");
    const card = (await shareCard?.(path, request)) ?? (await recapCard?.(path, request));
    if (card) return card;
    const shell = files.get(HTML_KEY)!;
    if (path === HTML_KEY) return respond(shell, request, "no-cache", 200, sessionHintHeader(request));
    const asset = path !== "/" ? files.get(path) : undefined;
    if (asset) return respond(asset, request, cacheControlOf(path));
    const status = isAppPath(path) ? 200 : 404;
    if (renderPage) {
      try {
        const page = await renderPage(request, templateOf(shell.identity));
        return pageResponse(page, request, status, sessionHintHeader(request));
      } catch (error) {
        // The page still opens: the browser draws it from the static shell.
        logger?.error({ err: error, path }, "server rendering failed; serving the static shell");
      }
    }
    return respond(shell, request, "no-cache", status, sessionHintHeader(request));
  });
}
