/**
 * Issue 46 item 8: the keyboard focus ring is 3:1 or more against what it is drawn on, on every
 * control reached by Tab, on the main screens, light and dark. The ring is the focused element's
 * outline, or else its box-shadow with a spread (Pico's); its colour (blended over the background
 * when half-transparent) is measured against the first opaque background behind the element (a
 * gradient's first colour).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, PHONE_AND_DESKTOP_IN_BOTH_SCHEMES } from "./helpers.ts";
import { openPage, playerWithOneWin, startStatsServer } from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);
let player: BuiltUser;

beforeAll(async () => {
  player = await playerWithOneWin(suite.server, "ring_reader", "2026-09-09T10:00:00Z");
}, 60_000);

/** Tabs through the first `stops` controls; each one whose ring is missing or under 3:1, described. */
async function faintRings(page: Page, stops: number): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const faint: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const found = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const rgba = (text: string) => {
        const m = text.match(/rgba?\(([^)]+)\)/);
        if (!m) return null;
        const [r, g, b, a = "1"] = m[1]!.split(/[\s,/]+/).filter(Boolean);
        return [Number(r), Number(g), Number(b), Number(a)] as const;
      };
      const luminance = ([r, g, b]: readonly number[]) => {
        const lin = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
      };
      let behind: readonly number[] = [255, 255, 255, 1];
      for (let node = el.parentElement; node; node = node.parentElement) {
        const { backgroundColor, backgroundImage } = getComputedStyle(node);
        // A gradient (the contest banner): its first colour.
        const bg = rgba(backgroundImage.includes("gradient") ? backgroundImage : backgroundColor);
        if (bg && bg[3] >= 0.99) {
          behind = bg;
          break;
        }
      }
      const style = getComputedStyle(el);
      let ring: string | null = null;
      if (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) >= 1) ring = style.outlineColor;
      else {
        // "rgb(…) 0px 0px 0px 2px, …": the shadow with a spread is the ring.
        for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
          const px = [...shadow.matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
          if (px.length >= 4 && px[3]! > 0) ring = shadow;
        }
      }
      const name = `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ").join(".")}` : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30)}"`;
      const color = ring ? rgba(ring) : null;
      if (!color) return { name, ratio: 0 };
      const a = color[3];
      const drawn = [0, 1, 2].map((i) => color[i]! * a + behind[i]! * (1 - a));
      const [hi, lo] = [luminance(drawn), luminance(behind)].sort((x, y) => y - x);
      return { name, ratio: (hi! + 0.05) / (lo! + 0.05) };
    });
    if (found && found.ratio < 3) faint.push(`${found.name}: ${found.ratio.toFixed(2)}:1`);
  }
  return faint;
}

describe("the focus ring (issue 46 item 8)", () => {
  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(`at ${viewport.width}, ${scheme}: every control reached by Tab on Games, My Bets, Leaderboard and Analytics shows a ring of 3:1 or more`, async () => {
      const { page } = await openPage(suite.browser, suite.server, player, { viewport });
      // Pico eases rings in over 0.2 s: the measure is of the ring drawn, not half-way.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      const faint: string[] = [];
      for (const [path, ready] of [
        ["/", ".game-card"],
        ["/my-bets", ".bet-card"],
        ["/leaderboard", ".board-row"],
        ["/analytics", ".chart-credit"],
      ] as const) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        faint.push(...(await faintRings(page, 30)).map((f) => `${path} ${f}`));
      }
      expect([...new Set(faint)]).toEqual([]);
    }, 120_000);
  }
});
