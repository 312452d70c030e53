import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { compress, preferredEncoding } from "../../src/http/compression.ts";
import { loadWebAssets, type WebAssets } from "../../src/http/web-assets.ts";
import { BASE, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let assetPaths: string[];
// Bundling and brotli's smallest output take a few seconds on a busy machine.
beforeAll(async () => {
  ctx = await makeTestApp();
  await (await loadWebAssets()).brotliDone;
  const html = await (await get("/")).text();
  assetPaths = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
}, 60_000);
afterAll(() => ctx.close());

function get(path: string, acceptEncoding?: string): Promise<Response> {
  const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
  return ctx.app.handle(new Request(`${BASE}${path}`, { headers }));
}

async function bytes(res: Response): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await res.arrayBuffer());
}

const DECODERS = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("preferredEncoding", () => {
  test.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["gzip;q=1.0, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.8, gzip;q=0.8", "br"],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["gzip, , br", "br"],
    [" br ; q=0.9 , identity", "br"],
  ] as const)("%p → %p", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });

  test("only what is offered: gzip while brotli is not ready, identity when neither is", () => {
    expect(preferredEncoding("gzip, deflate, br", ["gzip"])).toBe("gzip");
    expect(preferredEncoding("br", ["gzip"])).toBeNull();
    expect(preferredEncoding("gzip, br", [])).toBeNull();
  });

  test.each([
    [undefined],
    [null],
    [""],
    ["identity"],
    ["deflate, zstd"],
    ["br;q=0, gzip;q=0"],
    ["*;q=0"],
    [";;;q=abc, *;q=x"],
    ["br;q=abc"],
    ["gzip;q=1.5"],
    ["gzip;q=0.1234"],
    ["gzip;q=0.5=1"],
    ["g zip"],
    ["br, \u00e9"],
  ])("%p → identity", (header) => {
    expect(preferredEncoding(header)).toBeNull();
  });
});

describe("compress", () => {
  test("brotli and gzip both decode to the same bytes", () => {
    const input = new TextEncoder().encode(
      JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, odds: "-110" }))),
    );
    for (const encoding of ["br", "gzip"] as const) {
      const output = compress(input, encoding);
      expect(output.byteLength).toBeLessThan(input.byteLength / 5);
      expect(new Uint8Array(DECODERS[encoding](output))).toEqual(input);
    }
  });
});

describe("the web app's files are served compressed", () => {
  test("the page, its scripts and its styles in brotli and gzip decode to the identity bytes", async () => {
    expect(assetPaths.length).toBeGreaterThanOrEqual(2);
    // Every script and stylesheet shrinks, and the whole app to less than a third (a small minified
    // library may compress to ~37%: per file, a third would be a test of the code's style).
    const totals = { identity: 0, br: 0, gzip: 0 };
    for (const path of ["/", "/leaderboard", ...assetPaths]) {
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("content-encoding")).toBeNull();
      const identity = await bytes(plain);
      for (const encoding of ["br", "gzip"] as const) {
        const res = await get(path, encoding);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-encoding")).toBe(encoding);
        expect(res.headers.get("content-type")).toBe(plain.headers.get("content-type"));
        const body = await bytes(res);
        if (path !== "/" && path !== "/leaderboard") {
          expect(body.byteLength).toBeLessThan(identity.byteLength * 0.6);
          totals[encoding] += body.byteLength;
          if (encoding === "br") totals.identity += identity.byteLength;
        }
        expect(new Uint8Array(DECODERS[encoding](body))).toEqual(identity);
      }
    }
    expect(totals.br).toBeLessThan(totals.identity / 3);
    expect(totals.gzip).toBeLessThan(totals.identity / 3);
  });

  test("a browser's usual header gets brotli; gzip only when brotli is not accepted", async () => {
    expect((await get(assetPaths[0]!, "gzip, deflate, br, zstd")).headers.get("content-encoding")).toBe("br");
    expect((await get(assetPaths[0]!, "gzip, deflate")).headers.get("content-encoding")).toBe("gzip");
  });

  test("every answer says it varies by Accept-Encoding, compressed or not", async () => {
    for (const path of ["/", ...assetPaths]) {
      for (const header of [undefined, "br", "gzip", "identity"]) {
        expect((await get(path, header)).headers.get("vary")?.toLowerCase()).toContain("accept-encoding");
      }
    }
  });

  test("without Accept-Encoding, or with only codings we lack, the answer is not encoded", async () => {
    for (const header of [undefined, "identity", "deflate", "br;q=0, gzip;q=0"]) {
      const res = await get(assetPaths[0]!, header);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBeNull();
    }
  });

  test("a malformed Accept-Encoding is ignored: a full 200 answer, not encoded", async () => {
    for (const path of ["/", ...assetPaths]) {
      const identity = await bytes(await get(path));
      for (const header of [";;;q=abc, *;q=x", "br;q=2", "gzip;;q", ",,,", "br;q=0.5;q=0.5=0"]) {
        const res = await get(path, header);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-encoding")).toBeNull();
        expect(await bytes(res)).toEqual(identity);
      }
    }
  });

  test("compressed answers keep the security and cache headers", async () => {
    for (const encoding of ["br", "gzip"]) {
      const page = await get("/my-bets", encoding);
      expect(page.headers.get("content-encoding")).toBe(encoding);
      expect(page.headers.get("cache-control")).toBe("no-cache");
      for (const res of [page, await get(assetPaths[0]!, encoding)]) {
        expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
        expect(res.headers.get("x-content-type-options")).toBe("nosniff");
        expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
        expect(res.headers.get("x-frame-options")).toBe("DENY");
      }
      expect((await get(assetPaths[0]!, encoding)).headers.get("cache-control")).toBe(
        "public, max-age=31536000, immutable",
      );
    }
  });

  test("over a real connection the compressed bytes and their length arrive as sent", async () => {
    ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const url = `http://127.0.0.1:${ctx.app.server!.port}${assetPaths[0]}`;
      const identity = await bytes(await fetch(url, { headers: { "accept-encoding": "identity" } }));
      const res = await fetch(url, { headers: { "accept-encoding": "br" }, decompress: false });
      expect(res.headers.get("content-encoding")).toBe("br");
      const body = await bytes(res);
      expect(Number(res.headers.get("content-length"))).toBe(body.byteLength);
      expect(new Uint8Array(brotliDecompressSync(body))).toEqual(identity);
    } finally {
      await ctx.app.stop();
    }
  });
});

describe("the first screen's stylesheet as served", () => {
  test("its :is() rules come once, without the bundler's :-webkit-any() / :-moz-any() copies (css-is-copies.ts)", async () => {
    const stylesheets = assetPaths.filter((path) => path.endsWith(".css"));
    expect(stylesheets.length).toBeGreaterThanOrEqual(1);
    const css = (await Promise.all(stylesheets.map(async (path) => (await get(path)).text()))).join("");
    expect(css).toContain(":is(");
    expect(css).not.toContain(":-moz-any(");
    // What is left of :-webkit-any() has no :is() twin to fall back on (WebKit's file-button pseudo-element).
    for (const rule of css.match(/[^{}]*:-webkit-any\([^{}]*\{/g) ?? [])
      expect(rule).toContain("::-webkit-file-upload-button");
  });
});

describe("the web app bundled once for every browser test process (TEST_WEB_ASSETS_DIR)", () => {
  const digest = (bytes: Uint8Array | undefined) => (bytes ? Bun.hash(bytes).toString(16) : "-");
  const digests = (assets: WebAssets) =>
    Object.fromEntries(
      [...assets.files].map(([key, a]) => [
        key,
        [a.type, digest(a.identity), digest(a.compressed.gzip), digest(a.compressed.br)].join(" "),
      ]),
    );
  /** What a fresh process with TEST_WEB_ASSETS_DIR=dir loads, as digests. */
  async function loadedElsewhere(dir: string): Promise<Record<string, string>> {
    const code = `
      const { loadWebAssets } = await import(${JSON.stringify(join(import.meta.dir, "../../src/http/web-assets.ts"))});
      const assets = await loadWebAssets();
      await assets.brotliDone;
      const digest = (bytes) => (bytes ? Bun.hash(bytes).toString(16) : "-");
      console.log(JSON.stringify(Object.fromEntries([...assets.files].map(([key, a]) =>
        [key, [a.type, digest(a.identity), digest(a.compressed.gzip), digest(a.compressed.br)].join(" ")]))));`;
    const child = Bun.spawnSync([process.execPath, "-e", code], {
      env: { ...process.env, TEST_WEB_ASSETS_DIR: dir },
      cwd: join(import.meta.dir, "../.."),
    });
    expect(child.stderr.toString()).toBe("");
    return JSON.parse(child.stdout.toString());
  }

  test("a process reads the saved files, the same bytes and variants serve builds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "web-assets-"));
    try {
      const saver = Bun.spawnSync([process.execPath, "scripts/save-web-assets.ts", dir], {
        cwd: join(import.meta.dir, "../.."),
      });
      expect(saver.exitCode).toBe(0);
      const built = digests(await loadWebAssets());
      expect(await loadedElsewhere(dir)).toEqual(built);

      // Read, not rebuilt: a saved file's bytes are what the process serves.
      const saved = (await Bun.file(join(dir, "assets.json")).json()) as { key: string }[];
      const robots = saved.findIndex((asset) => asset.key === "/robots.txt");
      await Bun.write(join(dir, `${robots}.identity`), "saved");
      const loaded = await loadedElsewhere(dir);
      expect(loaded["/robots.txt"]).toStartWith(
        `text/plain; charset=utf-8 ${digest(new TextEncoder().encode("saved"))}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
