/**
 * The push opt-in and Settings' Notifications (issue 31 item 4) in Chromium, with the notification
 * permission granted and denied. Headless Chromium has no push service ("Registration failed -
 * permission denied" from PushManager.subscribe, whatever the permission), so the page's PushManager
 * hands out a subscription made in this file — real P-256 keys, an endpoint on a push service
 * stand-in here — and everything after it is the app's own: the server stores it, the jobs' delivery
 * posts to it, this file decrypts what arrives. The service worker's own `push` handler is driven
 * through the DevTools protocol (ServiceWorker.deliverPushMessage).
 */
import { afterAll, describe, expect, test } from "bun:test";
import type { BrowserContext, Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { deliverDue } from "../../src/modules/push/delivery.ts";
import { decryptPayload } from "../../src/modules/push/webpush.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { buildUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { type BrowserDevice, browserDevice, recordingPushService } from "../push-devices.ts";
import {
  browserSuite,
  E2E_TIMEOUT,
  liveHello,
  PHONE,
  screenshot,
  startServer,
  toastLocator,
  withDispatcher,
  PHONE_AND_DESKTOP_IN_BOTH_SCHEMES,
} from "./helpers.ts";
import { ADMIN_EMAIL, type BettingServer, DAL_PHI, NOW, placeBet, resolveGame, spread } from "./my-bets-fixtures.ts";

async function startPushServer(): Promise<BettingServer> {
  const server = await startServer({ now: NOW, env: { PUSH_LOCAL_ENDPOINTS: "true", ADMIN_EMAILS: ADMIN_EMAIL } });
  const provider = new FakeProvider();
  await syncGames(server.ctx.db, provider, server.ctx.clock.now());
  const admin = await buildUser(server.ctx, { email: ADMIN_EMAIL, username: "the_admin" });
  // Events reach the page's socket, and a completed game settles (the opt-in on a settlement).
  return withDispatcher(Object.assign(server, { admin, provider }), { settle: true });
}
const suite = browserSuite(startPushServer, { serverPerTest: true });

const pushService = recordingPushService();
const received = pushService.received;
afterAll(() => pushService.server.stop(true));

const device = () => browserDevice(`http://127.0.0.1:${pushService.server.port}/device-${crypto.randomUUID()}`);

/** The page's PushManager hands out `d`'s subscription (kept in localStorage, as a browser keeps its own). */
async function stubPushManager(context: BrowserContext, d: BrowserDevice): Promise<void> {
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const KEY = "test.pushSubscribed";
      const subscription = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        getKey: () => null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      };
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem(KEY, "1");
        return subscription as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem(KEY) ? subscription : null) as unknown as PushSubscription | null;
    },
    { endpoint: d.endpoint, p256dh: d.publicKey, auth: d.auth },
  );
}

async function playerPage(
  permission: "granted" | "denied" | "default",
  opts: { viewport?: typeof PHONE; timezoneId?: string } = {},
) {
  const player = await buildUser(suite.server.ctx, {});
  const context = await suite.newContext({
    signedInAs: player,
    serviceWorkers: "allow",
    viewport: opts.viewport,
    showPushOffer: true,
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  if (permission === "granted") await context.grantPermissions(["notifications"]);
  const d = await device();
  await stubPushManager(context, d);
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  await page.clock.setFixedTime(new Date(NOW));
  if (permission === "denied") {
    // Playwright grants permissions but cannot deny one: the DevTools protocol can, for this profile.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send("Target.getTargetInfo");
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin: suite.server.baseUrl,
      browserContextId: targetInfo.browserContextId,
    });
  }
  return { player, context, page, device: d };
}

const offer = (page: Page) => page.getByRole("region", { name: "Get a notification when your bets settle?" });
const notifications = (page: Page) =>
  page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Notifications" }) });
const PHI_SPREAD = "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5";

async function placeFirstBet(page: Page) {
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  await page.getByRole("button", { name: PHI_SPREAD, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Place Bet" }).click();
  await toastLocator(page).filter({ hasText: "Bet Placed!" }).waitFor();
}

const KC_ML = "+150, Moneyline: Kansas City Chiefs ML";
const SF_OVER = "O 45.5 -110, Total: Over 45.5";

/** One more bet from the Games screen (the last game's button when a name repeats). */
async function betFrom(page: Page, button: string) {
  await page.getByRole("button", { name: button, exact: true }).last().click();
  await page.getByRole("dialog").getByRole("button", { name: "Place Bet" }).click();
  await toastLocator(page).filter({ hasText: "Bet Placed!" }).last().waitFor();
}

/**
 * The elements matching `selector` that something else covers: at the middle of each (scrolled
 * into view), `document.elementFromPoint` finds neither it nor anything inside it.
 */
async function coveredControls(page: Page, selector: string): Promise<string[]> {
  const found = await page.locator(selector).count();
  expect(found).toBeGreaterThan(0);
  return page.evaluate((selector) => {
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      el.scrollIntoView({ block: "center" });
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !el.contains(hit))
        covered.push(`${el.textContent?.trim()} under ${hit?.closest("section, nav, div")?.className}`);
    }
    window.scrollTo(0, 0);
    return covered;
  }, selector);
}

/** The page's controls (outside the opt-in) whose box meets the opt-in card's. */
async function controlsUnderCard(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const card = document.querySelector(".push-offer")!;
    const c = card.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]")]
      .filter((el) => !card.contains(el) && el.getClientRects().length > 0)
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.left < c.right && b.right > c.left && b.top < c.bottom && b.bottom > c.top && b.width > 0;
      })
      .filter((el) => el.id !== "main")
      .map((el) => el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName);
  });
}

const devicesOf = (userId: number) =>
  suite.server.ctx.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", userId).execute();

describe("the push opt-in", () => {
  test(
    "never on load; after the first bet the app asks in its own words, and 'Turn on notifications' subscribes this device",
    async () => {
      const { page, player, device: d } = await playerPage("granted");
      await page.goto("/");
      await page.getByTestId("game-card").first().waitFor();
      await page.waitForTimeout(500);
      expect(await offer(page).count()).toBe(0);

      await placeFirstBet(page);
      const card = offer(page);
      await card.waitFor();
      expect(await card.textContent()).toContain("Your bet is in. Want to hear how it went, even with the app closed?");
      expect(await card.textContent()).toContain("One message per game");
      await card.getByRole("button", { name: "Turn on notifications" }).click();
      await toastLocator(page).filter({ hasText: "Notifications are on" }).waitFor();
      await card.waitFor({ state: "detached" });
      const [stored] = await devicesOf(player.user.id);
      expect(stored).toMatchObject({ endpoint: d.endpoint, p256dh: d.publicKey, auth: d.auth });
      expect(stored!.device).toMatch(/^Chrome on /);

      // Settings says so; the test notification goes out from the jobs' delivery and decrypts on the device.
      await page.goto("/settings");
      const section = notifications(page);
      await section.getByRole("status").filter({ hasText: "On on this device" }).waitFor();
      await section.getByRole("button", { name: "Send a test notification" }).click();
      await toastLocator(page).filter({ hasText: "A test notification is on its way" }).waitFor();
      const ctx = suite.server.ctx;
      expect(
        await deliverDue(ctx.db, ctx.config, ctx.clock.now(), { subject: "mailto:ops@example.com" }),
      ).toMatchObject({
        sent: 1,
      });
      const arrived = received.find((r) => d.endpoint.endsWith(r.path))!;
      const message = JSON.parse(new TextDecoder().decode(await decryptPayload(arrived.body, d)));
      expect(message).toMatchObject({ title: "Test notification", url: "/settings" });
    },
    E2E_TIMEOUT,
  );

  test(
    "'Not now' puts it away for a week on this browser, by keyboard alone; a week on, the next bet asks again (issue 46 item 5)",
    async () => {
      const { page, player } = await playerPage("default", { viewport: PHONE });
      await placeFirstBet(page);
      const card = offer(page);
      await card.waitFor();
      await card.getByRole("button", { name: "Not now" }).focus();
      await page.keyboard.press("Enter");
      await card.waitFor({ state: "detached" });
      // Focus goes on to the screen, not to <body>.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
      expect(await devicesOf(player.user.id)).toEqual([]);
      await page.reload();
      await page.getByTestId("game-card").first().waitFor();
      await betFrom(page, KC_ML);
      await page.waitForTimeout(300);
      expect(await offer(page).count()).toBe(0);

      // Asked 8 days ago (the page's clock stands still): the next bet asks again; Escape is 'Not now'.
      await page.evaluate(
        (weekAgo) => localStorage.setItem("npt.pushAsked", JSON.stringify(weekAgo)),
        Date.parse(NOW) - 8 * 24 * 3600_000,
      );
      await betFrom(page, SF_OVER);
      await card.waitFor();
      await card.getByRole("button", { name: "Turn on notifications" }).focus();
      await page.keyboard.press("Escape");
      await card.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
      expect(await devicesOf(player.user.id)).toEqual([]);
      expect(await page.evaluate(() => Number(localStorage.getItem("npt.pushAsked")))).toBe(Date.parse(NOW));
    },
    E2E_TIMEOUT,
  );

  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `at ${viewport.width}, ${scheme}: the card stands in the page's flow and covers no control — the coverage panel's, My Bets' tabs (issue 46 item 5)`,
      async () => {
        const { page } = await playerPage("default", { viewport });
        await page.emulateMedia({ colorScheme: scheme });
        await placeFirstBet(page);
        const card = offer(page);
        await card.waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        const coverage = page.getByRole("region", { name: /Betting Coverage$/ });
        await coverage.waitFor();
        expect(await coveredControls(page, ".coverage-panel, .coverage-panel :is(a, button, [aria-label])")).toEqual(
          [],
        );
        expect(await controlsUnderCard(page)).toEqual([]);
        await screenshot(page, `push-offer-games-${viewport.width}-${scheme}`);

        // The card stays until answered; on My Bets (reached in the app) it covers none of the tabs.
        await page
          .getByRole("navigation")
          .getByRole("link", { name: viewport === PHONE ? "Bets" : "My Bets" })
          .first()
          .click();
        const tabs = page.getByRole("group", { name: "Show bets" });
        await tabs.waitFor();
        await card.waitFor();
        expect(await coveredControls(page, "[role=group][aria-label='Show bets'] button, .bets-refresh")).toEqual([]);
        expect(await controlsUnderCard(page)).toEqual([]);
        await screenshot(page, `push-offer-my-bets-${viewport.width}-${scheme}`);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "on a settlement, a player who never placed a bet here is asked too",
    async () => {
      const { page, player } = await playerPage("default");
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
      const hello = liveHello(page, true);
      await page.goto("/my-bets");
      await hello;
      expect(await offer(page).count()).toBe(0);
      await resolveGame(suite.server, DAL_PHI, 17, 24);
      await toastLocator(page)
        .filter({ hasText: /Bet won/i })
        .waitFor();
      const card = offer(page);
      await card.waitFor();
      expect(await card.textContent()).toContain(
        "Want to hear about settlements like this one, even with the app closed?",
      );
    },
    E2E_TIMEOUT,
  );
});

describe("Settings: Notifications", () => {
  test(
    "quiet hours set before push is on are in the device's time zone, not UTC (issue 46 item 6)",
    async () => {
      const { page, player } = await playerPage("default", { timezoneId: "America/New_York" });
      await page.goto("/settings");
      const section = notifications(page);
      const zone = section.getByLabel("Your time zone");
      await zone.waitFor();
      expect(await zone.inputValue()).toBe("America/New_York");
      await section.getByLabel("From").fill("23:00");
      await section.getByLabel("Until").fill("07:00");
      await section.getByRole("button", { name: "Save Notification Settings" }).focus();
      await page.keyboard.press("Enter");
      await toastLocator(page).filter({ hasText: "Notification settings saved" }).waitFor();
      const saved = await suite.server.ctx.db
        .selectFrom("push_preferences")
        .selectAll()
        .where("user_id", "=", player.user.id)
        .executeTakeFirstOrThrow();
      expect(saved).toMatchObject({ quiet_start: "23:00", quiet_end: "07:00", time_zone: "America/New_York" });
      // Saved once, the choice stands, whatever the device's zone.
      await page.reload();
      await zone.waitFor();
      expect(await zone.inputValue()).toBe("America/New_York");
    },
    E2E_TIMEOUT,
  );

  test(
    "permission granted: turned on and off by keyboard; kinds, daily cap, quiet hours and time zone saved",
    async () => {
      const { page, player } = await playerPage("granted");
      await page.goto("/settings");
      const section = notifications(page);
      await section.getByRole("status").filter({ hasText: "Off on this device" }).waitFor();
      expect(await section.getByRole("button", { name: "Send a test notification" }).isDisabled()).toBe(true);
      await section.getByRole("button", { name: "Turn on on this device" }).focus();
      await page.keyboard.press("Enter");
      await section.getByRole("status").filter({ hasText: "On on this device" }).waitFor();
      await section
        .getByRole("listitem")
        .filter({ hasText: /^Chrome on / })
        .waitFor();
      expect(await devicesOf(player.user.id)).toHaveLength(1);

      await section.getByRole("checkbox", { name: /^Lock reminder/ }).focus();
      await page.keyboard.press("Space");
      await section.getByLabel("At most this many a day").fill("3");
      await section.getByLabel("From").fill("23:00");
      await section.getByLabel("Until").fill("07:30");
      await section.getByLabel("Your time zone").selectOption("America/Chicago");
      await section.getByRole("button", { name: "Save Notification Settings" }).focus();
      await page.keyboard.press("Enter");
      await toastLocator(page).filter({ hasText: "Notification settings saved" }).waitFor();
      const saved = await suite.server.ctx.db
        .selectFrom("push_preferences")
        .selectAll()
        .where("user_id", "=", player.user.id)
        .executeTakeFirstOrThrow();
      expect(saved).toMatchObject({
        lock_reminder: 0,
        settlements: 1,
        daily_cap: 3,
        quiet_start: "23:00",
        quiet_end: "07:30",
        time_zone: "America/Chicago",
      });

      await section.getByRole("button", { name: "Turn off on this device" }).focus();
      await page.keyboard.press("Enter");
      await section.getByRole("status").filter({ hasText: "Off on this device" }).waitFor();
      expect(await devicesOf(player.user.id)).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a shared browser: its player signs out, the next one finds push off here and turns it on for themselves",
    async () => {
      const { page, context, player } = await playerPage("granted");
      await page.goto("/settings");
      const section = notifications(page);
      await section.getByRole("button", { name: "Turn on on this device" }).click();
      await section.getByRole("status").filter({ hasText: "On on this device" }).waitFor();
      await page.getByRole("button", { name: `Account menu for ${player.user.username}` }).click();
      await page.getByRole("button", { name: "Log out" }).click();
      await page.getByText("Please sign in to access settings").waitFor();
      // The device ended with the session: the browser still holds its subscription, nobody gets pushes on it.
      expect(await devicesOf(player.user.id)).toEqual([]);

      const next = await buildUser(suite.server.ctx, {});
      await context.addCookies([{ name: SESSION_COOKIE, value: next.token, url: suite.server.baseUrl }]);
      await page.goto("/settings");
      await section.getByRole("status").filter({ hasText: "Off on this device" }).waitFor();
      await section.getByRole("button", { name: "Turn on on this device" }).click();
      await section.getByRole("status").filter({ hasText: "On on this device" }).waitFor();
      expect(await devicesOf(next.user.id)).toHaveLength(1);
      expect(await devicesOf(player.user.id)).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "permission denied: Settings says blocked in the browser and how to allow it; the opt-in never shows",
    async () => {
      const { page } = await playerPage("denied");
      await page.goto("/settings");
      const section = notifications(page);
      const status = section.getByRole("status").filter({ hasText: "Blocked in the browser" });
      await status.waitFor();
      expect(await status.textContent()).toContain("Allow them in the browser's site settings");
      expect(await section.getByRole("button", { name: /Turn on/ }).count()).toBe(0);
      await placeFirstBet(page);
      await page.waitForTimeout(300);
      expect(await offer(page).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "a browser without push says so",
    async () => {
      const player = await buildUser(suite.server.ctx, {});
      const context = await suite.newContext({ signedInAs: player });
      await context.addInitScript(() => {
        delete (window as { PushManager?: unknown }).PushManager;
      });
      const page = await context.newPage();
      await page.goto("/settings");
      await notifications(page).getByRole("status").filter({ hasText: "Not supported here" }).waitFor();
    },
    E2E_TIMEOUT,
  );
});

describe("the service worker", () => {
  test(
    "shows a push as a notification with its title, text and page",
    async () => {
      const { page, context } = await playerPage("granted");
      await page.goto("/settings");
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const registration = new Promise<string>((resolve) => {
        cdp.on("ServiceWorker.workerRegistrationUpdated", (event) => {
          const mine = event.registrations.find((r) => r.scopeURL.startsWith(suite.server.baseUrl));
          if (mine) resolve(mine.registrationId);
        });
      });
      await cdp.send("ServiceWorker.enable");
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: suite.server.baseUrl,
        registrationId: await registration,
        data: JSON.stringify({
          title: "3 bets settled on BUF @ MIA: +2.4U",
          body: "See how they went in My Bets.",
          url: "/my-bets",
          tag: "game:x",
        }),
      });
      const shownNow = () =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data,
          })),
        );
      let shown = await shownNow();
      for (let i = 0; i < 50 && shown.length === 0; i++) {
        await page.waitForTimeout(100);
        shown = await shownNow();
      }
      expect(shown).toEqual([
        {
          title: "3 bets settled on BUF @ MIA: +2.4U",
          body: "See how they went in My Bets.",
          tag: "game:x",
          data: { url: "/my-bets" },
        },
      ]);
    },
    E2E_TIMEOUT,
  );
});
