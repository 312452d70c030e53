import { describe, expect, test } from "bun:test";
import { buildUser } from "../factories.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, liveHello, networkQuiet, newAccount, PHONE, signUp } from "./helpers.ts";

const suite = browserSuite();

const ROUTES: [string, string][] = [
  ["/", "NFL Games"],
  // /my-bets sends visitors to /auth: my-bets.test.ts covers its screen and title.
  ["/analytics", "Performance Analytics"],
  // No games on this server: the current week is spec §5's by date (2026-10-07 → week 5).
  ["/leaderboard", "Week 5 Leaderboard"],
  ["/leagues", "Leagues"],
  ["/contest-rules", "Contest Rules"],
  ["/friends", "Friends"],
  ["/friends/12/analytics", "Friend Analytics"],
  // /invite/{token} sends visitors to /auth first: invite.test.ts covers its screen.
  ["/admin/games", "Admin Game Resolution"],
  ["/admin/bots", "Bot Management"],
];

describe("shell", () => {
  test(
    "the desktop top bar has the logo, the six links, notifications and a Sign In link when signed out",
    async () => {
      const page = await suite.newPage();
      await page.goto("/leaderboard");
      const nav = page.getByRole("navigation", { name: "Main" });
      expect(await nav.getByRole("link").allTextContents()).toEqual([
        "Games",
        "My Bets",
        "Analytics",
        "Friends",
        "Leaderboard",
        "Contest",
      ]);
      expect(await nav.getByRole("link", { name: "Leaderboard" }).getAttribute("aria-current")).toBe("page");
      expect(await nav.getByRole("link", { name: "Games" }).getAttribute("aria-current")).toBeNull();
      const signIn = page.getByRole("link", { name: "Sign In" });
      expect(await signIn.getAttribute("href")).toBe("/auth?returnUrl=%2Fleaderboard");
      expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);

      await page.getByRole("link", { name: "NFL Paper Trading, home" }).click();
      await page.waitForURL((url) => url.pathname === "/");
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "every route of the spec has its screen, and an unknown path shows '404 Page Not Found'",
    async () => {
      const page = await suite.newPage();
      for (const [path, title] of ROUTES) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await page.getByRole("heading", { level: 1, name: title, exact: true }).waitFor();
        expect(await page.title()).toBe(`${title} · NFL Paper Trading`);
      }
      for (const path of ["/nope", "/friends/12", "/admin", "/my-bets/extra"]) {
        const response = await page.goto(path);
        // The status says so too (search engines and link checkers read it), not only the screen.
        expect(response?.status()).toBe(404);
        await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
        // Said once, in the heading (a big decorative "404" above it said it twice).
        expect((await page.locator("main").innerText()).match(/404/g)).toHaveLength(1);
      }
      await page.getByRole("link", { name: "Go to Games" }).click();
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "the page names the app's icons and manifest, and the browser gets real files for them",
    async () => {
      const page = await suite.newPage();
      await page.goto("/");
      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect(description).toContain("Practise NFL betting risk-free");
      const hrefs = await page
        .locator('link[rel="icon"], link[rel="apple-touch-icon"], link[rel="manifest"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
      expect(hrefs.length).toBe(4);
      for (const href of hrefs) {
        const res = await page.request.get(href);
        expect(res.status()).toBe(200);
        expect(res.headers()["content-type"]).not.toContain("text/html");
      }
      const manifest = await (await page.request.get(hrefs.at(-1)!)).json();
      expect(manifest).toMatchObject({ name: "NFL Paper Trading", display: "standalone" });
      const robots = await page.request.get("/robots.txt");
      expect(await robots.text()).toContain("User-agent: *");
    },
    E2E_TIMEOUT,
  );

  test(
    "screens load without script errors or Content-Security-Policy violations",
    async () => {
      const page = await suite.newPage({ showOnboarding: true });
      const problems: string[] = [];
      page.on("pageerror", (error) => problems.push(error.message));
      page.on("console", (message) => {
        // Chrome logs every 4xx response, including the expected 401 of GET /api/user when signed out.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          problems.push(message.text());
      });
      // The welcome shows on the Games screen: visited last, so it opens over it.
      for (const path of ["/auth", "/settings", "/nope", "/"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      }
      await page.getByRole("dialog", { name: "Welcome to NFL Paper Trading!" }).waitFor();
      expect(problems).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a visitor's pages make no failing request (no 401 from the session check), and a player stays signed in",
    async () => {
      const page = await suite.newPage();
      const failed: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      const userChecks: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/api/user") userChecks.push(request.url());
      });
      for (const path of ["/", "/leaderboard", "/auth", "/contest-rules"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      }
      await page.getByRole("link", { name: "Sign In" }).first().waitFor();
      expect(failed).toEqual([]);
      expect(userChecks).toEqual([]);

      // Signed in (the session cookie arrives without the page's help): the page comes with who it is
      // (its first screen, rendered on the server), and sets the hint for the next ones.
      const account = await signUp(page, newAccount("hint_tester"));
      await page.goto("/");
      await page.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();
      expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain("npt_signed_in");

      // The session cookie gone (expired): the next page load clears the hint; no 401 is asked for.
      const session = (await page.context().cookies()).find((cookie) => cookie.name === "npt_session")!;
      await page.context().clearCookies({ name: session.name });
      const before = userChecks.length;
      await page.goto("/leaderboard");
      await page.getByRole("link", { name: "Sign In" }).first().waitFor();
      expect(userChecks.length).toBe(before);
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("npt_signed_in");
      expect(failed).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "signed in, the live channel opens at once, and its first open asks for nothing the page came with",
    async () => {
      const page = await suite.newPage();
      const account = await signUp(page, newAccount());
      const hello = liveHello(page, true);
      // What the page does, in its own order (Playwright's events may arrive out of it): the socket is
      // made, and the answer to /api/user taken in, as each happens.
      await page.addInitScript(() => {
        const order: string[] = [];
        (window as unknown as { order: string[] }).order = order;
        const Socket = window.WebSocket;
        window.WebSocket = class extends Socket {
          constructor(url: string | URL, protocols?: string | string[]) {
            order.push("socket");
            super(url, protocols);
          }
        };
        const fetch = window.fetch;
        const watched = async (input: RequestInfo | URL, init?: RequestInit) => {
          const response = await fetch(input, init);
          if (String(input).endsWith("/api/user")) order.push("user answered");
          return response;
        };
        window.fetch = Object.assign(watched, { preconnect: fetch.preconnect });
      });
      await page.goto("/");
      await page.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();
      await hello;
      await networkQuiet(page, 300);
      const order = await page.evaluate(() => (window as unknown as { order: string[] }).order);
      // The page came with the user (its first screen); the socket's hello says nothing was sent
      // since the server read it (web/app/first-screen.ts), so the first open asks for it no more.
      expect(order).toEqual(["socket"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the avatar shows the username's initials",
    async () => {
      const cases: [string, string][] = [
        ["john_doe", "JD"],
        ["alice", "AL"],
        ["Bob_marley_fan", "BM"],
      ];
      for (const [username, initials] of cases) {
        const page = await suite.newPage();
        await signUp(page, newAccount(username));
        await page.goto("/");
        const avatar = page.getByRole("button", { name: `Account menu for ${username}` });
        expect(await avatar.textContent()).toBe(initials);
        await page.context().close();
      }
    },
    E2E_TIMEOUT,
  );

  test(
    "the avatar menu shows username and email, links to Settings, and closes on Escape and outside clicks",
    async () => {
      const page = await suite.newPage();
      const account = await signUp(page, newAccount("menu_tester"));
      await page.goto("/");
      const avatar = page.getByRole("button", { name: "Account menu for menu_tester" });
      expect(await avatar.getAttribute("aria-expanded")).toBe("false");
      await avatar.click();
      expect(await avatar.getAttribute("aria-expanded")).toBe("true");
      const menu = page.locator("#account-menu");
      expect(await menu.locator(".account-username").textContent()).toBe("menu_tester");
      expect(await menu.locator(".account-email").textContent()).toBe(account.email);

      await page.keyboard.press("Escape");
      await menu.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
        "MT, Account menu for menu_tester",
      );

      await avatar.click();
      await page.getByRole("heading", { name: "NFL Games" }).click();
      await menu.waitFor({ state: "detached" });

      await avatar.click();
      await menu.getByRole("link", { name: "Settings" }).click();
      await page.waitForURL((url) => url.pathname === "/settings");
      await menu.waitFor({ state: "detached" });
    },
    E2E_TIMEOUT,
  );

  for (const viewport of [DESKTOP, PHONE]) {
    test(
      `at ${viewport.width} px the avatar menu leads to Leagues, and for admins to the admin pages (Games, Bots)`,
      async () => {
        const player = await buildUser(suite.server.ctx, { username: `league_fan_${viewport.width}` });
        const page = await suite.newPage({ viewport, signedInAs: player });
        await page.goto("/");
        const openMenu = async (username: string) => {
          await page.getByRole("button", { name: `Account menu for ${username}` }).click();
          return page.locator("#account-menu");
        };
        let menu = await openMenu(player.user.username);
        expect((await menu.locator(".menu-item").allTextContents()).map((text) => text.trim())).toEqual([
          "Leagues",
          "Settings",
          "Log out",
        ]);
        await menu.getByRole("link", { name: "Leagues" }).click();
        await page.getByRole("heading", { level: 1, name: "Leagues" }).waitFor();
        await menu.waitFor({ state: "detached" });
        await page.context().close();

        const admin = await buildUser(suite.server.ctx, { username: `site_admin_${viewport.width}`, role: "admin" });
        const adminPage = await suite.newPage({ viewport, signedInAs: admin });
        await adminPage.goto("/");
        await adminPage.getByRole("button", { name: `Account menu for ${admin.user.username}` }).click();
        menu = adminPage.locator("#account-menu");
        const adminGroup = menu.getByRole("group", { name: "Admin" });
        expect((await adminGroup.getByRole("link").allTextContents()).map((text) => text.trim())).toEqual([
          "Games",
          "Bots",
        ]);
        await adminGroup.getByRole("link", { name: "Bots" }).click();
        await adminPage.getByRole("heading", { level: 1, name: "Bot Management" }).waitFor();
        await adminPage.getByRole("button", { name: `Account menu for ${admin.user.username}` }).click();
        await adminGroup.getByRole("link", { name: "Games" }).click();
        await adminPage.getByRole("heading", { level: 1, name: "Admin Game Resolution" }).waitFor();
        // Every item of the menu fits on the screen.
        await adminPage.getByRole("button", { name: `Account menu for ${admin.user.username}` }).click();
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "the notifications button opens a panel that says there are none yet",
    async () => {
      const page = await suite.newPage();
      await page.goto("/");
      const bell = page.getByRole("button", { name: "Notifications" });
      await bell.click();
      const panel = page.getByRole("region", { name: "Notifications" });
      expect(await panel.textContent()).toContain("No notifications yet.");
      await bell.click();
      await panel.waitFor({ state: "detached" });
    },
    E2E_TIMEOUT,
  );

  test(
    "at 390×844 the bottom bar has seven slots and the top links are hidden",
    async () => {
      const page = await suite.newPage({ viewport: PHONE });
      await page.goto("/friends");
      const bar = page.getByRole("navigation", { name: "Mobile" });
      await bar.waitFor();
      const slots = bar.locator(":scope > *");
      expect(await slots.count()).toBe(7);
      expect((await slots.allTextContents()).map((text) => text.trim())).toEqual([
        "Games",
        "Bets",
        "Slip",
        "Friends",
        "Stats",
        "Ranks",
        "Contest",
      ]);
      expect(await bar.getByRole("button", { name: "Slip" }).count()).toBe(1);
      expect(await bar.getByRole("link", { name: "Friends" }).getAttribute("aria-current")).toBe("page");
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);

      // Pinned to the bottom edge, full width, and every slot inside the screen.
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(PHONE.height, 0);
      expect(box.width).toBe(PHONE.width);
      for (const slot of await slots.all()) {
        const slotBox = (await slot.boundingBox())!;
        expect(slotBox.x).toBeGreaterThanOrEqual(0);
        expect(slotBox.x + slotBox.width).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      await bar.getByRole("link", { name: "Stats" }).click();
      await page.getByRole("heading", { name: "Performance Analytics" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "the Slip slot opens the bet slip drawer, which says when it is empty",
    async () => {
      const page = await suite.newPage({ viewport: PHONE });
      await page.goto("/");
      const bar = page.getByRole("navigation", { name: "Mobile" });
      expect(await bar.locator(".badge").count()).toBe(0);
      await bar.getByRole("button", { name: "Slip" }).click();
      const drawer = page.getByRole("dialog", { name: "Bet Slip" });
      await drawer.waitFor();
      expect(await drawer.textContent()).toContain("Your bet slip is empty.");
      await drawer.getByRole("button", { name: "Close" }).click();
      await drawer.waitFor({ state: "hidden" });
    },
    E2E_TIMEOUT,
  );

  test(
    "at 1280×800 the top links show and the bottom bar does not",
    async () => {
      const page = await suite.newPage({ viewport: DESKTOP });
      await page.goto("/");
      expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(true);
      expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
    },
    E2E_TIMEOUT,
  );
});
