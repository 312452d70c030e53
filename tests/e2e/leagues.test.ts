import { describe, expect, test } from "bun:test";
import type { Locator, Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import type { League } from "../../src/shared/contract/leagues.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, PHONE, toastLocator } from "./helpers.ts";
import { DAL_PHI, newPlayer, placeBet, resolveGame, spread, startBettingServer } from "./my-bets-fixtures.ts";

// A fresh database per test: the lists' contents and empty states are exact.
const suite = browserSuite(startBettingServer, { serverPerTest: true });

/** A browser profile signed in as `player` (or a visitor), on /leagues once the lists have loaded. */
async function leaguesPage(
  player: BuiltUser | null,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const page = await suite.newPage({ viewport: opts.viewport, signedInAs: player });
  page.setDefaultTimeout(8000);
  await page.goto("/leagues");
  await page.getByRole("heading", { level: 1, name: "Leagues" }).waitFor();
  if (player) await page.locator(".league-column").nth(1).locator(".league-empty, .league-card").first().waitFor();
  return page;
}

interface LeagueInput {
  name: string;
  description?: string;
  isPublic?: boolean;
  rules?: { allowedBetTypes: string[]; minWager?: number; maxWager?: number };
  startingBankroll?: number;
  startDate?: string;
  endDate?: string;
}

/** Creates a league over the API as `admin`. */
async function createLeague(admin: BuiltUser, input: LeagueInput): Promise<League> {
  const res = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: admin.cookie,
    body: {
      description: "",
      isPublic: true,
      rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
      ...input,
      createdBy: admin.user.id,
    },
  });
  if (res.status !== 201) throw new Error(`creating a league answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

async function join(player: BuiltUser, league: League): Promise<void> {
  const res = await call(suite.server.ctx.app, "POST", `/api/leagues/${league.id}/join`, {
    cookie: player.cookie,
    body: { userId: player.user.id },
  });
  if (res.status !== 200) throw new Error(`joining answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/** `count` public leagues by `owner`, "Pool 01" first (oldest), straight in the database: creating over the API is limited per player. */
async function seedLeagues(owner: BuiltUser, count: number): Promise<void> {
  const db = suite.server.ctx.db;
  for (let i = 1; i <= count; i++) {
    const { id } = await db
      .insertInto("leagues")
      .values({
        name: `Pool ${String(i).padStart(2, "0")}`,
        description: null,
        is_public: 1,
        allowed_bet_types: JSON.stringify(["spread"]),
        min_wager_cents: null,
        max_wager_cents: null,
        starting_bankroll_cents: null,
        start_date: null,
        end_date: null,
        created_by: owner.user.id,
        invite_token: crypto.randomUUID(),
        created_at: "2026-09-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("league_members")
      .values({ league_id: id, user_id: owner.user.id, role: "admin", joined_at: "2026-09-01T00:00:00.000Z" })
      .execute();
  }
}

const column = (page: Page, title: "My Leagues" | "Available Leagues") =>
  page.getByRole("region", { name: title, exact: true });
const leagueCard = (scope: Page | Locator, name: string) => scope.getByRole("article", { name, exact: true });
const cardNames = (scope: Locator) => scope.locator(".league-card h3").allTextContents();
const details = (page: Page) => page.locator("dialog.league-details-dialog");
/** The small dialog that asks before a league tool acts. */
const confirmDialog = (page: Page) => page.locator("dialog.confirm-dialog[open]");
/** Waits until the asking dialog is closed and its question gone (the page has heard the close, not only the browser). */
const confirmClosed = (page: Page) => page.locator("dialog.confirm-dialog article").waitFor({ state: "detached" });
/** A card's or dialog's facts as [label, value] pairs. */
const facts = (scope: Locator) =>
  scope.evaluate((el) =>
    [...el.querySelectorAll("dl > div")].map((row) => [
      row.querySelector("dt")!.textContent,
      row.querySelector("dd")!.textContent,
    ]),
  );

/** Waits for the toast with this title (and description): a new toast replaces an older one with the same title. */
/** After Create League: the new league's page with "Invite your friends" (closed with Done), then Back to /leagues. */
async function backFromInviteStep(page: Page, name: string) {
  const invite = page.getByRole("dialog", { name: "Invite your friends" });
  await invite.getByRole("textbox", { name: "Invite link" }).waitFor();
  await page.getByRole("heading", { level: 1, name }).waitFor();
  await invite.getByRole("button", { name: "Done" }).click();
  await invite.waitFor({ state: "hidden" });
  await page.goBack();
  await page.waitForURL("**/leagues");
}

async function expectToast(page: Page, title: string, description?: string) {
  let toast = toastLocator(page).filter({ has: page.locator(".toast-title").getByText(title, { exact: true }) });
  if (description !== undefined)
    toast = toast.filter({ has: page.locator(".toast-description").getByText(description, { exact: true }) });
  await toast.waitFor();
}

/** Opens a league's details by clicking its card (not its name: the whole card is the target). */
async function openDetails(page: Page, name: string): Promise<Locator> {
  const card = leagueCard(page, name);
  await card.click();
  const dialog = details(page);
  await dialog.getByRole("heading", { level: 2, name }).waitFor();
  return dialog;
}

describe("leagues screen", () => {
  test(
    "a visitor is asked to sign in, with a link that comes back to /leagues",
    async () => {
      const page = await leaguesPage(null);
      expect(await page.locator(".page-subtitle").textContent()).toBe(
        "Compete with friends in custom betting leagues with specific rules.",
      );
      await page.getByText("Please sign in to see, create and join leagues").waitFor();
      expect(await page.getByRole("link", { name: "Sign In" }).last().getAttribute("href")).toBe(
        "/auth?returnUrl=%2Fleagues",
      );
      expect(await page.getByRole("button", { name: "Create League" }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "empty lists say so; 'Available Leagues' holds the public leagues the player is not in and the private ones they are invited to, Join only on public ones; joining moves the league over",
    async () => {
      const me = await newPlayer(suite.server, "joiner");
      const empty = await leaguesPage(me);
      expect(await column(empty, "My Leagues").locator(".league-empty").textContent()).toBe(
        "You haven't joined any leagues yet.",
      );
      expect(await column(empty, "Available Leagues").locator(".league-empty").textContent()).toBe(
        "No available leagues to join.",
      );
      expect(await empty.getByRole("heading", { name: /^Pending Invitations/ }).count()).toBe(0);

      const owner = await newPlayer(suite.server, "owner");
      await createLeague(owner, {
        name: "Sunday Sharps",
        description: "Spreads only, Sundays only.",
        rules: { allowedBetTypes: ["spread"], minWager: 100, maxWager: 300 },
      });
      const pool = await createLeague(owner, {
        name: "Office Pool",
        isPublic: false,
        startingBankroll: 1000,
        startDate: "2026-09-10",
      });
      // Private leagues are listed only to the players they invited.
      await createLeague(owner, { name: "Backroom", isPublic: false });
      const invited = await call(suite.server.ctx.app, "POST", `/api/leagues/${pool.id}/invite`, {
        cookie: owner.cookie,
        body: { invitedUserId: me.user.id, invitedBy: owner.user.id },
      });
      expect(invited.status).toBe(200);
      const page = await leaguesPage(me);
      const available = column(page, "Available Leagues");
      await leagueCard(available, "Office Pool").waitFor();
      expect((await cardNames(available)).sort()).toEqual(["Office Pool", "Sunday Sharps"]);

      const sharps = leagueCard(available, "Sunday Sharps");
      expect(await sharps.locator(".league-badge").allTextContents()).toEqual(["Public"]);
      expect(await sharps.locator(".league-description").textContent()).toBe("Spreads only, Sundays only.");
      expect(await facts(sharps.locator(".league-facts"))).toEqual([
        ["Allowed bets", "Spread"],
        ["Min wager", "$100.00"],
        ["Max wager", "$300.00"],
      ]);
      const poolCard = leagueCard(available, "Office Pool");
      expect(await poolCard.locator(".league-badge").allTextContents()).toEqual(["Private", "Contest"]);
      expect(await poolCard.locator(".league-dates").textContent()).toBe("Starts Sep 10, 2026");
      expect((await facts(poolCard.locator(".league-facts")))[0]).toEqual(["Allowed bets", "Spread, Total, Moneyline"]);
      expect(await poolCard.getByRole("button", { name: /^Join/ }).count()).toBe(0);

      let joinBody: unknown = null;
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().endsWith("/join")) joinBody = r.postDataJSON();
      });
      await sharps.getByRole("button", { name: "Join Sunday Sharps" }).click();
      await expectToast(page, "Joined League!", "You've successfully joined the league");
      await leagueCard(column(page, "My Leagues"), "Sunday Sharps").waitFor();
      expect(joinBody).toEqual({ userId: me.user.id });
      expect(await cardNames(column(page, "Available Leagues"))).toEqual(["Office Pool"]);
      // Joined: no Join button any more, and the card still opens the details.
      expect(
        await leagueCard(column(page, "My Leagues"), "Sunday Sharps").getByRole("button", { name: /^Join/ }).count(),
      ).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "Create League: defaults, the name gates submit, the spec's validation messages, and optional fields are sent only when filled",
    async () => {
      const me = await newPlayer(suite.server, "creator");
      const page = await leaguesPage(me);
      let posts = 0;
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname === "/api/leagues") posts++;
      });
      await page.getByRole("button", { name: "Create League" }).click();
      const dialog = page.getByRole("dialog", { name: "Create League" });
      await dialog.waitFor();
      const submit = dialog.getByRole("button", { name: "Create League" });

      // Defaults: public; spread, total and moneyline.
      expect(await dialog.getByRole("radio", { name: /^Public/ }).isChecked()).toBe(true);
      expect(await dialog.getByRole("radio", { name: /^Private/ }).isChecked()).toBe(false);
      const types = dialog.getByRole("group", { name: "Allowed bet types" }).getByRole("checkbox");
      expect(
        await types.evaluateAll((boxes) =>
          boxes.map((b) => [(b as HTMLInputElement).value, (b as HTMLInputElement).checked]),
        ),
      ).toEqual([
        ["spread", true],
        ["total", true],
        ["moneyline", true],
        ["prop", false],
        ["parlay", false],
      ]);
      expect(await dialog.getByLabel("Min wager ($)").getAttribute("step")).toBe("0.01");
      expect(await dialog.getByLabel("Min wager ($)").getAttribute("min")).toBe("0");
      expect(await dialog.getByLabel("Starting bankroll ($)").getAttribute("step")).toBe("100");
      expect(await dialog.getByLabel("Starting bankroll ($)").getAttribute("min")).toBe("100");

      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel("League name").fill("   ");
      expect(await submit.isDisabled()).toBe(true);
      await dialog.getByLabel("League name").fill("Sunday Sharps");
      expect(await submit.isEnabled()).toBe(true);

      const alert = dialog.locator(".field-error");
      for (const type of ["Spread", "Total", "Moneyline"]) await dialog.getByRole("checkbox", { name: type }).uncheck();
      await submit.click();
      expect(await alert.textContent()).toBe("Please select at least one allowed bet type");
      await dialog.getByRole("checkbox", { name: "Spread" }).check();
      await dialog.getByRole("checkbox", { name: "Total" }).check();
      expect(await alert.count()).toBe(0);

      await dialog.getByLabel("Start date").fill("2026-09-20");
      await dialog.getByLabel("End date").fill("2026-09-10");
      await submit.click();
      expect(await alert.textContent()).toBe("End date must be after start date");
      expect(await dialog.getByLabel("End date").getAttribute("aria-invalid")).toBe("true");
      await dialog.getByLabel("End date").fill("");
      await dialog.getByLabel("Start date").fill("");

      await dialog.getByLabel("Starting bankroll ($)").fill("150");
      await submit.click();
      expect(await alert.textContent()).toBe("Starting bankroll must be at least 100, in steps of 100");
      await dialog.getByLabel("Starting bankroll ($)").fill("");

      await dialog.getByLabel("Min wager ($)").fill("500");
      await dialog.getByLabel("Max wager ($)").fill("100");
      await submit.click();
      expect(await alert.textContent()).toBe("Minimum wager must not be above the maximum wager");
      await dialog.getByLabel("Min wager ($)").fill("");
      await dialog.getByLabel("Max wager ($)").fill("");
      expect(posts).toBe(0);

      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/leagues");
      await submit.click();
      expect((await request).postDataJSON()).toEqual({
        name: "Sunday Sharps",
        description: "",
        isPublic: true,
        rules: { allowedBetTypes: ["spread", "total"] },
        revealPicks: "kickoff",
        createdBy: me.user.id,
      });
      await expectToast(page, "League Created!", "Your league has been created successfully.");
      await dialog.waitFor({ state: "hidden" });
      // The new league opens on its own page with the step that invites friends; Back returns to the list.
      await backFromInviteStep(page, "Sunday Sharps");
      const card = leagueCard(column(page, "My Leagues"), "Sunday Sharps");
      await card.waitFor();
      expect(await card.locator(".league-badge").allTextContents()).toEqual(["Public"]);
      expect(await facts(card.locator(".league-facts"))).toEqual([
        ["Allowed bets", "Spread, Total"],
        ["Min wager", "No limit"],
        ["Max wager", "No limit"],
      ]);
      expect(await column(page, "Available Leagues").locator(".league-empty").textContent()).toBe(
        "No available leagues to join.",
      );
    },
    E2E_TIMEOUT,
  );

  test(
    "Create League with every field filled sends them all; the card shows Private, Contest, the dates and the wagers",
    async () => {
      const me = await newPlayer(suite.server, "contest_maker");
      const page = await leaguesPage(me, { viewport: PHONE });
      await page.getByRole("button", { name: "Create League" }).click();
      const dialog = page.getByRole("dialog", { name: "Create League" });
      await dialog.getByLabel("League name").fill("Office Pool");
      await dialog.getByLabel("Description").fill("Winner buys lunch.");
      await dialog.getByRole("radio", { name: /^Private/ }).check();
      await dialog.getByRole("checkbox", { name: "Player Prop" }).check();
      await dialog.getByRole("checkbox", { name: "Moneyline" }).uncheck();
      await dialog.getByLabel("Min wager ($)").fill("10.5");
      await dialog.getByLabel("Max wager ($)").fill("500");
      await dialog.getByLabel("Starting bankroll ($)").fill("1000");
      await dialog.getByLabel("Start date").fill("2026-09-10");
      await dialog.getByLabel("End date").fill("2026-12-31");
      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/leagues");
      await dialog.getByRole("button", { name: "Create League" }).click();
      expect((await request).postDataJSON()).toEqual({
        name: "Office Pool",
        description: "Winner buys lunch.",
        isPublic: false,
        rules: { allowedBetTypes: ["spread", "total", "prop"], minWager: 10.5, maxWager: 500 },
        startingBankroll: 1000,
        startDate: "2026-09-10",
        endDate: "2026-12-31",
        revealPicks: "kickoff",
        createdBy: me.user.id,
      });
      await expectToast(page, "League Created!");
      await backFromInviteStep(page, "Office Pool");
      const card = leagueCard(column(page, "My Leagues"), "Office Pool");
      await card.waitFor();
      expect(await card.locator(".league-badge").allTextContents()).toEqual(["Private", "Contest"]);
      expect(await card.locator(".league-dates").textContent()).toBe("Sep 10, 2026 – Dec 31, 2026");
      expect(await facts(card.locator(".league-facts"))).toEqual([
        ["Allowed bets", "Spread, Total, Player Prop"],
        ["Min wager", "$10.50"],
        ["Max wager", "$500.00"],
      ]);
      // The card fits the phone's width.
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    },
    E2E_TIMEOUT,
  );

  test(
    "a server refusal of a new league is toasted as 'Error' with its message and the dialog stays open",
    async () => {
      const me = await newPlayer(suite.server, "refused");
      const page = await leaguesPage(me);
      await page.route("**/api/leagues", (route) =>
        route.request().method() === "POST"
          ? route.fulfill({
              status: 400,
              contentType: "application/json",
              body: JSON.stringify({ message: "League name is required", code: "invalid_league" }),
            })
          : route.fallback(),
      );
      await page.getByRole("button", { name: "Create League" }).click();
      const dialog = page.getByRole("dialog", { name: "Create League" });
      await dialog.getByLabel("League name").fill("Anything");
      await dialog.getByRole("button", { name: "Create League" }).click();
      await expectToast(page, "Error", "League name is required");
      expect(await toastLocator(page).getAttribute("class")).toContain("toast-destructive");
      expect(await dialog.isVisible()).toBe(true);
      expect(await dialog.getByRole("button", { name: "Create League" }).isEnabled()).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "the details dialog: rules, contest settings, members with ADMIN tag and joined date; only admins see Edit League, which saves with PUT",
    async () => {
      const admin = await newPlayer(suite.server, "commish");
      const member = await newPlayer(suite.server, "rookie");
      const league = await createLeague(admin, {
        name: "Sunday Sharps",
        description: "Spreads only.",
        rules: { allowedBetTypes: ["spread", "total"], minWager: 50 },
        startingBankroll: 2000,
        endDate: "2026-12-31",
      });
      await join(member, league);

      const memberPage = await leaguesPage(member);
      let dialog = await openDetails(memberPage, "Sunday Sharps");
      expect(await dialog.getByRole("button", { name: "Edit League" }).count()).toBe(0);
      await dialog.getByRole("button", { name: "Copy Invite Link" }).waitFor();
      await dialog.getByRole("button", { name: "Leave League" }).waitFor();
      expect(await dialog.getByRole("button", { name: "New Invite Link" }).count()).toBe(0);
      // A public league: no invite form for anyone.
      expect(await dialog.getByRole("heading", { name: "Invite Users" }).count()).toBe(0);
      expect(await dialog.locator(".league-rules h3").allTextContents()).toEqual(["Rules", "Contest settings"]);
      expect(await facts(dialog.locator(".league-rules section").first())).toEqual([
        ["Allowed bets", "Spread, Total"],
        ["Min wager", "$50.00"],
        ["Max wager", "No limit"],
        ["Picks shown", "At each game's kick-off"],
      ]);
      expect(await facts(dialog.locator(".league-rules section").last())).toEqual([
        ["Starting bankroll", "$2,000.00"],
        ["Start date", "Not set"],
        ["End date", "Dec 31, 2026"],
      ]);
      const members = dialog.locator(".league-members li");
      expect(await members.count()).toBe(2);
      expect(await members.nth(0).innerText()).toBe("commish ADMIN\nJoined Sep 9, 2026");
      expect(await members.nth(1).innerText()).toBe("rookie (you)\nJoined Sep 9, 2026");
      // The list scrolls beyond 12rem (spec §2).
      const [maxHeight, rem, overflow] = await dialog
        .locator(".league-members")
        .evaluate((el) => [
          parseFloat(getComputedStyle(el).maxHeight),
          parseFloat(getComputedStyle(document.documentElement).fontSize),
          getComputedStyle(el).overflowY,
        ]);
      expect(maxHeight).toBe(12 * (rem as number));
      expect(overflow).toBe("auto");
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "hidden" });

      const adminPage = await leaguesPage(admin);
      dialog = await openDetails(adminPage, "Sunday Sharps");
      await dialog.getByRole("button", { name: "Edit League" }).click();
      const edit = adminPage.getByRole("dialog", { name: "Edit League Settings" });
      await edit.waitFor();
      expect(await edit.getByLabel("League name").inputValue()).toBe("Sunday Sharps");
      expect(await edit.getByLabel("Description").inputValue()).toBe("Spreads only.");
      expect(await edit.getByRole("radio", { name: /^Public/ }).isChecked()).toBe(true);
      expect(await edit.getByRole("checkbox", { name: "Spread" }).isChecked()).toBe(true);
      expect(await edit.getByRole("checkbox", { name: "Moneyline" }).isChecked()).toBe(false);
      expect(await edit.getByLabel("Min wager ($)").inputValue()).toBe("50");
      expect(await edit.getByLabel("Starting bankroll ($)").inputValue()).toBe("2000");
      expect(await edit.getByLabel("End date").inputValue()).toBe("2026-12-31");

      await edit.getByLabel("League name").fill("Sunday Sharks");
      await edit.getByRole("radio", { name: /^Private/ }).check();
      await edit.getByLabel("Min wager ($)").fill("");
      await edit.getByLabel("End date").fill("");
      expect(await edit.getByLabel("Show members' picks").inputValue()).toBe("kickoff");
      await edit.getByLabel("Show members' picks").selectOption({ label: "Never" });
      const request = adminPage.waitForRequest((r) => r.method() === "PUT");
      await edit.getByRole("button", { name: "Save Changes" }).click();
      const put = await request;
      expect(new URL(put.url()).pathname).toBe(`/api/leagues/${league.id}`);
      expect(put.postDataJSON()).toEqual({
        name: "Sunday Sharks",
        description: "Spreads only.",
        isPublic: false,
        rules: { allowedBetTypes: ["spread", "total"] },
        startingBankroll: 2000,
        revealPicks: "never",
      });
      await expectToast(adminPage, "League Updated!", "Your league settings have been updated successfully.");
      await edit.waitFor({ state: "hidden" });
      // The details dialog stays open and shows the new settings.
      await dialog.getByRole("heading", { level: 2, name: "Sunday Sharks" }).waitFor();
      expect(await dialog.locator(".league-badge").allTextContents()).toEqual(["Private", "Contest"]);
      await dialog.getByRole("heading", { name: "Invite Users" }).waitFor();
      expect((await facts(dialog.locator(".league-rules section").first())).at(-1)).toEqual(["Picks shown", "Never"]);
      await adminPage.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(
        await leagueCard(column(adminPage, "My Leagues"), "Sunday Sharks").locator(".league-badge").allTextContents(),
      ).toEqual(["Private", "Contest"]);
    },
    E2E_TIMEOUT,
  );

  test(
    "invite by username: 'Invitation Sent', the invitee accepts from 'Pending Invitations', another declines; the admin sees each status",
    async () => {
      const admin = await newPlayer(suite.server, "host");
      const alice = await newPlayer(suite.server, "alice_a");
      const bob = await newPlayer(suite.server, "bob_b");
      const league = await createLeague(admin, { name: "Office Pool", isPublic: false });

      const adminPage = await leaguesPage(admin);
      const dialog = await openDetails(adminPage, "Office Pool");
      const form = dialog.getByRole("form", { name: "Invite Users" });
      const input = form.getByLabel("Username or user ID");
      const invite = form.getByRole("button", { name: "Invite" });
      expect(await invite.isDisabled()).toBe(true);
      await input.fill("   ");
      expect(await invite.isDisabled()).toBe(true);
      expect(
        await dialog.locator(".league-sent-invitations, .muted").getByText("No invitations sent yet.").count(),
      ).toBe(1);

      const request = adminPage.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/invite"));
      await input.fill("  alice_a ");
      await invite.click();
      expect((await request).postDataJSON()).toEqual({
        leagueId: league.id,
        invitedUserId: "alice_a",
        invitedBy: admin.user.id,
      });
      await expectToast(adminPage, "Invitation Sent", "User has been invited to the league");
      expect(await input.inputValue()).toBe("");
      // By user id too.
      await input.fill(String(bob.user.id));
      await invite.click();
      await dialog.locator(".league-sent-invitations li").nth(1).waitFor();
      // Newest first.
      expect(await dialog.locator(".league-sent-invitations li").allInnerTexts()).toEqual([
        "bob_b\nPENDING",
        "alice_a\nPENDING",
      ]);
      // An unknown name: the server's message.
      await input.fill("nobody_here");
      await invite.click();
      await expectToast(adminPage, "Error", 'No user "nobody_here"');

      const alicePage = await leaguesPage(alice);
      const pending = alicePage.getByRole("region", { name: "Pending Invitations (1)" });
      await pending.waitFor();
      expect(await pending.locator(".league-invitation-name").allTextContents()).toEqual(["Office Pool"]);
      expect(await pending.locator(".league-invitation-from").textContent()).toBe("Invited by host");
      // Private and not a member: listed as available, without Join.
      expect(
        await leagueCard(column(alicePage, "Available Leagues"), "Office Pool")
          .getByRole("button", { name: /^Join/ })
          .count(),
      ).toBe(0);
      await pending.getByRole("button", { name: "Accept" }).click();
      await expectToast(alicePage, "Invitation Accepted");
      await leagueCard(column(alicePage, "My Leagues"), "Office Pool").waitFor();
      await pending.waitFor({ state: "detached" });
      expect(await alicePage.getByRole("heading", { name: /^Pending Invitations/ }).count()).toBe(0);
      // A plain member of a private league sees no invite form.
      const aliceDialog = await openDetails(alicePage, "Office Pool");
      await aliceDialog.getByRole("button", { name: "Leave League" }).waitFor();
      expect(await aliceDialog.getByRole("form", { name: "Invite Users" }).count()).toBe(0);

      const bobPage = await leaguesPage(bob);
      await bobPage
        .getByRole("region", { name: "Pending Invitations (1)" })
        .getByRole("button", { name: "Decline" })
        .click();
      await expectToast(bobPage, "Invitation Declined");
      await bobPage.getByRole("heading", { name: /^Pending Invitations/ }).waitFor({ state: "detached" });
      // Private, and no longer invited: not bob's to see any more.
      await leagueCard(column(bobPage, "Available Leagues"), "Office Pool").waitFor({ state: "detached" });
      expect(await column(bobPage, "My Leagues").locator(".league-empty").textContent()).toBe(
        "You haven't joined any leagues yet.",
      );

      // The admin's list after reopening: accepted and declined.
      await adminPage.keyboard.press("Escape");
      const reopened = await openDetails(adminPage, "Office Pool");
      await reopened.locator(".league-status-declined").waitFor();
      expect(await reopened.locator(".league-sent-invitations li").allInnerTexts()).toEqual([
        "bob_b\nDECLINED",
        "alice_a\nACCEPTED",
      ]);
      // The details refetch on opening: alice is a member now.
      await reopened.locator(".league-members li").filter({ hasText: "alice_a" }).waitFor();
      expect(await reopened.locator(".league-members li").count()).toBe(2);
    },
    E2E_TIMEOUT,
  );

  test(
    "'Copy Invite Link' copies {origin}/invite/{token}, toasts, and shows the link; an admin can replace it",
    async () => {
      const admin = await newPlayer(suite.server, "linker");
      const league = await createLeague(admin, { name: "Link League", isPublic: false });
      const page = await leaguesPage(admin);
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.baseUrl });
      const token = (
        (await call(suite.server.ctx.app, "GET", `/api/leagues/${league.id}/invite-link`, { cookie: admin.cookie }))
          .body as { inviteToken: string }
      ).inviteToken;
      const dialog = await openDetails(page, "Link League");
      await dialog.getByRole("button", { name: "Copy Invite Link" }).click();
      await expectToast(page, "Invite Link Copied", "Share this link with others to invite them to the league");
      const link = `${suite.server.baseUrl}/invite/${token}`;
      expect(await dialog.getByLabel("Invite link").inputValue()).toBe(link);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

      await dialog.getByRole("button", { name: "New Invite Link" }).click();
      await expectToast(page, "New Invite Link");
      const field = dialog.getByLabel("Invite link");
      await page.waitForFunction(
        (old) => (document.querySelector("[aria-label='Invite link']") as HTMLTextAreaElement).value !== old,
        link,
      );
      const fresh = await field.inputValue();
      expect(fresh).toMatch(new RegExp(`^${suite.server.baseUrl}/invite/[\\w-]+$`));
      expect(fresh).not.toBe(link);
      const now = (
        (await call(suite.server.ctx.app, "GET", `/api/leagues/${league.id}/invite-link`, { cookie: admin.cookie }))
          .body as { inviteToken: string }
      ).inviteToken;
      expect(fresh).toBe(`${suite.server.baseUrl}/invite/${now}`);
    },
    E2E_TIMEOUT,
  );

  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    test(
      `at ${viewport.width}×${viewport.height} the league dialog's Cancel and submit stay in view while its fields scroll; the invite link shows whole`,
      async () => {
        const admin = await newPlayer(suite.server, `fit_${viewport.width}`);
        await createLeague(admin, { name: `Fits ${viewport.width}`, isPublic: false });
        const page = await leaguesPage(admin, { viewport });
        await page.getByRole("button", { name: "Create League" }).click();
        const form = page.getByRole("dialog", { name: "Create League" });
        await form.waitFor();
        const inView = async (name: string) => {
          const box = (await form.getByRole("button", { name, exact: true }).boundingBox())!;
          return box.y >= 0 && box.y + box.height <= viewport.height;
        };
        expect(await inView("Create League")).toBe(true);
        expect(await inView("Cancel")).toBe(true);
        await form.getByRole("button", { name: "Cancel", exact: true }).click();
        await form.waitFor({ state: "hidden" });

        const dialog = await openDetails(page, `Fits ${viewport.width}`);
        await dialog.getByRole("button", { name: "New Invite Link" }).click();
        const field = dialog.getByLabel("Invite link");
        await page.waitForFunction(
          () => (document.querySelector("[aria-label='Invite link']") as HTMLTextAreaElement | null)?.value,
        );
        expect(await field.inputValue()).toMatch(/\/invite\/[\w-]+$/);
        // The whole link is on screen: nothing runs past the field's edges.
        expect(
          await field.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1),
        ).toBe(true);
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "without clipboard access the link is still shown and a toast says to copy it",
    async () => {
      const admin = await newPlayer(suite.server, "no_clip");
      await createLeague(admin, { name: "Clipless" });
      const page = await leaguesPage(admin);
      await page.evaluate(() => {
        Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
        document.execCommand = () => false;
      });
      const dialog = await openDetails(page, "Clipless");
      await dialog.getByRole("button", { name: "Copy Invite Link" }).click();
      await expectToast(
        page,
        "Invite Link",
        "Copy the link below and share it with others to invite them to the league",
      );
      expect(await dialog.getByLabel("Invite link").inputValue()).toMatch(/\/invite\/[\w-]+$/);
    },
    E2E_TIMEOUT,
  );

  test(
    "Leave League: 'Left League', the dialog closes and the league moves back to Available Leagues",
    async () => {
      const owner = await newPlayer(suite.server, "stayer");
      const me = await newPlayer(suite.server, "leaver");
      const league = await createLeague(owner, { name: "Short Stay" });
      await join(me, league);
      const page = await leaguesPage(me);
      await leagueCard(column(page, "My Leagues"), "Short Stay").waitFor();
      const dialog = await openDetails(page, "Short Stay");
      const sentDeletes: string[] = [];
      page.on("request", (r) => void (r.method() === "DELETE" && sentDeletes.push(r.url())));
      const leave = dialog.getByRole("button", { name: "Leave League" });
      // By keyboard: Escape and then Cancel keep the membership, the focus back on Leave League.
      await leave.focus();
      await page.keyboard.press("Enter");
      const confirm = confirmDialog(page);
      await confirm.getByRole("heading", { name: "Leave league?" }).waitFor();
      expect(await confirm.locator("p").textContent()).toBe(
        "Leave Short Stay? Your bets stay yours, and you can join again.",
      );
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
      await page.keyboard.press("Escape");
      await confirmClosed(page);
      await page.waitForFunction((el) => el === document.activeElement, await leave.elementHandle());
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter"); // Cancel, the default button
      await confirmClosed(page);
      expect(sentDeletes).toEqual([]);
      await dialog.waitFor();

      const request = page.waitForRequest((r) => r.method() === "DELETE");
      await leave.click();
      await confirm.getByRole("button", { name: "Leave League" }).click();
      const sent = await request;
      expect(new URL(sent.url()).pathname).toBe(`/api/leagues/${league.id}/leave`);
      expect(sent.postDataJSON()).toEqual({ userId: me.user.id });
      await expectToast(page, "Left League");
      await dialog.waitFor({ state: "hidden" });
      const card = leagueCard(column(page, "Available Leagues"), "Short Stay");
      await card.waitFor();
      await card.getByRole("button", { name: "Join Short Stay" }).waitFor();
      expect(await column(page, "My Leagues").locator(".league-empty").textContent()).toBe(
        "You haven't joined any leagues yet.",
      );
    },
    E2E_TIMEOUT,
  );

  test(
    "Available Leagues come 20 at a time, newest first: 'Load more' adds the next page and takes the focus to it; joining from a later page repeats no league",
    async () => {
      const owner = await newPlayer(suite.server, "pool_host");
      const me = await newPlayer(suite.server, "browser");
      await seedLeagues(owner, 45);
      const page = await suite.newPage({ signedInAs: me });
      page.setDefaultTimeout(8000);
      const asked: string[] = [];
      page.on("request", (r) => {
        const url = new URL(r.url());
        if (r.method() === "GET" && url.pathname === "/api/leagues") asked.push(url.search);
      });
      await page.goto("/leagues");
      const available = column(page, "Available Leagues");
      await leagueCard(available, "Pool 45").waitFor();
      // (The page may ask twice: it revalidates when the live socket opens.)
      expect([...new Set(asked)]).toEqual(["?scope=available&limit=21"]);
      const names = await cardNames(available);
      expect(names).toHaveLength(20);
      expect([names[0], names.at(-1)]).toEqual(["Pool 45", "Pool 26"]);

      const more = available.getByRole("button", { name: "Load more" });
      await more.click();
      await leagueCard(available, "Pool 06").waitFor();
      expect(await cardNames(available)).toHaveLength(40);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Pool 25");

      await more.click();
      await leagueCard(available, "Pool 01").waitFor();
      expect(await cardNames(available)).toHaveLength(45);
      expect(await more.count()).toBe(0);
      const cursors = new Set(
        asked.map((q) => new URLSearchParams(q).get("cursor")).filter((cursor) => cursor !== null),
      );
      expect(cursors.size).toBe(2);

      await leagueCard(available, "Pool 30").getByRole("button", { name: "Join Pool 30" }).click();
      await expectToast(page, "Joined League!");
      await leagueCard(column(page, "My Leagues"), "Pool 30").waitFor();
      await leagueCard(available, "Pool 30").waitFor({ state: "detached" });
      // The pages after the first are fetched again one after another: wait for the last of them.
      await available.locator(".league-card h3", { hasText: "Pool 01" }).waitFor();
      const after = await cardNames(available);
      expect(after).toHaveLength(44);
      expect(new Set(after).size).toBe(44);
      expect(after).toEqual(
        Array.from({ length: 45 }, (_, i) => `Pool ${String(45 - i).padStart(2, "0")}`).filter(
          (name) => name !== "Pool 30",
        ),
      );
    },
    E2E_TIMEOUT,
  );

  test(
    "an Available League's details load its members; its card shows the member count",
    async () => {
      const owner = await newPlayer(suite.server, "count_host");
      const other = await newPlayer(suite.server, "count_pal");
      const me = await newPlayer(suite.server, "count_me");
      const league = await createLeague(owner, { name: "Counted" });
      await join(other, league);
      const page = await leaguesPage(me);
      const card = leagueCard(column(page, "Available Leagues"), "Counted");
      expect(await card.locator(".league-card-foot .muted").textContent()).toBe("2 members");
      const dialog = await openDetails(page, "Counted");
      await dialog.locator(".league-members li").nth(1).waitFor();
      expect(await dialog.locator(".league-members li .league-member-name").allTextContents()).toEqual([
        "count_host ADMIN",
        "count_pal",
      ]);
      expect(await dialog.getByRole("button", { name: "Join League" }).count()).toBe(1);
      expect(await dialog.getByRole("button", { name: "Edit League" }).count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "Create League refuses text-direction controls in the name and description before sending",
    async () => {
      const me = await newPlayer(suite.server, "bidi_check");
      const page = await leaguesPage(me);
      let posts = 0;
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname === "/api/leagues") posts++;
      });
      await page.getByRole("button", { name: "Create League" }).click();
      const dialog = page.getByRole("dialog", { name: "Create League" });
      const submit = dialog.getByRole("button", { name: "Create League" });
      await dialog.getByLabel("League name").fill("\u202Esprahs yadnuS");
      await submit.click();
      expect(await dialog.locator(".field-error").textContent()).toBe(
        "League name must not contain text-direction control characters",
      );
      expect(await dialog.getByLabel("League name").getAttribute("aria-invalid")).toBe("true");
      await dialog.getByLabel("League name").fill("Sunday Sharps");
      await dialog.getByLabel("Description").fill("Friends\u200F from work");
      await submit.click();
      expect(await dialog.locator(".field-error").textContent()).toBe(
        "Description must not contain text-direction control characters",
      );
      expect(posts).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "a contest league's standings rank the members by units won in its own book after a league bet settles; individual bets do not count",
    async () => {
      const winner = await newPlayer(suite.server, "sharp_sam");
      const loser = await newPlayer(suite.server, "square_sue");
      const idle = await newPlayer(suite.server, "idle_ike");
      const league = await createLeague(winner, { name: "Standings League", startingBankroll: 1000 });
      await join(loser, league);
      await join(idle, league);
      await placeBet(suite.server, winner, { ...spread(DAL_PHI, "Philadelphia Eagles", -3.5), leagueId: league.id });
      await placeBet(suite.server, loser, { ...spread(DAL_PHI, "Dallas Cowboys", 3.5), leagueId: league.id });
      // The winner's individual book loses on the same game: not the league's business.
      await placeBet(suite.server, winner, spread(DAL_PHI, "Dallas Cowboys", 3.5), { units: 3 });
      await resolveGame(suite.server, DAL_PHI, 17, 24);
      await settleGame(suite.server.ctx.db, suite.server.ctx.clock.now(), DAL_PHI);

      const page = await leaguesPage(loser);
      const dialog = await openDetails(page, "Standings League");
      const rows = dialog.locator(".league-standings tbody tr");
      await rows.first().waitFor();
      expect(await dialog.locator(".league-standings-basis").textContent()).toBe(
        "Ranks bets placed in this league's own bankroll",
      );
      expect(await dialog.locator(".league-standings thead th").allTextContents()).toEqual([
        "Rank",
        "Player",
        "Units Won",
        "Bets",
        "In Play",
        "Win Rate",
        "ROI",
      ]);
      expect(
        await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent))),
      ).toEqual([
        ["1", "sharp_sam", "+0.91U", "1", "0", "100.0%", "+90.9%"],
        ["2", "idle_ike", "0.00U", "0", "0", "0.0%", "0.0%"],
        ["3", "square_sue", "-1.00U", "1", "0", "0.0%", "-100.0%"],
      ]);
      expect(await rows.nth(2).getAttribute("aria-current")).toBe("true");
    },
    E2E_TIMEOUT,
  );
});

describe("commissioner tools", () => {
  /** A league by `admin` with `others` joined in order, and the admin's page with its details open. */
  async function adminWithLeague(name: string, others: string[]) {
    const admin = await newPlayer(suite.server, "commish");
    const players = [];
    const league = await createLeague(admin, { name });
    for (const username of others) {
      const player = await newPlayer(suite.server, username);
      await join(player, league);
      players.push(player);
    }
    const page = await leaguesPage(admin);
    const dialog = await openDetails(page, name);
    await dialog.locator(".league-members li").nth(others.length).waitFor();
    return { admin, players, league, page, dialog };
  }
  const memberNames = (dialog: Locator) => dialog.locator(".league-member-name").allInnerTexts();

  test(
    "Remove: Escape and Cancel change nothing; confirming removes the member in place, with a toast",
    async () => {
      const { league, players, page, dialog } = await adminWithLeague("Tight Ship", ["rookie", "vet"]);
      const sent: string[] = [];
      page.on("request", (r) => void (r.method() === "DELETE" && sent.push(new URL(r.url()).pathname)));
      const remove = dialog.getByRole("button", { name: "Remove rookie" });
      await remove.focus();
      await page.keyboard.press("Enter");
      const confirm = confirmDialog(page);
      await confirm.getByRole("heading", { name: "Remove member?" }).waitFor();
      expect(await confirm.locator("p").textContent()).toBe(
        "Remove rookie from Tight Ship? Their bets stay theirs but leave the standings, and they can join again.",
      );
      await page.keyboard.press("Escape");
      await confirmClosed(page);
      await page.waitForFunction((el) => el === document.activeElement, await remove.elementHandle());
      await page.keyboard.press("Enter");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirmClosed(page);
      expect(sent).toEqual([]);
      expect(await memberNames(dialog)).toEqual(["commish (you) ADMIN", "rookie", "vet"]);

      // Focus comes back to Remove once the dialog has closed (a moment after it is hidden).
      await page.waitForFunction((el) => el === document.activeElement, await remove.elementHandle());
      await page.keyboard.press("Enter");
      await confirm.getByRole("button", { name: "Remove Member" }).focus();
      await page.keyboard.press("Enter");
      await expectToast(page, "Member Removed", "rookie was removed from the league");
      await dialog.getByRole("button", { name: "Remove rookie" }).waitFor({ state: "detached" });
      expect(sent).toEqual([`/api/leagues/${league.id}/members/${players[0]!.user.id}`]);
      expect(await memberNames(dialog)).toEqual(["commish (you) ADMIN", "vet"]);
      expect(await dialog.getByRole("heading", { name: "Members (2)" }).count()).toBe(1);
      // The focus waits on the member list, not lost with the button that went.
      expect(await dialog.locator(".league-members").evaluate((el) => el === document.activeElement)).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "Make admin: Cancel changes nothing; Make Co-admin adds an admin; Hand Over Admin leaves the giver a member",
    async () => {
      const { page, dialog } = await adminWithLeague("Two Chairs", ["rookie", "vet"]);
      const posts: unknown[] = [];
      page.on(
        "request",
        (r) => void (r.method() === "POST" && r.url().includes("/admins/") && posts.push(r.postDataJSON())),
      );
      const confirm = confirmDialog(page);
      await dialog.getByRole("button", { name: "Make admin: rookie" }).click();
      await confirm.getByRole("heading", { name: "Make rookie an admin?" }).waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirmClosed(page);
      expect(posts).toEqual([]);

      await dialog.getByRole("button", { name: "Make admin: rookie" }).click();
      await confirm.getByRole("button", { name: "Make Co-admin" }).click();
      await expectToast(page, "Admin Added", "rookie is now an admin too");
      await dialog.getByRole("button", { name: "Make admin: rookie" }).waitFor({ state: "detached" });
      expect(await memberNames(dialog)).toEqual(["commish (you) ADMIN", "rookie ADMIN", "vet"]);

      await dialog.getByRole("button", { name: "Make admin: vet" }).click();
      await confirm.getByRole("button", { name: "Hand Over Admin" }).click();
      await expectToast(page, "Admin Handed Over", "vet is now this league's admin");
      await dialog.getByRole("button", { name: "Delete League" }).waitFor({ state: "detached" });
      expect(await memberNames(dialog)).toEqual(["commish (you)", "rookie ADMIN", "vet ADMIN"]);
      expect(await dialog.getByRole("button", { name: "Edit League" }).count()).toBe(0);
      expect(await dialog.getByRole("button", { name: /^Remove / }).count()).toBe(0);
      expect(posts).toEqual([{ stepDown: false }, { stepDown: true }]);
    },
    E2E_TIMEOUT,
  );

  test(
    "Delete League: Cancel keeps it; confirming deletes it for everyone, closes the dialog and takes it off the lists",
    async () => {
      const { page, dialog } = await adminWithLeague("Last Season", ["rookie"]);
      const confirm = confirmDialog(page);
      // Its only admin leaving would pass the role on: the question says so.
      await dialog.getByRole("button", { name: "Leave League" }).click();
      expect(await confirm.locator("p").textContent()).toBe(
        "Leave Last Season? You are its only admin: its longest-standing member becomes admin. Your bets stay yours, and you can join again.",
      );
      await page.keyboard.press("Escape");
      await confirmClosed(page);
      const remove = dialog.getByRole("button", { name: "Delete League" });
      await remove.click();
      await confirm.getByRole("heading", { name: "Delete league?" }).waitFor();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await confirmClosed(page);
      await page.waitForFunction((el) => el === document.activeElement, await remove.elementHandle());
      await leagueCard(column(page, "My Leagues"), "Last Season").waitFor();

      await remove.click();
      await confirm.getByRole("button", { name: "Delete League" }).click();
      await expectToast(page, "League Deleted", "Last Season has been deleted");
      await dialog.waitFor({ state: "hidden" });
      await leagueCard(column(page, "My Leagues"), "Last Season").waitFor({ state: "detached" });
      expect(await column(page, "My Leagues").locator(".league-empty").textContent()).toBe(
        "You haven't joined any leagues yet.",
      );
      expect(await leagueCard(column(page, "Available Leagues"), "Last Season").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );
});

describe("the bet slip's book", () => {
  async function gamesPage(player: BuiltUser, storedLeagueId?: number): Promise<Page> {
    const context = await suite.newContext({ signedInAs: player });
    await context.route(/^https:\/\/a\.espncdn\.com\//, (route) => route.abort());
    if (storedLeagueId !== undefined)
      await context.addInitScript((id) => localStorage.setItem("npt.selectedLeagueId", String(id)), storedLeagueId);
    const page = await context.newPage();
    page.setDefaultTimeout(8000);
    await page.clock.setFixedTime(suite.server.ctx.clock.now());
    await page.goto("/");
    await page.getByTestId("game-card").first().waitFor();
    return page;
  }
  const slip = (page: Page) => page.getByRole("dialog", { name: "Bet Slip" });
  const stored = (page: Page) => page.evaluate(() => localStorage.getItem("npt.selectedLeagueId"));

  test(
    "only leagues with their own bankroll are offered; one chosen says so, greys out what its rules refuse before Place, and takes a bet within them",
    async () => {
      const me = await newPlayer(suite.server, "league_bettor");
      const league = await createLeague(me, {
        name: "Bankroll Cup",
        rules: { allowedBetTypes: ["spread"], minWager: 150 },
        startingBankroll: 1000,
      });
      await createLeague(me, { name: "Casual Pool" }); // ranks individual bets: no book to pick
      const page = await gamesPage(me);
      const game = page.getByRole("article", { name: "Dallas Cowboys @ Philadelphia Eagles", exact: true });
      await game.getByRole("button", { name: "O 45.5 -110, Total: Over 45.5" }).click();
      const book = slip(page).getByLabel("Book");
      await book.waitFor();
      expect(await slip(page).locator(".slip-book p").textContent()).toBe("Bets go to your Individual book");
      expect(await book.locator("option").allTextContents()).toEqual(["Individual", "Bankroll Cup"]);

      const bodies: Record<string, unknown>[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && new URL(r.url()).pathname === "/api/bets") bodies.push(r.postDataJSON());
      });
      await book.selectOption({ label: "Bankroll Cup" });
      expect(await slip(page).locator(".slip-book p").innerText()).toBe(
        "Bets go to Bankroll Cup\nLeague bet — its own bankroll, not counted for the weekly prize",
      );
      expect(await stored(page)).toBe(String(league.id));
      expect(await slip(page).locator(".slip-footer-book").textContent()).toBe("League bet · Bankroll Cup");
      // The total and the 1-unit stake are greyed out with the server's reasons; Place waits.
      const place = slip(page).getByRole("button", { name: "Place Bet" });
      expect(await slip(page).locator(".slip-pick-refused .slip-league-refusal").textContent()).toBe(
        "This league does not allow total bets",
      );
      expect(
        await slip(page)
          .getByRole("radio", { name: /^1 unit/ })
          .isDisabled(),
      ).toBe(true);
      expect(await slip(page).locator("#slip-units-refusal").textContent()).toBe(
        "1 unit: This league's minimum wager is $150.00",
      );
      expect(await place.isDisabled()).toBe(true);
      expect(await slip(page).locator("#slip-place-refusal").textContent()).toBe(
        "This league's minimum wager is $150.00",
      );

      await slip(page).getByRole("button", { name: "Remove Over 45.5" }).click();
      await game.getByRole("button", { name: "PHI -3.5 -110, Spread: Philadelphia Eagles -3.5" }).click();
      expect(await slip(page).locator(".slip-pick-refused").count()).toBe(0);
      expect(await place.isDisabled()).toBe(true);
      // By keyboard: Space on 2 units, then Tab past Clear All to Place, and Enter.
      await slip(page)
        .getByRole("radio", { name: /^2 units/ })
        .focus();
      await page.keyboard.press("Space");
      expect(
        await slip(page)
          .getByRole("radio", { name: /^2 units/ })
          .isChecked(),
      ).toBe(true);
      expect(await place.isDisabled()).toBe(false);
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
      expect(await place.evaluate((el) => el === document.activeElement)).toBe(true);
      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/bets");
      await page.keyboard.press("Enter");
      expect((await request).postDataJSON()).toMatchObject({ betType: "spread", units: 2, leagueId: league.id });
      await expectToast(page, "Bet Placed!");
      await slip(page).waitFor({ state: "hidden" });
      expect(bodies).toHaveLength(1); // nothing refused reached the server
      const bets = (await call(suite.server.ctx.app, "GET", `/api/users/${me.user.id}/bets`, { cookie: me.cookie }))
        .body as { league: { name: string } | null }[];
      expect(bets.map((b) => b.league)).toEqual([{ name: "Bankroll Cup" }]);

      // Back to Individual: the stored choice is removed, nothing is greyed out, and bets go without a league.
      await game.getByRole("button", { name: "U 45.5 -110, Total: Under 45.5" }).click();
      await slip(page).getByLabel("Book").selectOption({ label: "Individual" });
      expect(await stored(page)).toBeNull();
      expect(await slip(page).locator(".slip-book p").textContent()).toBe("Bets go to your Individual book");
      expect(await slip(page).locator(".slip-league-refusal, .slip-footer-book").count()).toBe(0);
      const individual = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/bets");
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      expect((await individual).postDataJSON()).toMatchObject({ betType: "total", leagueId: null });
      await slip(page).waitFor({ state: "hidden" });
    },
    E2E_TIMEOUT,
  );

  test(
    "the stored league is used after a reload, and cleared when the player is no longer in it",
    async () => {
      const me = await newPlayer(suite.server, "returning");
      const owner = await newPlayer(suite.server, "league_owner");
      const kept = await createLeague(owner, { name: "Kept League", startingBankroll: 1000 });
      const gone = await createLeague(owner, { name: "Gone League", startingBankroll: 1000 });
      const casual = await createLeague(owner, { name: "Casual League" });
      await join(me, kept);
      await join(me, casual);

      let page = await gamesPage(me, kept.id);
      await page.getByRole("button", { name: "+150, Moneyline: Kansas City Chiefs ML" }).click();
      await slip(page).getByText("Bets go to Kept League").waitFor();
      expect(await slip(page).getByLabel("Book").inputValue()).toBe(String(kept.id));

      page = await gamesPage(me, gone.id);
      await page.getByRole("button", { name: "+150, Moneyline: Kansas City Chiefs ML" }).click();
      await slip(page).getByLabel("Book").waitFor();
      await page.waitForFunction(() => localStorage.getItem("npt.selectedLeagueId") === null);
      expect(await slip(page).locator(".slip-book p").textContent()).toBe("Bets go to your Individual book");
      const request = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/bets");
      await slip(page).getByRole("button", { name: "Place Bet" }).click();
      expect((await request).postDataJSON()).toMatchObject({ leagueId: null });

      // A league without its own bankroll, stored before leagues ranked individual bets, falls back too.
      page = await gamesPage(me, casual.id);
      await page.getByRole("button", { name: "+150, Moneyline: Kansas City Chiefs ML" }).click();
      await slip(page).getByLabel("Book").waitFor();
      await page.waitForFunction(() => localStorage.getItem("npt.selectedLeagueId") === null);
      expect(await slip(page).locator(".slip-book p").textContent()).toBe("Bets go to your Individual book");
    },
    E2E_TIMEOUT,
  );
});
