import { describe, expect, test } from "bun:test";
import { PageCache } from "../../src/http/ssr/page-cache.ts";
import { pageHtml, pageTemplate, scriptSafeJson, screenStyle } from "../../src/http/ssr/page.ts";
import { parsePromoDismissed, promoDismissedCookie } from "../../src/shared/promo-dismissal.ts";
import { parseViewerZone, viewerZoneValue } from "../../src/shared/viewer-zone.ts";

describe("scriptSafeJson", () => {
  test("no `<` and no line separators are left, and JSON.parse reads the same value back", () => {
    const value = { name: "</script><script>alert(1)</script>", note: "<!-- a\u2028b\u2029c -->", n: 1 };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe("the page around the app", () => {
  const template = pageTemplate(
    '<html><head><link rel="stylesheet" href="/a.css"></head><body><div id="root"></div></body></html>',
  );

  test("the app goes inside the root, the data after it, extra head tags before </head>", () => {
    const html = pageHtml({ template, head: "<style>x</style>", app: "<p>hi</p>", data: '{"a":"</script>"}' });
    expect(html).toBe(
      '<html><head><link rel="stylesheet" href="/a.css"><style>x</style></head><body><div id="root"><p>hi</p></div><script type="application/json" id="npt-first-screen">{"a":"\\u003c/script>"}</script></body></html>',
    );
  });

  test("a template without the root element is refused", () => {
    expect(() => pageTemplate("<html><body></body></html>")).toThrow();
  });

  test("a screen's stylesheet cannot end its <style>", () => {
    expect(screenStyle('a::after{content:"</style><script>"}')).not.toContain("</style><script>");
    expect(screenStyle(null)).toBe("");
  });
});

describe("the hint cookies the server reads", () => {
  test("a zone and locale Intl knows, read back canonical; anything else is no hint", () => {
    expect(parseViewerZone(viewerZoneValue({ timeZone: "Europe/Paris", locale: "fr-FR" }))).toEqual({
      timeZone: "Europe/Paris",
      locale: "fr-FR",
    });
    expect(parseViewerZone(encodeURIComponent("America/New_York|EN-us"))).toEqual({
      timeZone: "America/New_York",
      locale: "en-US",
    });
    for (const bad of [
      undefined,
      "",
      "%E0%A4%A",
      encodeURIComponent("Mars/Olympus|en-US"),
      encodeURIComponent("Europe/Paris|not a locale!"),
      encodeURIComponent("Europe/Paris|en-US|extra"),
      encodeURIComponent(`${"A".repeat(100)}|en-US`),
    ]) {
      expect({ bad, zone: parseViewerZone(bad) }).toEqual({ bad, zone: null });
    }
  });

  test("banner dismissals: only owners of the expected shape, at most twenty", () => {
    expect(parsePromoDismissed("visitor.user:12.user:0.admin.user:12345678901234.<script>")).toEqual([
      "visitor",
      "user:12",
    ]);
    expect(parsePromoDismissed(undefined)).toEqual([]);
    const many = Array.from({ length: 30 }, (_, i) => `user:${i + 1}`);
    expect(promoDismissedCookie(many)).toContain("user:30");
    expect(parsePromoDismissed(promoDismissedCookie(many).split(";")[0]!.split("=")[1])).toHaveLength(20);
  });
});

describe("PageCache", () => {
  test("one render per key and version, shared by those who wait; a new version renders again", async () => {
    const cache = new PageCache(2);
    let renders = 0;
    const render = async () => `<p>${++renders}</p>`;
    const [a, b] = await Promise.all([cache.get("/", "v1", render), cache.get("/", "v1", render)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(cache.get("/", "v1", render)).toBe(a);
    const c = await cache.get("/", "v2", render);
    expect(c.html).toBe("<p>2</p>");
    expect(c.etag).not.toBe(a.etag);
  });

  test("bounded: the oldest key goes first", async () => {
    const cache = new PageCache(2);
    let renders = 0;
    const render = async () => String(++renders);
    await cache.get("a", "1", render);
    await cache.get("b", "1", render);
    await cache.get("c", "1", render);
    expect(renders).toBe(3);
    await cache.get("b", "1", render);
    await cache.get("a", "1", render);
    expect(renders).toBe(4);
  });
});
