import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { League } from "../../src/shared/contract/leagues.ts";
import { buildUser, type BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, PHONE, toastLocator } from "./helpers.ts";

const suite = browserSuite();
let sequence = 0;

const player = (name: string) => buildUser(suite.server.ctx, { username: `${name}_${++sequence}` });

/** A private league owned by a new player, and its invite token. */
async function privateLeague(name: string): Promise<{ league: League; token: string; owner: BuiltUser }> {
  const owner = await player("owner");
  const created = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: owner.cookie,
    body: { name, description: "", isPublic: false, rules: { allowedBetTypes: ["spread"] }, createdBy: owner.user.id },
  });
  expect(created.status).toBe(201);
  const link = await call<{ inviteToken: string }>(
    suite.server.ctx.app,
    "GET",
    `/api/leagues/${created.body.id}/invite-link`,
    { cookie: owner.cookie },
  );
  return { league: created.body, token: link.body.inviteToken, owner };
}

async function openPage(
  signedInAs: BuiltUser | null,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const page = await suite.newPage({ ...opts, signedInAs });
  page.setDefaultTimeout(8000);
  return page;
}

/** Counts the page's join-by-token calls (the page must join once, strict mode or not). */
function countJoins(page: Page): { count: number } {
  const joins = { count: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/api/leagues/join-by-token/")) joins.count++;
  });
  return joins;
}

const memberNames = async (leagueId: number, cookie: string) =>
  ((await call<League>(suite.server.ctx.app, "GET", `/api/leagues/${leagueId}`, { cookie })).body.members ?? []).map(
    (m) => m.username,
  );

describe("invite page", () => {
  test(
    "a visitor is sent to sign up, comes back, joins once: 'Successfully Joined!', the toast, then /leagues after 1.5 s",
    async () => {
      const { league, token, owner } = await privateLeague("Sunday Sharps");
      const page = await openPage(null);
      const joins = countJoins(page);
      // Times, on the page's own clock, when 'Successfully Joined!' showed and when the app moved to /leagues.
      await page.addInitScript(() => {
        const marks: { shown?: number; left?: number } = {};
        (window as unknown as { inviteMarks: typeof marks }).inviteMarks = marks;
        new MutationObserver(() => {
          if (marks.shown === undefined && document.querySelector("h1")?.textContent === "Successfully Joined!")
            marks.shown = performance.now();
        }).observe(document, { childList: true, subtree: true, characterData: true });
        const push = history.pushState.bind(history);
        history.pushState = (...args: Parameters<History["pushState"]>) => {
          if (String(args[2]).includes("/leagues")) marks.left ??= performance.now();
          return push(...args);
        };
      });
      await page.goto(`/invite/${token}`);
      await page.waitForURL((url) => url.pathname === "/auth");
      expect(new URL(page.url()).searchParams.get("returnUrl")).toBe(`/invite/${token}`);
      expect(joins.count).toBe(0);

      // A browser that never had an account here opens on Create account, under the league it leads to.
      const notice = page.getByRole("region", { name: "Sunday Sharps" });
      await notice.waitFor();
      expect(await notice.locator("p, h2").allTextContents()).toEqual([
        "You're invited to join",
        "Sunday Sharps",
        `Run by ${owner.user.username} · 1 member`,
        "Units won on Spread bets",
        "Members' picks show to the league at each game's kick-off. It never shows a pick you placed before joining.",
      ]);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Create Account");
      const account = newAccount();
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByLabel("Username", { exact: true }).fill(account.username);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("form", { name: "Create account" }).getByRole("button", { name: "Create Account" }).click();

      await page.waitForURL((url) => url.pathname === `/invite/${token}`);
      await page.getByRole("heading", { level: 1, name: "Successfully Joined!" }).waitFor();
      expect(await page.locator(".invite-reveal").textContent()).toBe(
        "Members' picks show to the league at each game's kick-off. It never shows a pick you placed before joining.",
      );
      const toast = toastLocator(page).filter({ hasText: "Joined League!" });
      await toast.waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe("You've successfully joined Sunday Sharps");
      expect(new URL(page.url()).pathname).toBe(`/invite/${token}`);

      await page.waitForURL((url) => url.pathname === "/leagues");
      const marks = await page.evaluate(
        () => (window as unknown as { inviteMarks: { shown: number; left: number } }).inviteMarks,
      );
      const waited = marks.left - marks.shown;
      expect(waited).toBeGreaterThanOrEqual(1450);
      expect(waited).toBeLessThan(2200);
      // The leagues screen opens on the league just joined; the address forgets it (closing stays closed).
      const details = page.getByRole("dialog", { name: "Sunday Sharps" });
      await details.waitFor();
      expect(new URL(page.url()).search).toBe("");
      await details.getByRole("button", { name: "Close" }).click();
      await page
        .getByRole("region", { name: "My Leagues", exact: true })
        .getByRole("article", { name: "Sunday Sharps" })
        .waitFor();
      expect(joins.count).toBe(1);
      expect(await memberNames(league.id, owner.cookie)).toContain(account.username);
    },
    E2E_TIMEOUT,
  );

  test(
    "a signed-in player who signs in through /auth comes back to the invite too",
    async () => {
      const { token } = await privateLeague("Office Pool");
      const me = await player("returning");
      const page = await openPage(null, { viewport: PHONE });
      await page.goto(`/invite/${token}`);
      await page.waitForURL((url) => url.pathname === "/auth");
      // A new browser opens on Create account: signing in is one click away.
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByLabel("Email", { exact: true }).fill(me.user.email);
      await page.getByLabel("Password", { exact: true }).fill(me.password);
      await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("heading", { level: 1, name: "Successfully Joined!" }).waitFor();
      expect(await page.locator(".invite-card").textContent()).toContain("Office Pool");
    },
    E2E_TIMEOUT,
  );

  test(
    "a browser that had an account opens the invite's sign-in on Sign in, still showing the league; a replaced link says so",
    async () => {
      const { token } = await privateLeague("Thursday Night Crew");
      const page = await openPage(null);
      await page.addInitScript(() => localStorage.setItem("npt.knownAccount", "true"));
      await page.goto(`/invite/${token}`);
      await page.waitForURL((url) => url.pathname === "/auth");
      await page.getByRole("region", { name: "Thursday Night Crew" }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome Back");

      await page.goto(`/auth?returnUrl=${encodeURIComponent("/invite/no-such-token-0123456789abcdef")}`);
      await page.getByText("This invite link is not valid (it may have been replaced)").waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a replaced or unknown token: 'Failed to Join' with the server's message, the 'Failed to Join League' toast, and 'Go to Leagues'",
    async () => {
      const me = await player("unlucky");
      const page = await openPage(me);
      const joins = countJoins(page);
      await page.goto("/invite/not-a-real-token");
      await page.getByRole("heading", { level: 1, name: "Failed to Join" }).waitFor();
      const message = "This invite link is not valid (it may have been replaced)";
      expect(await page.locator(".invite-card p").textContent()).toBe(message);
      const toast = toastLocator(page).filter({ hasText: "Failed to Join League" });
      await toast.waitFor();
      expect(await toast.locator(".toast-description").textContent()).toBe(message);
      expect(await toast.getAttribute("class")).toContain("toast-destructive");
      // Still one attempt: no retry after the failure.
      await page.waitForTimeout(300);
      expect(joins.count).toBe(1);

      await page.getByRole("button", { name: "Go to Leagues" }).click();
      await page.waitForURL((url) => url.pathname === "/leagues");
      await page.getByRole("heading", { level: 1, name: "Leagues" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a member opening their league's link is told so, and stays a member",
    async () => {
      const { league, token, owner } = await privateLeague("Already In");
      const page = await openPage(owner);
      await page.goto(`/invite/${token}`);
      await page.getByRole("heading", { level: 1, name: "Failed to Join" }).waitFor();
      expect(await page.locator(".invite-card p").textContent()).toBe("You are already a member of this league");
      expect(await memberNames(league.id, owner.cookie)).toEqual([owner.user.username]);
    },
    E2E_TIMEOUT,
  );

  test(
    "without a token: 'No invite token provided' and no call",
    async () => {
      const me = await player("tokenless");
      const page = await openPage(me);
      const joins = countJoins(page);
      await page.goto("/invite/");
      await page.getByRole("heading", { level: 1, name: "Failed to Join" }).waitFor();
      expect(await page.locator(".invite-card p").textContent()).toBe("No invite token provided");
      expect(joins.count).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "a failure without the server's sentence (offline) shows the fallback 'An error occurred'",
    async () => {
      const { token } = await privateLeague("Flaky");
      const me = await player("flaky");
      const page = await openPage(me);
      await page.route("**/api/leagues/join-by-token/**", (route) => route.abort("connectionreset"));
      await page.goto(`/invite/${token}`);
      await page.getByRole("heading", { level: 1, name: "Failed to Join" }).waitFor();
      expect(await page.locator(".invite-card p").textContent()).toBe("An error occurred");
      const toast = toastLocator(page).filter({ hasText: "Failed to Join League" });
      expect(await toast.locator(".toast-description").textContent()).toBe("An error occurred");
    },
    E2E_TIMEOUT,
  );
});
