import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { loadWebAssets } from "../../src/http/web-assets.ts";
import { browserSuite, E2E_TIMEOUT, toastLocator } from "./helpers.ts";
import { newPlayer, NOW, startBettingServer } from "./my-bets-fixtures.ts";

const suite = browserSuite(startBettingServer);

let undo: (() => void)[] = [];
const afterThisTest = (step: () => void) => undo.push(step);
afterEach(() => {
  for (const step of undo) step();
  undo = [];
});

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);
const offlineLine = (page: Page) =>
  page.getByRole("status").filter({ hasText: /^Offline — showing what you last saw/ });
const firstCard = (page: Page) => page.getByRole("article").filter({ hasText: "Dallas Cowboys" }).first();

async function installedPage(signedIn: boolean): Promise<Page> {
  const player = signedIn ? await newPlayer(suite.server) : null;
  const page = await suite.newPage({ signedInAs: player, serviceWorkers: "allow" });
  await page.clock.setFixedTime(new Date(NOW));
  await page.goto("/");
  await firstCard(page).waitFor();
  await controlled(page);
  // A second load, now through the worker, keeps the week's games as last seen.
  await page.reload();
  await firstCard(page).waitFor();
  return page;
}

describe("an installable app", () => {
  test(
    "offline, the page and the last seen games open with the offline line; a bet is never sent; back online the line goes",
    async () => {
      const page = await installedPage(true);
      expect(await offlineLine(page).isVisible()).toBe(false);
      await page.context().setOffline(true);
      await page.reload();
      await firstCard(page).waitFor();
      await offlineLine(page).waitFor();
      expect(await offlineLine(page).textContent()).toMatch(
        /^Offline — showing what you last saw at \d{1,2}:\d{2} [AP]M\.$/,
      );

      const bets = async () =>
        Number(
          (
            await suite.server.ctx.db
              .selectFrom("bets")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await bets();
      await firstCard(page)
        .getByRole("button", { name: /Dallas Cowboys/ })
        .first()
        .click();
      await page.getByRole("button", { name: /^Place Bet/ }).click();
      await toastLocator(page).filter({ hasText: "You appear to be offline" }).waitFor();
      expect(await bets()).toBe(before);

      await page.context().setOffline(false);
      await page.reload();
      await firstCard(page).waitFor();
      expect(await offlineLine(page).isVisible()).toBe(false);
    },
    E2E_TIMEOUT,
  );

  test(
    "signing out forgets the answers kept for offline use",
    async () => {
      const page = await installedPage(true);
      expect(await page.evaluate(() => caches.has("npt-data"))).toBe(true);
      await page.getByRole("button", { name: /Account menu for/ }).click();
      await page.getByRole("button", { name: "Log out" }).click();
      await page.waitForFunction(async () => !(await caches.has("npt-data")));
    },
    E2E_TIMEOUT,
  );

  test(
    "a new build takes over on the next screen change, and says so",
    async () => {
      const page = await installedPage(false);
      // The next build: the same worker with another version (the server makes one per build).
      const { files } = await loadWebAssets();
      const served = files.get("/sw.js")!;
      const next = new TextDecoder().decode(served.identity).replace(/"version":"(\w+)"/, '"version":"$1-next"');
      files.set("/sw.js", { ...served, identity: new TextEncoder().encode(next), compressed: {} });
      afterThisTest(() => files.set("/sw.js", served));
      const versions = () =>
        page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith("npt-shell-")).sort());
      expect(await versions()).toHaveLength(1);
      await page.evaluate(async () => {
        const before = navigator.serviceWorker.controller;
        const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
        await (await navigator.serviceWorker.getRegistration())!.update();
        await changed;
        if (navigator.serviceWorker.controller === before) throw new Error("the new worker did not take over");
      });
      expect(await versions()).toHaveLength(2); // the previous build's files stay for pages still on it
      await page.getByRole("link", { name: "Leaderboard" }).first().click();
      await toastLocator(page).filter({ hasText: "Updated to the latest version" }).waitFor();
      expect(new URL(page.url()).pathname).toBe("/leaderboard");
    },
    E2E_TIMEOUT,
  );
});
