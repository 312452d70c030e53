/**
 * GET /api/games?week=N with the full embedded season loaded, over loopback HTTP (keep-alive),
 * and the Games screen's time to interactive in Chromium. Run: `npx bun bench/games.ts`.
 * Targets (issue 3): median under 5 ms; interactive within 1 s of navigation.
 */
import { chromium } from "playwright-core";
import { benchServer, summary } from "./support.ts";

const server = await benchServer();
console.log(`seeded the embedded season in ${server.seedMs.toFixed(0)} ms`);
const { week } = await (await fetch(`${server.origin}/api/weeks/current`)).json();

for (let i = 0; i < 200; i++) await (await fetch(`${server.origin}/api/games?week=${week}`)).arrayBuffer();
const samples: number[] = [];
let bytes = 0;
for (let i = 0; i < 2000; i++) {
  const start = performance.now();
  const res = await fetch(`${server.origin}/api/games?week=${(i % 18) + 1}`);
  bytes = (await res.arrayBuffer()).byteLength;
  samples.push(performance.now() - start);
}
console.log(summary("GET /api/games?week=N (weeks 1-18 in turn)", samples));
console.log(`(last answer ${bytes} bytes)`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await page.goto(`${server.origin}/`); // warm: the first visit bundles the web app
await page.addInitScript(() => localStorage.setItem("npt.onboardingDismissed", "true"));
const loads: number[] = [];
for (let i = 0; i < 10; i++) {
  const start = performance.now();
  await page.goto(`${server.origin}/`);
  await page.locator("[data-testid=game-card] button").first().waitFor({ state: "visible", timeout: 10_000 });
  loads.push(performance.now() - start);
}
console.log(summary("Games screen: navigation to the first odds button visible", loads));
await browser.close();
await server.close();
