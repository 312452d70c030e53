/**
 * Issue 47 in the browser: league talk in the league's dialog (its page and a revealed pick's thread),
 * a league's webhooks for its admins, and Settings' API tokens and calendar link — each at 1280 and
 * 390 wide, light and dark, used by keyboard alone, checked by axe, with screenshots to look at.
 */
import { describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import type { League } from "../../src/shared/contract/leagues.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { FakeProvider } from "../fake-provider.ts";
import { call } from "../support.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, PHONE, startServer, withDispatcher } from "./helpers.ts";
import { KC_BUF, NOW, spread } from "./my-bets-fixtures.ts";

const SHOTS = process.env.SCREENSHOTS_DIR ?? "/tmp/group-chat-shots";
mkdirSync(SHOTS, { recursive: true });

async function startChatServer() {
  const server = await startServer({
    now: NOW,
    env: { ADMIN_EMAILS: "admin@example.com", WEBHOOK_LOCAL_TARGETS: "true" },
  });
  await syncGames(server.ctx.db, new FakeProvider(), server.ctx.clock.now());
  return withDispatcher(server);
}

const suite = browserSuite(startChatServer, { serverPerTest: true });

const LOOKS = [
  { name: "desktop-light", viewport: DESKTOP, scheme: "light" },
  { name: "desktop-dark", viewport: DESKTOP, scheme: "dark" },
  { name: "phone-light", viewport: PHONE, scheme: "light" },
  { name: "phone-dark", viewport: PHONE, scheme: "dark" },
] as const;

async function api<T = any>(who: BuiltUser, method: string, path: string, body?: unknown): Promise<T> {
  const res = await call<T>(suite.server.ctx.app, method, path, { cookie: who.cookie, body });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function world() {
  const ctx = suite.server.ctx;
  const commish = await buildUser(ctx, { username: "commish" });
  const alice = await buildUser(ctx, { username: "alice" });
  const bob = await buildUser(ctx, { username: "bob" });
  const league = await api<League>(commish, "POST", "/api/leagues", {
    name: "Group Chat",
    description: "",
    isPublic: true,
    rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
    createdBy: commish.user.id,
  });
  for (const who of [alice, bob]) await api(who, "POST", `/api/leagues/${league.id}/join`, { userId: who.user.id });
  const pick = (
    await api<{ id: number }>(bob, "POST", "/api/bets", { ...spread(KC_BUF, "Buffalo Bills", -3.5), units: 1 })
  ).id;
  ctx.clock.set("2026-09-13T17:05:00Z"); // Buffalo has kicked off: bob's pick shows in the league
  await api(commish, "POST", `/api/leagues/${league.id}/comments`, { text: "Dues by Friday, everyone.", pinned: true });
  await api(bob, "POST", `/api/leagues/${league.id}/comments`, {
    text: "Bills by 10. Proof: https://evil.example/?x=<script> and <b>bold</b>",
  });
  return { commish, alice, bob, league, pick };
}

/** A page of `who`'s at a look (width and colour scheme), its clock the server's. */
async function pageFor(who: BuiltUser, look: (typeof LOOKS)[number]): Promise<Page> {
  const page = await suite.newPage({ signedInAs: who, viewport: look.viewport });
  await page.emulateMedia({ colorScheme: look.scheme });
  await page.clock.install({ time: suite.server.ctx.clock.now() });
  page.setDefaultTimeout(8000);
  return page;
}

/** Opens the league's dialog from /leagues by keyboard: focus its name, Enter. */
async function openLeague(page: Page, name: string) {
  await page.goto("/leagues");
  const open = page.getByRole("button", { name, exact: true }).first();
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.locator("dialog.league-details-dialog");
  await dialog.getByRole("heading", { name: "Talk" }).waitFor();
  return dialog;
}

/** axe's serious and critical findings on part of the page (every rule it runs by default). */
async function axeFindings(page: Page, include: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).include(include).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Tabs until the element `is` is focused (at most `max` presses): moving by keyboard, as a person would. */
async function tabTo(page: Page, is: (element: Element) => boolean, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    // The predicate runs in the page, on the focused element (it may use no outer variable).
    if (await page.evaluate(`(${is.toString()})(document.activeElement)`)) return;
  }
  throw new Error("never reached by Tab");
}

/** Waits until the focused element passes the check (it may use no outer variable). */
async function focusedIs(page: Page, is: (element: Element) => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(`(${is.toString()})(document.activeElement)`))) {
    if (Date.now() > deadline) throw new Error("focus never moved there");
    await Bun.sleep(20);
  }
}

describe("league talk in the league's dialog (issue 47)", () => {
  for (const look of LOOKS)
    test(
      `${look.name}: read, post, reply, react and comment on a revealed pick by keyboard; links stay text`,
      async () => {
        const { alice, bob, league } = await world();
        const page = await pageFor(alice, look);
        const dialog = await openLeague(page, "Group Chat");
        const talk = dialog.getByRole("region", { name: "Talk" });

        // The pinned post first; bob's comment as plain text, no link, no bold.
        await talk.getByRole("list", { name: "Pinned posts" }).getByText("Dues by Friday, everyone.").waitFor();
        const said = talk.locator(".talk-comment", { hasText: "Bills by 10" });
        expect(await said.locator(".talk-text").textContent()).toBe(
          "Bills by 10. Proof: https://evil.example/?x=<script> and <b>bold</b>",
        );
        expect(await said.locator(".talk-text a, .talk-text b, .talk-text script").count()).toBe(0);

        // Post by keyboard: the comment box, type, Tab to Post, Enter.
        await talk.getByLabel("Add a comment").focus();
        await page.keyboard.type("Fading the Bills all day");
        await tabTo(page, (el) => el.textContent === "Post");
        await page.keyboard.press("Enter");
        await talk.locator(".talk-comment", { hasText: "Fading the Bills all day" }).waitFor();

        // Reply to bob by keyboard: his Reply button moves focus to the box.
        await said.getByRole("button", { name: "Reply" }).focus();
        await page.keyboard.press("Enter");
        expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("TEXTAREA");
        await talk.getByText("Replying to bob").waitFor();
        await page.keyboard.type("Bold call");
        await tabTo(page, (el) => el.textContent === "Post");
        await page.keyboard.press("Enter");
        await talk.locator(".talk-comment", { hasText: "Bold call" }).getByText("replying to bob").waitFor();

        // React by keyboard: Space on Fire.
        await said.getByRole("button", { name: "Fire", exact: true }).focus();
        await page.keyboard.press("Space");
        await said.getByRole("button", { name: "Fire (1)" }).waitFor();
        expect(await said.getByRole("button", { name: "Fire (1)" }).getAttribute("aria-pressed")).toBe("true");

        // bob's revealed pick has a thread: open it, comment on it.
        const feed = dialog.getByRole("region", { name: "Picks" });
        const toggle = feed.getByRole("button", { name: "Comment on bob's pick" });
        await toggle.focus();
        await page.keyboard.press("Enter");
        expect(await toggle.getAttribute("aria-expanded")).toBe("true");
        const thread = feed.locator(".league-feed-thread");
        await thread.getByLabel("Comment on this pick").focus();
        await page.keyboard.type("Nice number at -3.5");
        await tabTo(page, (el) => el.textContent === "Post");
        await page.keyboard.press("Enter");
        await thread.locator(".talk-comment", { hasText: "Nice number at -3.5" }).waitFor();
        await feed.getByRole("button", { name: "Comments (1) on bob's pick" }).waitFor();

        // Someone else talks: the open dialog hears it on the socket, no reload.
        await api(bob, "POST", `/api/leagues/${league.id}/comments`, { text: "See you Sunday" });
        await talk.locator(".talk-comment", { hasText: "See you Sunday" }).waitFor();

        expect(await axeFindings(page, "dialog.league-details-dialog")).toEqual([]);
        await talk.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/talk-${look.name}.png` });
        await thread.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/pick-thread-${look.name}.png` });
        // Nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      },
      E2E_TIMEOUT * 2,
    );

  test(
    "report and moderation: alice reports bob's comment, the site admin sees it and deletes it; the commissioner deletes any",
    async () => {
      const { alice, bob, commish, league } = await world();
      const page = await pageFor(alice, LOOKS[0]);
      const dialog = await openLeague(page, "Group Chat");
      const said = dialog.locator(".talk-comment", { hasText: "Bills by 10" });
      await said.getByRole("button", { name: "Report" }).focus();
      await page.keyboard.press("Enter");
      // The reason's field takes the focus as it opens: type once it has it.
      await said.getByLabel("What is wrong with it?").waitFor();
      await focusedIs(page, (el) => el.tagName === "INPUT");
      await page.keyboard.type("Spam link");
      await page.keyboard.press("Enter");
      await page.getByText("Comment reported").waitFor();

      const admin = await buildUser(suite.server.ctx, { email: "admin@example.com", username: "site_admin" });
      const adminPage = await pageFor(admin, LOOKS[0]);
      await adminPage.goto("/admin/games");
      const reports = adminPage.getByRole("region", { name: "Reported comments" });
      await reports.getByText("Reported once: Spam link").waitFor();
      await reports.getByRole("button", { name: "Delete comment" }).click();
      await reports.getByText("No reported comments.").waitFor();
      await adminPage.screenshot({ path: `${SHOTS}/admin-reports.png` });

      const own = await api<{ id: number }>(bob, "POST", `/api/leagues/${league.id}/comments`, { text: "rude words" });
      const commishPage = await pageFor(commish, LOOKS[2]);
      const commishDialog = await openLeague(commishPage, "Group Chat");
      const rude = commishDialog.locator(".talk-comment", { hasText: "rude words" });
      await rude.getByRole("button", { name: "Delete" }).click();
      await rude.waitFor({ state: "detached" });
      expect(own.id).toBeGreaterThan(0);
    },
    E2E_TIMEOUT * 2,
  );
});

describe("a league's webhooks, for its admins (issue 47)", () => {
  test(
    "add a JSON webhook by keyboard: the secret shows once; the log and Remove; members see none of it",
    async () => {
      const { commish, alice } = await world();
      for (const look of [LOOKS[0], LOOKS[3]]) {
        const page = await pageFor(commish, look);
        const dialog = await openLeague(page, "Group Chat");
        const hooks = dialog.getByRole("region", { name: "Webhooks" });
        await hooks.getByLabel("Webhook URL").focus();
        await page.keyboard.type(`http://127.0.0.1:9/${look.name}`);
        await tabTo(page, (el) => el.tagName === "SELECT");
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowDown");
        expect(await hooks.getByLabel("Format").inputValue()).toBe("json");
        await hooks.getByRole("button", { name: "Add webhook" }).focus();
        await page.keyboard.press("Enter");
        const secret = hooks.getByLabel("Signing secret");
        await secret.waitFor();
        expect(await secret.inputValue()).toMatch(/^whsec_/);
        await hooks.locator(".webhook-row").first().getByText("Delivery log (0)").waitFor();
        expect(await axeFindings(page, "dialog.league-details-dialog")).toEqual([]);
        await hooks.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/webhooks-${look.name}.png` });
        await hooks.getByRole("button", { name: "Remove the JSON (signed) webhook" }).focus();
        await page.keyboard.press("Enter");
        await hooks.locator(".webhook-row").waitFor({ state: "detached" });
        await page.context().close();
      }
      const memberPage = await pageFor(alice, LOOKS[0]);
      const dialog = await openLeague(memberPage, "Group Chat");
      expect(await dialog.getByRole("region", { name: "Webhooks" }).count()).toBe(0);
    },
    E2E_TIMEOUT * 2,
  );
});

describe("Settings: API tokens and the calendar link (issue 47)", () => {
  for (const look of LOOKS)
    test(
      `${look.name}: make a token by keyboard (shown once, it works), revoke it (refused at once); the calendar link`,
      async () => {
        const alice = await buildUser(suite.server.ctx, { username: "alice" });
        const page = await pageFor(alice, look);
        await page.goto("/settings");
        const tokens = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "API tokens" }) });
        await tokens.getByLabel("Token name").focus();
        await page.keyboard.type("Sunday script");
        await tabTo(page, (el) => el instanceof HTMLInputElement && el.type === "checkbox" && !el.checked);
        await page.keyboard.press("Space"); // Bets too
        await tabTo(page, (el) => el.textContent === "Make Token");
        await page.keyboard.press("Enter");
        const shown = tokens.getByLabel("Your new API token");
        await shown.waitFor();
        const token = await shown.inputValue();
        expect(token).toMatch(/^npt_[A-Za-z0-9_-]{43}$/);
        const asScript = (t: string) =>
          suite.server.ctx.app.handle(
            new Request(`${suite.server.baseUrl}/api/users/${alice.user.id}/bets`, {
              headers: { authorization: `Bearer ${t}` },
            }),
          );
        expect((await asScript(token)).status).toBe(200);
        const row = tokens.locator(".token-row", { hasText: "Sunday script" });
        await row.getByText("Read + Bets").waitFor();

        const calendar = page
          .getByRole("article")
          .filter({ has: page.getByRole("heading", { name: "Deadlines in your calendar" }) });
        await calendar.getByRole("button", { name: "Get calendar link" }).focus();
        await page.keyboard.press("Enter");
        const link = await calendar.getByLabel("Your calendar link").inputValue();
        const feed = await suite.server.ctx.app.handle(new Request(link));
        expect([feed.status, feed.headers.get("content-type")]).toEqual([200, "text/calendar; charset=utf-8"]);

        expect(await axeFindings(page, "main")).toEqual([]);
        await tokens.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/tokens-${look.name}.png` });
        await calendar.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/calendar-${look.name}.png` });

        await tokens.getByRole("button", { name: "Done" }).focus();
        await page.keyboard.press("Enter");
        await row.getByRole("button", { name: "Revoke Sunday script" }).focus();
        await page.keyboard.press("Enter");
        await row.waitFor({ state: "detached" });
        expect((await asScript(token)).status).toBe(401);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      },
      E2E_TIMEOUT * 2,
    );
});
