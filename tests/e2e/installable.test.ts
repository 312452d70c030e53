import { afterEach, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { loadWebAssets } from "../../src/http/web-assets.ts";
import { OFFLINE_REFRESH } from "../../src/web/lib/offline.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, PHONE, screenshot, toastLocator } from "./helpers.ts";
import { DAL_PHI, newPlayer, NOW, placeBet, spread, startBettingServer } from "./my-bets-fixtures.ts";
import type { BuiltUser } from "../factories.ts";

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

async function installedPage(signedIn: boolean | BuiltUser): Promise<Page> {
  const player = signedIn === true ? await newPlayer(suite.server) : signedIn || null;
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

  for (const [viewport, scheme] of [
    [PHONE, "light"],
    [DESKTOP, "dark"],
  ] as const) {
    test(
      `at ${viewport.width}, ${scheme}: offline, My Bets opens as last seen, and Refresh (and Refresh Odds) says offline, not "No change" (issue 46 item 7)`,
      async () => {
        const player = await newPlayer(suite.server);
        await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), { hoursAgo: 2 });
        const page = await installedPage(player);
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto("/my-bets");
        const row = page.locator(".bet-card").filter({ hasText: "Philadelphia Eagles -3.5" });
        await row.waitFor();

        await page.context().setOffline(true);
        await page.reload();
        await row.waitFor();
        await offlineLine(page).waitFor();
        expect(await page.getByRole("group", { name: "Show bets" }).textContent()).toContain("Open (1)");
        await page.getByRole("button", { name: "Refresh", exact: true }).click();
        await page.getByRole("status").filter({ hasText: OFFLINE_REFRESH }).waitFor();
        await screenshot(page, `my-bets-offline-${viewport.width}-${scheme}`);

        await page.goto("/");
        await firstCard(page).waitFor();
        await page.getByRole("button", { name: "Refresh Odds" }).click();
        await page.locator(".refresh-result").filter({ hasText: OFFLINE_REFRESH }).waitFor();
        expect(await page.locator(".refresh-result").textContent()).not.toContain("No change");
        await page.context().setOffline(false);
      },
      E2E_TIMEOUT,
    );
  }

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

  /** What the worker answers the page for GET /api/user, as the app asks it (with the hint's mark): the email, or how it failed. */
  const userAsAppAsks = (page: Page) =>
    page.evaluate(async () => {
      const mark = document.cookie.match(/(?:^|;\s*)npt_signed_in=([^;]+)/)?.[1];
      try {
        const res = await fetch("/api/user", { headers: mark ? { "x-npt-session-mark": mark } : {} });
        return res.ok ? `${res.status} ${(await res.json()).email}` : String(res.status);
      } catch {
        return "no answer";
      }
    });
  const keptUser = (page: Page) =>
    page.evaluate(async () => (await (await caches.open("npt-data")).match("/api/user")) !== undefined);
  const endSessionsOf = (player: BuiltUser) =>
    suite.server.ctx.db.deleteFrom("sessions").where("user_id", "=", player.user.id).execute();

  test(
    "a session ended elsewhere: the page's next ask gets 401 and the kept /api/user goes; offline it is not served",
    async () => {
      const player = await newPlayer(suite.server, "ended_elsewhere");
      const page = await installedPage(player);
      expect(await keptUser(page)).toBe(true);
      // Signed out elsewhere (a password change on another device, a reset): the session is gone.
      await endSessionsOf(player);
      await page.reload();
      await page.getByRole("link", { name: "Sign In" }).first().waitFor();
      expect(await keptUser(page)).toBe(false);
      await page.context().setOffline(true);
      expect(await userAsAppAsks(page)).toBe("no answer");
      await page.reload();
      await firstCard(page).waitFor();
      expect(await page.getByText(player.user.email).count()).toBe(0);
      expect(await page.getByRole("button", { name: /Account menu for/ }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "another session signing in on the same browser never gets the last one's kept /api/user",
    async () => {
      const first = await newPlayer(suite.server, "first_player");
      const second = await newPlayer(suite.server, "second_player");
      const page = await installedPage(first);
      expect(await userAsAppAsks(page)).toBe(`200 ${first.user.email}`);
      // The first session ends where this browser cannot hear it; the second player signs in here.
      await endSessionsOf(first);
      const signIn = await page.evaluate(
        async (body) =>
          (await fetch("/api/login", { method: "POST", headers: { "content-type": "application/json" }, body })).status,
        JSON.stringify({ email: second.user.email, password: second.password }),
      );
      expect(signIn).toBe(200);
      await page.context().setOffline(true);
      expect(await userAsAppAsks(page)).toBe("no answer");
      await page.reload();
      await firstCard(page).waitFor();
      expect(await page.getByRole("button", { name: `Account menu for ${first.user.username}` }).count()).toBe(0);
      expect(await page.getByText(first.user.email).count()).toBe(0);
      await page.context().setOffline(false);
      expect(await userAsAppAsks(page)).toBe(`200 ${second.user.email}`);
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
