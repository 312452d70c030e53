import { describe, expect, test } from "bun:test";
import type { Page, Route } from "playwright-core";
import { botStats } from "../../src/modules/bots/service.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { proveAddress } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, signUp, startServer, toastLocator } from "./helpers.ts";

/** The Wednesday before the fake season's week 1: its 3 games are open. */
const BEFORE_WEEK_1 = "2026-09-09T12:00:00Z";
const ADMIN_EMAIL = "admin@example.com";

// A fresh server per test: each test chooses its games and bots.
const suite = browserSuite(() => startServer({ now: BEFORE_WEEK_1, env: { ADMIN_EMAILS: ADMIN_EMAIL } }), {
  serverPerTest: true,
});

interface Options {
  as?: "admin" | "player";
  /** Seed the fake season (default); without it no week has games. */
  games?: boolean;
  /** Bots to create before the page opens. */
  bots?: number;
  /** Runs before the page first loads (e.g. to hold a request). */
  beforeLoad?(page: Page): Promise<void>;
}

/** A signed-in page on /admin/bots, on the test's fresh server. */
async function botsPage({ as = "admin", games = true, bots = 0, beforeLoad }: Options = {}): Promise<Page> {
  const { server } = suite;
  if (games) await syncGames(server.ctx.db, new FakeProvider(), server.ctx.clock.now());
  const page = await suite.newPage();
  page.setDefaultTimeout(10_000);
  await signUp(page, as === "admin" ? { ...newAccount("bot_admin"), email: ADMIN_EMAIL } : newAccount());
  // A listed address is an admin once proved (the mailed link).
  if (as === "admin") await proveAddress(server.ctx, ADMIN_EMAIL);
  if (bots > 0)
    expect((await page.request.post("/api/admin/bots/ensure", { data: { count: bots } })).status()).toBe(200);
  await beforeLoad?.(page);
  await page.goto("/admin/bots");
  await page.getByRole("heading", { level: 1, name: "Bot Management" }).waitFor();
  return page;
}

const figure = (page: Page, label: string) =>
  page.getByRole("article", { name: label, exact: true }).locator(".stat-value");
const ensureCard = (page: Page) => page.getByRole("article", { name: "Create/Ensure Bots" });
const targetInput = (page: Page) => ensureCard(page).getByRole("spinbutton", { name: "Target bot count" });
const plan = (page: Page) => ensureCard(page).locator("#bot-target-hint");
const weeklyButton = (page: Page) => page.getByRole("button", { name: "Run Weekly Update" });

async function figures(page: Page): Promise<string[]> {
  return Promise.all(
    ["Total Bot Users", "Total Bot Bets", "Avg Bets per Bot"].map(
      async (label) => (await figure(page, label).textContent())!,
    ),
  );
}

/** Waits until the three stat cards read `expected`. */
async function figuresAre(page: Page, expected: string[]): Promise<void> {
  const deadline = Date.now() + 5000;
  let last: string[] = [];
  while (JSON.stringify((last = await figures(page))) !== JSON.stringify(expected) && Date.now() < deadline)
    await Bun.sleep(25);
  expect(last).toEqual(expected);
}

/** The toast's title and description once one with `title` shows. */
async function toastSays(page: Page, title: string): Promise<{ description: string; destructive: boolean }> {
  const toast = toastLocator(page).filter({ has: page.locator(".toast-title", { hasText: title }) });
  await toast.waitFor();
  return {
    description: (await toast.locator(".toast-description").textContent())!,
    destructive: (await toast.getAttribute("class"))!.includes("toast-destructive"),
  };
}

/** Holds the page's matching requests until `release()`; `seen` resolves when one arrives. */
async function hold(page: Page, pattern: string): Promise<{ seen: Promise<void>; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const seen = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(pattern, async (route: Route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { seen, release };
}

describe("bot management", () => {
  test(
    "stats show '...' while loading; with zero bots the average stays '...'",
    async () => {
      let stats!: Awaited<ReturnType<typeof hold>>;
      const page = await botsPage({ beforeLoad: async (p) => void (stats = await hold(p, "**/api/admin/bots/stats")) });
      await stats.seen;
      expect(await figures(page)).toEqual(["...", "...", "..."]);
      expect(await plan(page).textContent()).toBe("Current bot count unknown. Bots will be created up to 40.");
      stats.release();
      await figuresAre(page, ["0", "0", "..."]);
      expect(await plan(page).textContent()).toBe("Currently 0 bots. 40 will be created.");
    },
    E2E_TIMEOUT,
  );

  test(
    "ensuring 5 bots: 'Bot Creation Started' with the server's message, the cards update, and ensuring again creates nothing",
    async () => {
      const page = await botsPage();
      await figuresAre(page, ["0", "0", "..."]);
      expect(await targetInput(page).inputValue()).toBe("40");
      expect(await targetInput(page).getAttribute("min")).toBe("1");
      expect(await targetInput(page).getAttribute("max")).toBe("100");
      expect(await ensureCard(page).getByRole("button").textContent()).toBe("Ensure 40 Bots");

      await targetInput(page).fill("5");
      expect(await plan(page).textContent()).toBe("Currently 0 bots. 5 will be created.");
      const button = ensureCard(page).getByRole("button", { name: "Ensure 5 Bots", exact: true });

      // The button stays disabled while the call is under way.
      const ensure = await hold(page, "**/api/admin/bots/ensure");
      const posted = page.waitForRequest((request) => request.url().endsWith("/api/admin/bots/ensure"));
      await button.click();
      expect((await posted).postDataJSON()).toEqual({ count: 5 });
      await ensure.seen;
      expect(await button.isDisabled()).toBe(true);
      ensure.release();

      const created = await toastSays(page, "Bot Creation Started");
      expect(created).toEqual({ description: "Created 5 bots; there are now 5.", destructive: false });
      await figuresAre(page, ["5", "0", "0.0"]);
      expect(await plan(page).textContent()).toBe("Currently 5 bots. 0 will be created.");
      expect(await button.isEnabled()).toBe(true);
      expect((await botStats(suite.server.ctx.db)).totalBotUsers).toBe(5);

      // Idempotent: the same target again creates nothing.
      await page.getByRole("button", { name: "Dismiss message" }).click();
      await button.click();
      expect(await toastSays(page, "Bot Creation Started")).toEqual({
        description: "All 5 bots already exist; nothing to create.",
        destructive: false,
      });
      expect((await botStats(suite.server.ctx.db)).totalBotUsers).toBe(5);
    },
    E2E_TIMEOUT,
  );

  test(
    "the count text and the button follow the target; a cleared field falls back to 40; out of range cannot be sent",
    async () => {
      const page = await botsPage({ bots: 12 });
      await figuresAre(page, ["12", "0", "0.0"]);
      expect(await plan(page).textContent()).toBe("Currently 12 bots. 28 will be created.");

      await targetInput(page).fill("20");
      expect(await plan(page).textContent()).toBe("Currently 12 bots. 8 will be created.");
      expect(await ensureCard(page).getByRole("button").textContent()).toBe("Ensure 20 Bots");

      // Below the current count: nothing to create, never a negative number.
      await targetInput(page).fill("3");
      expect(await plan(page).textContent()).toBe("Currently 12 bots. 0 will be created.");
      expect(await ensureCard(page).getByRole("button").textContent()).toBe("Ensure 3 Bots");

      await targetInput(page).fill("");
      expect(await plan(page).textContent()).toBe("Currently 12 bots. 28 will be created.");
      expect(await ensureCard(page).getByRole("button").textContent()).toBe("Ensure 40 Bots");
      await targetInput(page).blur();
      expect(await targetInput(page).inputValue()).toBe("40");

      for (const value of ["0", "101", "2.5"]) {
        await targetInput(page).fill(value);
        expect(await plan(page).textContent()).toBe("Enter a whole number from 1 to 100.");
        expect(await ensureCard(page).getByRole("button").isDisabled()).toBe(true);
      }
      await targetInput(page).fill("100");
      expect(await plan(page).textContent()).toBe("Currently 12 bots. 88 will be created.");
      expect(await ensureCard(page).getByRole("button", { name: "Ensure 100 Bots" }).isEnabled()).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "Run Weekly Update: 'Weekly Update Started' with the server's message, and Total Bot Bets rises",
    async () => {
      const page = await botsPage({ bots: 5 });
      await figuresAre(page, ["5", "0", "0.0"]);
      expect(await page.getByRole("article", { name: "Weekly Update" }).textContent()).toContain(
        "All bots place bets on the current week's games (Week 1), each on all games except one.",
      );

      const update = await hold(page, "**/api/admin/bots/weekly-update");
      await weeklyButton(page).click();
      await update.seen;
      expect(await weeklyButton(page).isDisabled()).toBe(true);
      update.release();

      // 5 bots, 3 open games, all but one each.
      expect(await toastSays(page, "Weekly Update Started")).toEqual({
        description: "5 bots placed 10 bets on Week 1.",
        destructive: false,
      });
      await figuresAre(page, ["5", "10", "2.0"]);
      expect(await weeklyButton(page).isEnabled()).toBe(true);
      expect((await botStats(suite.server.ctx.db)).totalBotBets).toBe(10);
    },
    E2E_TIMEOUT,
  );

  test(
    "a weekly update with no open games shows 'Failed to update bots' with the server's reason",
    async () => {
      const page = await botsPage({ games: false, bots: 2 });
      await figuresAre(page, ["2", "0", "0.0"]);
      await weeklyButton(page).click();
      expect(await toastSays(page, "Failed to update bots")).toEqual({
        description: "No open games in Week 1: there is nothing for the bots to bet on.",
        destructive: true,
      });
      await figuresAre(page, ["2", "0", "0.0"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a player who is not an admin sees no gate; the stats say why they are missing and each action shows the server's refusal",
    async () => {
      const page = await botsPage({ as: "player" });
      const refused = page.getByRole("alert").filter({ hasText: "Bot stats could not be loaded" });
      await refused.waitFor();
      expect(await refused.textContent()).toBe("Bot stats could not be loaded: Admins only");
      expect(await figures(page)).toEqual(["...", "...", "..."]);

      await ensureCard(page).getByRole("button", { name: "Ensure 40 Bots" }).click();
      expect(await toastSays(page, "Failed to create bots")).toEqual({ description: "Admins only", destructive: true });
      await weeklyButton(page).click();
      expect(await toastSays(page, "Failed to update bots")).toEqual({ description: "Admins only", destructive: true });
      expect(await botStats(suite.server.ctx.db)).toEqual({ totalBotUsers: 0, totalBotBets: 0 });
    },
    E2E_TIMEOUT,
  );
});
