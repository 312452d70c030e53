/**
 * Saves screenshots of the screens at desktop and phone size into ./screenshots/ (git-ignored),
 * for looking at the layout by eye. Run: npx bun scripts/screenshots.ts
 */
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import {
  ADMIN_EMAIL,
  openPage,
  signUp,
  slip,
  startSeasonServer,
  type SeasonServer,
} from "../tests/e2e/games-fixture.ts";
import { proveAddress } from "../tests/factories.ts";
import {
  DESKTOP,
  launchBrowser,
  newAccount,
  newContext,
  PHONE,
  registerThroughUi,
  startMailingServer,
  startServer,
  type Server,
} from "../tests/e2e/helpers.ts";

const OUT = "screenshots";

async function shoot(page: Page, name: string, size: string) {
  await page.screenshot({ path: `${OUT}/${name}-${size}.png` });
  console.log(`saved ${OUT}/${name}-${size}.png`);
}

async function screens(browser: Browser, server: Server, size: string, viewport: { width: number; height: number }) {
  const visitor = await newContext(browser, server, { viewport });
  const page = await visitor.newPage();
  await page.goto("/auth");
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await shoot(page, "auth-signin", size);
  await page.getByRole("button", { name: "Create one" }).click();
  await page.getByRole("heading", { name: "Create Account" }).waitFor();
  await shoot(page, "auth-register", size);
  await page.getByRole("form", { name: "Create account" }).getByRole("button", { name: "Create Account" }).click();
  await shoot(page, "auth-register-errors", size);
  await page.goto("/settings");
  await page.getByText("Please sign in to access settings").waitFor();
  await shoot(page, "settings-signed-out", size);
  if (size === "phone") {
    await page.getByRole("button", { name: "Slip" }).click();
    await page.getByRole("dialog", { name: "Bet Slip" }).waitFor();
    await shoot(page, "slip-drawer", size);
    await page.keyboard.press("Escape");
  }
  await page.goto("/no/such/page");
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  await shoot(page, "not-found", size);
  await visitor.close();

  const firstVisit = await newContext(browser, server, { viewport, showOnboarding: true });
  const fresh = await firstVisit.newPage();
  await fresh.goto("/");
  await fresh.getByRole("dialog", { name: "Welcome to NFL Paper Trading!" }).waitFor();
  await fresh.waitForTimeout(300);
  await shoot(fresh, "onboarding", size);
  await firstVisit.close();

  const member = await newContext(browser, server, { viewport });
  const signedIn = await member.newPage();
  const account = newAccount(size === "desktop" ? "john_doe" : "jane_smith");
  await registerThroughUi(signedIn, account);
  await signedIn.waitForURL((url) => url.pathname === "/");
  await signedIn.getByRole("button", { name: `Account menu for ${account.username}` }).click();
  await signedIn.locator("#account-menu").waitFor();
  await shoot(signedIn, "home-avatar-menu", size);
  await signedIn.getByRole("link", { name: "Settings" }).click();
  await signedIn.getByRole("heading", { name: "Settings" }).waitFor();
  await signedIn.waitForTimeout(5200); // let the sign-up toast go
  await shoot(signedIn, "settings", size);
  await signedIn.getByLabel("Username", { exact: true }).fill("no spaces!");
  await signedIn.getByRole("button", { name: "Save Changes" }).click();
  await shoot(signedIn, "settings-error", size);
  await signedIn.getByRole("button", { name: "Notifications" }).click();
  await shoot(signedIn, "notifications", size);
  await member.close();
}

/** The Games screen, the bet slip, the visitor prompt and admin resolution, on a seeded season with one game live. */
async function gameScreens(
  browser: Browser,
  season: SeasonServer,
  size: string,
  viewport: { width: number; height: number },
) {
  const player = await openPage(browser, season, { viewport });
  const page = player.page;
  await signUp(page, newAccount(size === "desktop" ? "gridiron_greg" : "sunday_sam"));
  const [dalPhi, , sfSea] = (await (await page.request.get("/api/games?week=1")).json()) as { id: string }[];
  const bet = { units: 2, confidence: "medium", note: null, leagueId: null, isParlay: false, replaceExisting: false };
  await page.request.post("/api/bets", {
    data: { ...bet, gameId: sfSea!.id, betType: "total", selection: "Over", odds: -110, point: 45.5 },
  });
  await page.goto("/");
  await page.getByTestId("game-card").first().waitFor();
  await page.locator(".your-bet").waitFor();
  await shoot(page, "games", size);
  const kc = page.getByRole("article", { name: "Kansas City Chiefs @ Buffalo Bills" });
  await kc.getByRole("button", { name: "View Player Props (2)" }).click();
  await kc.getByRole("button", { name: /Spread: Buffalo Bills/ }).click();
  // On a phone the slip now opens over the card at once: close it (the pick stays), the next pick opens it again.
  if (size === "phone") await page.keyboard.press("Escape");
  await kc.getByRole("button", { name: /Player Prop: BUF Quarterback Over/ }).click();
  await slip(page).locator(".slip-picks").waitFor();
  await kc.scrollIntoViewIfNeeded();
  await shoot(page, "games-slip", size);
  await player.context.close();

  const visitor = await openPage(browser, season, { viewport });
  await visitor.page.goto("/");
  await visitor.page.getByRole("button", { name: /Moneyline: Kansas City Chiefs/ }).click();
  await slip(visitor.page).getByRole("button", { name: "Place Bet" }).click();
  await visitor.page.getByRole("dialog", { name: "Create an Account to Place Bets" }).waitFor();
  await shoot(visitor.page, "visitor-prompt", size);
  await visitor.context.close();

  const admin = await openPage(browser, season, { viewport });
  const account = { ...newAccount("the_commissioner"), email: ADMIN_EMAIL };
  if (size === "desktop") {
    await signUp(admin.page, account);
    // One game final, so both lists show.
    await admin.page.request.patch(`/api/games/${dalPhi!.id}`, {
      data: { awayScore: 20, homeScore: 27, status: "completed" },
    });
  } else {
    await admin.page.request.post("/api/login", { data: { email: account.email, password: account.password } });
  }
  await admin.page.goto("/admin/games");
  const first = admin.page.locator(".admin-game").first();
  await first.waitFor();
  await first.getByText(/^Player stats/).click();
  await first.getByRole("spinbutton").first().fill("27");
  await shoot(admin.page, "admin-games", size);
  await admin.context.close();
}

await mkdir(OUT, { recursive: true });
const season = await startSeasonServer();
// Thursday night: Dallas @ Philadelphia is under way, the Sunday games are open.
season.ctx.clock.set("2026-09-11T01:00:00Z");
const server = await startServer();
const browser = await launchBrowser();
try {
  await screens(browser, server, "desktop", DESKTOP);
  await screens(browser, server, "phone", PHONE);
  await gameScreens(browser, season, "desktop", DESKTOP);
  await gameScreens(browser, season, "phone", PHONE);
} finally {
  await browser.close();
  await server.stop();
  await season.stop();
}

// ---------- My Bets (features/my-bets): the journal with pending, won and lost bets and notes, and the Edit Bet Note dialog ----------

import { settleGame } from "../src/modules/betting/settlement.ts";
import {
  DAL_PHI,
  KC_BUF,
  moneyline,
  moveLines,
  newPlayer,
  NOW,
  PHI_KC,
  placeBet,
  qbProp,
  recordClosingLines,
  resolveGame,
  SF_SEA,
  signIn,
  spread,
  startBettingServer,
  total,
} from "../tests/e2e/my-bets-fixtures.ts";

async function myBetsScreens() {
  const betting = await startBettingServer();
  const shots = await launchBrowser();
  try {
    const sizes = [
      { size: "desktop", viewport: DESKTOP, player: await newPlayer(betting, "john_doe") },
      { size: "phone", viewport: PHONE, player: await newPlayer(betting, "jane_smith") },
    ];
    for (const { player } of sizes) {
      await placeBet(betting, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
        hoursAgo: 50,
        note: "Eagles at home off extra rest. Their line has covered 4 of the last 5 as home favourites.",
      });
      await placeBet(betting, player, total(KC_BUF, "Over"), { hoursAgo: 30, units: 2 });
      await placeBet(betting, player, await qbProp(betting, SF_SEA, "Over"), { hoursAgo: 5 });
      await placeBet(betting, player, moneyline(PHI_KC, "Kansas City Chiefs", -175), {
        hoursAgo: 0.3,
        units: 3,
        note: "Chiefs at home in prime time.",
      });
    }
    // PHI closes at −4.5: the settled bets show their closing line and CLV.
    await moveLines(betting, { spreadShift: -1 });
    await resolveGame(betting, DAL_PHI, 17, 24);
    await resolveGame(betting, KC_BUF, 20, 17);
    for (const game of [DAL_PHI, KC_BUF]) await settleGame(betting.ctx.db, betting.ctx.clock.now(), game);
    // Just after SF @ SEA kicks off: week 1 records its closing lines, and no game is final yet by the provider.
    await recordClosingLines(betting, "2026-09-13T21:00:00Z");

    for (const { size, viewport, player } of sizes) {
      const context = await newContext(shots, betting, { viewport });
      await signIn(context, betting, player);
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(NOW));
      await page.goto("/my-bets");
      await page.locator(".bet-card").first().waitFor();
      await shoot(page, "my-bets", size);
      await page.screenshot({ path: `${OUT}/my-bets-full-${size}.png`, fullPage: true });
      console.log(`saved ${OUT}/my-bets-full-${size}.png`);
      await page.getByRole("button", { name: "Edit note for Philadelphia Eagles -3.5" }).click();
      await page.getByRole("dialog", { name: "Edit Bet Note" }).waitFor();
      await page.waitForTimeout(200);
      await shoot(page, "my-bets-note-dialog", size);
      await context.close();

      const newcomer = await newContext(shots, betting, { viewport });
      await signIn(newcomer, betting, await newPlayer(betting));
      const empty = await newcomer.newPage();
      await empty.goto("/my-bets");
      await empty.getByText("You haven't placed any bets yet.").waitFor();
      await shoot(empty, "my-bets-empty", size);
      await empty.route("**/api/users/*/bets", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ message: "Database is busy", code: "internal" }),
        }),
      );
      await empty.getByRole("button", { name: "Refresh" }).click();
      await empty.getByText("Error loading bets").waitFor();
      await shoot(empty, "my-bets-error", size);
      await newcomer.close();
    }
  } finally {
    await shots.close();
    await betting.stop();
  }
}

await myBetsScreens();

// ---------- Contest rules (features/contest) and Bot Management (features/admin/bots) ----------

import { syncGames as syncContestGames } from "../src/modules/feeds/service.ts";
import { FakeProvider as ContestProvider } from "../tests/fake-provider.ts";

async function contestAndBotScreens() {
  const contest = await startServer({ now: "2026-09-09T12:00:00Z", env: { ADMIN_EMAILS: "bots-admin@example.com" } });
  await syncContestGames(contest.ctx.db, new ContestProvider(), contest.ctx.clock.now());
  const shots = await launchBrowser();
  try {
    const admin = { ...newAccount("bot_wrangler"), email: "bots-admin@example.com" };
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const visitor = await newContext(shots, contest, { viewport });
      const page = await visitor.newPage();
      await page.goto("/contest-rules");
      await page
        .getByTestId("week-eligibility")
        .getByText(/^Week 1 has 3 games/)
        .waitFor();
      await shoot(page, "contest-rules", size);
      await page.screenshot({ path: `${OUT}/contest-rules-full-${size}.png`, fullPage: true });
      console.log(`saved ${OUT}/contest-rules-full-${size}.png`);
      await page.getByRole("button", { name: "Start Making Picks" }).click();
      await page.getByRole("dialog", { name: "Create an Account to Compete" }).waitFor();
      await page.waitForTimeout(200);
      await shoot(page, "contest-rules-dialog", size);
      await visitor.close();

      const context = await newContext(shots, contest, { viewport });
      const adminPage = await context.newPage();
      if (size === "desktop") {
        const registered = await adminPage.request.post("/api/register", { data: { ...admin, website: "" } });
        if (registered.status() !== 201) throw new Error(`admin sign-up failed: ${registered.status()}`);
        // A listed address is an admin once proved (the mailed link); here straight in the database.
        await proveAddress(contest.ctx, admin.email);
        await adminPage.request.post("/api/admin/bots/ensure", { data: { count: 12 } });
      } else {
        await adminPage.request.post("/api/login", { data: { email: admin.email, password: admin.password } });
      }
      await adminPage.goto("/admin/bots");
      await adminPage.getByText("Currently 12 bots. 28 will be created.").waitFor();
      await shoot(adminPage, "admin-bots", size);
      await adminPage.getByRole("button", { name: "Run Weekly Update" }).click();
      await adminPage.locator(".toast").waitFor();
      await adminPage.waitForTimeout(400);
      await shoot(adminPage, "admin-bots-toast", size);
      await context.close();

      if (size === "desktop") {
        // A player who is not an admin: no gate, the server's refusal instead of the figures.
        const playerContext = await newContext(shots, contest, { viewport });
        const player = await playerContext.newPage();
        await player.request.post("/api/register", { data: { ...newAccount("not_an_admin"), website: "" } });
        await player.goto("/admin/bots");
        await player.getByText("Bot stats could not be loaded").waitFor();
        await player.getByRole("button", { name: "Ensure 40 Bots" }).click();
        await player.locator(".toast").waitFor();
        await player.waitForTimeout(400);
        await shoot(player, "admin-bots-refused", size);
        await playerContext.close();
      }
    }
  } finally {
    await shots.close();
    await contest.stop();
  }
}

await contestAndBotScreens();

// ---------- Analytics and Leaderboard (features/analytics, features/leaderboard): a player's figures, charted, and both boards ----------

import * as statsFixtures from "../tests/e2e/stats-fixtures.ts";

async function statsScreens() {
  const f = statsFixtures;
  const stats = await f.startStatsServer();
  const shots = await launchBrowser();
  try {
    const john = await f.newPlayer(stats, "john_doe");
    const sarah = await f.newPlayer(stats, "sarah_k");
    const mike = await f.newPlayer(stats, "mike_thompson", { isBot: true });
    const dan = await f.newPlayer(stats, "dan_the_man");
    const lisa = await f.newPlayer(stats, "lisa_m");
    const guru = await f.newPlayer(stats, "gridiron_guru", { isBot: true });
    const tom = await f.newPlayer(stats, "tom_b");
    const newcomer = await f.newPlayer(stats, "fresh_start");

    await f.placeBet(stats, john, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5));
    await f.placeBet(stats, john, await f.qbProp(stats, f.KC_BUF, "Over"));
    await f.placeBet(stats, john, f.total(f.PHI_KC, "Over"), 2);
    await f.placeBet(stats, john, f.spread(f.BUF_DAL, "Dallas Cowboys", -3.5), 3);
    await f.placeBet(stats, john, f.moneyline(f.SF_SEA, "Seattle Seahawks", -175)); // stays pending
    await f.placeBet(stats, sarah, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5), 3);
    await f.placeBet(stats, sarah, f.spread(f.KC_BUF, "Buffalo Bills", -3.5), 2);
    await f.placeBet(stats, mike, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5), 2);
    await f.placeBet(stats, mike, f.spread(f.KC_BUF, "Kansas City Chiefs", 3.5));
    await f.placeBet(stats, dan, f.spread(f.DAL_PHI, "Dallas Cowboys", 3.5));
    await f.placeBet(stats, dan, f.spread(f.KC_BUF, "Buffalo Bills", -3.5));
    await f.placeBet(stats, dan, f.spread(f.BUF_DAL, "Dallas Cowboys", -3.5), 3);
    await f.placeBet(stats, lisa, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5));
    await f.placeBet(stats, lisa, f.total(f.PHI_KC, "Over"));
    await f.placeBet(stats, guru, f.moneyline(f.DAL_PHI, "Dallas Cowboys", 150));
    await f.placeBet(stats, guru, f.moneyline(f.KC_BUF, "Kansas City Chiefs", 150));
    await f.placeBet(stats, tom, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5));
    await f.placeBet(stats, newcomer, f.spread(f.SF_SEA, "San Francisco 49ers", 3.5));
    // The lines move before kick-off, so the settled bets have closing lines and an average CLV.
    await f.moveLines(stats, { spreadShift: -1, propShift: 10 });
    // San Francisco @ Seattle stays unplayed, so week 1 is still the current week.
    await f.resolveAndSettle(stats, f.DAL_PHI, { away: 17, home: 24 }, "2026-09-11T04:00:00Z");
    await f.resolveAndSettle(stats, f.KC_BUF, { away: 10, home: 28 }, "2026-09-14T01:00:00Z");
    await f.resolveAndSettle(stats, f.PHI_KC, { away: 13, home: 27 }, "2026-09-21T01:00:00Z");
    await f.resolveAndSettle(stats, f.BUF_DAL, { away: 20, home: 27 }, "2026-09-22T03:00:00Z");
    // Week 1's closing lines, recorded before the provider could call SF @ SEA final (week 2's stay unrecorded).
    await f.recordClosingLines(stats, "2026-09-13T21:00:00Z");

    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const { context, page } = await f.openPage(shots, stats, john, { viewport, now: "2026-09-25T12:00:00Z" });
      await page.goto("/analytics");
      await page.locator(".profit-chart canvas").first().waitFor();
      await page.waitForTimeout(1800); // the line draws over 1.5 s
      await shoot(page, "analytics", size);
      await page.screenshot({ path: `${OUT}/analytics-full-${size}.png`, fullPage: true });
      console.log(`saved ${OUT}/analytics-full-${size}.png`);
      await page.goto("/leaderboard");
      await page.locator(".board-row").first().waitFor();
      await shoot(page, "leaderboard-week", size);
      await page.getByRole("button", { name: "Overall", exact: true }).click();
      await page.getByRole("heading", { name: "Overall Leaderboard" }).waitFor();
      await page.locator(".board-row").first().waitFor();
      await page.waitForTimeout(300); // the toggle's colour transition
      await shoot(page, "leaderboard-overall", size);
      if (size === "phone") {
        await page.locator(".board-scroll").evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
        await shoot(page, "leaderboard-overall-scrolled", size);
      }
      await context.close();

      const fresh = await f.openPage(shots, stats, newcomer, { viewport, now: "2026-09-25T12:00:00Z" });
      await fresh.page.goto("/analytics");
      await fresh.page.getByText("No settled bets in the last 30 days.").waitFor();
      await shoot(fresh.page, "analytics-empty", size);
      await fresh.page.screenshot({ path: `${OUT}/analytics-empty-full-${size}.png`, fullPage: true });
      console.log(`saved ${OUT}/analytics-empty-full-${size}.png`);
      await fresh.context.close();
    }
  } finally {
    await shots.close();
    await stats.stop();
  }
}

await statsScreens();

// ---------- Leagues (features/leagues), invite links (features/invite) and the slip's book picker ----------

import { call as leagueCall } from "../tests/support.ts";

async function leagueScreens() {
  const leagues = await startBettingServer();
  const shots = await launchBrowser();
  const api = async (player: { cookie: string }, method: string, path: string, body?: unknown) => {
    const res = await leagueCall(leagues.ctx.app, method, path, {
      cookie: player.cookie,
      ...(body === undefined ? {} : { body }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  try {
    const me = await newPlayer(leagues, "john_doe");
    const rival = await newPlayer(leagues, "gridiron_greg");
    const pal = await newPlayer(leagues, "sunday_sam");
    const host = await newPlayer(leagues, "commissioner_kim");
    const rules = (allowedBetTypes: string[], extra: Record<string, number> = {}) => ({ allowedBetTypes, ...extra });
    const create = (owner: typeof me, body: Record<string, unknown>) =>
      api(owner, "POST", "/api/leagues", {
        description: "",
        isPublic: true,
        rules: rules(["spread", "total", "moneyline"]),
        ...body,
        createdBy: owner.user.id,
      });
    const sharps = await create(me, {
      name: "Sunday Sharps",
      description: "Spreads and totals only. Loser buys wings at the season finale.",
      isPublic: false,
      rules: rules(["spread", "total"], { minWager: 100, maxWager: 300 }),
      startingBankroll: 5000,
      startDate: "2026-09-10",
      endDate: "2027-01-10",
    });
    const office = await create(rival, {
      name: "Office Pool",
      description: "Everyone on the third floor. Moneylines welcome.",
    });
    await create(host, {
      name: "Prop Hunters",
      description: "Player props only, for the stat nerds.",
      rules: rules(["prop"]),
    });
    await create(host, {
      name: "Invite Only Elite",
      isPublic: false,
      endDate: "2026-12-28",
      rules: rules(["spread", "moneyline"], { minWager: 200 }),
    });
    const highRollers = await create(host, { name: "High Rollers", isPublic: false, startingBankroll: 10000 });
    await api(me, "POST", `/api/leagues/${office.id}/join`, { userId: me.user.id });
    for (const player of [rival, pal]) {
      await api(me, "POST", `/api/leagues/${sharps.id}/invite`, {
        leagueId: sharps.id,
        invitedUserId: player.user.username,
        invitedBy: me.user.id,
      });
      const [invitation] = await api(player, "GET", `/api/users/${player.user.id}/invitations`);
      await api(player, "POST", `/api/invitations/${invitation.id}/accept`, { userId: player.user.id });
    }
    await api(me, "POST", `/api/leagues/${sharps.id}/invite`, {
      leagueId: sharps.id,
      invitedUserId: host.user.username,
      invitedBy: me.user.id,
    });
    await api(host, "POST", `/api/leagues/${highRollers.id}/invite`, {
      leagueId: highRollers.id,
      invitedUserId: me.user.username,
      invitedBy: host.user.id,
    });
    // A settled league game, so the standings have figures.
    await placeBet(
      leagues,
      me,
      { ...spread(DAL_PHI, "Philadelphia Eagles", -3.5), leagueId: sharps.id },
      { units: 2, hoursAgo: 30 },
    );
    await placeBet(
      leagues,
      rival,
      { ...spread(DAL_PHI, "Dallas Cowboys", 3.5), leagueId: sharps.id },
      { hoursAgo: 30 },
    );
    await placeBet(leagues, pal, { ...total(DAL_PHI, "Over"), leagueId: sharps.id }, { hoursAgo: 30 });
    await resolveGame(leagues, DAL_PHI, 17, 24);
    await settleGame(leagues.ctx.db, leagues.ctx.clock.now(), DAL_PHI);
    const { inviteToken } = await api(me, "GET", `/api/leagues/${sharps.id}/invite-link`);

    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const context = await newContext(shots, leagues, { viewport });
      await signIn(context, leagues, me);
      await context.route(/^https:\/\/a\.espncdn\.com\//, (route) => route.abort());
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(NOW));
      await page.goto("/leagues");
      await page.getByRole("heading", { name: "Pending Invitations (1)" }).waitFor();
      await page.locator(".league-card").nth(4).waitFor();
      await shoot(page, "leagues", size);
      await page.screenshot({ path: `${OUT}/leagues-full-${size}.png`, fullPage: true });
      console.log(`saved ${OUT}/leagues-full-${size}.png`);

      await page.getByRole("article", { name: "Sunday Sharps", exact: true }).click();
      const details = page.locator("dialog.league-details-dialog");
      await details.locator(".league-standings tbody tr").first().waitFor();
      await details.locator(".league-sent-invitations").waitFor();
      await page.waitForTimeout(200);
      await shoot(page, "leagues-details", size);
      await details.getByRole("button", { name: "Leave League" }).scrollIntoViewIfNeeded();
      await shoot(page, "leagues-details-bottom", size);
      await details.getByRole("button", { name: "Edit League" }).click();
      await page.getByRole("dialog", { name: "Edit League Settings" }).waitFor();
      await page.waitForTimeout(200);
      await shoot(page, "leagues-edit", size);
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: "Create League" }).click();
      const createDialog = page.getByRole("dialog", { name: "Create League" });
      await createDialog.waitFor();
      await page.waitForTimeout(200);
      await shoot(page, "leagues-create", size);
      await createDialog.getByLabel("League name").fill("Thursday Night Crew");
      await createDialog.getByLabel("Start date").fill("2026-10-01");
      await createDialog.getByLabel("End date").fill("2026-09-01");
      await createDialog.getByRole("button", { name: "Create League" }).click();
      await createDialog.locator(".field-error").waitFor();
      await shoot(page, "leagues-create-error", size);
      await page.keyboard.press("Escape");

      // The slip's book picker with a league chosen.
      await page.goto("/");
      await page.getByRole("button", { name: /Spread: Buffalo Bills/ }).click();
      await page.getByRole("dialog", { name: "Bet Slip" }).getByLabel("Book").selectOption({ label: "Sunday Sharps" });
      await page.waitForTimeout(200);
      await shoot(page, "slip-league-book", size);
      await context.close();

      // Invite pages: joining (the answer held back), success, failure.
      const guest = await newPlayer(leagues);
      const invited = await newContext(shots, leagues, { viewport });
      await signIn(invited, leagues, guest);
      const invitePage = await invited.newPage();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await invitePage.route("**/api/leagues/join-by-token/**", async (route) => {
        await held;
        await route.fallback();
      });
      await invitePage.goto(`/invite/${inviteToken}`);
      await invitePage.getByRole("heading", { name: "Joining League..." }).waitFor();
      await shoot(invitePage, "invite-joining", size);
      release();
      await invitePage.getByRole("heading", { name: "Successfully Joined!" }).waitFor();
      await invitePage.waitForTimeout(300);
      await shoot(invitePage, "invite-success", size);
      await invitePage.goto("/invite/an-old-replaced-link");
      await invitePage.getByRole("heading", { name: "Failed to Join" }).waitFor();
      await invitePage.waitForTimeout(300);
      await shoot(invitePage, "invite-failed", size);
      await invited.close();

      if (size === "desktop") {
        const visitor = await newContext(shots, leagues, { viewport });
        const signedOut = await visitor.newPage();
        await signedOut.goto("/leagues");
        await signedOut.getByText("Please sign in to see, create and join leagues").waitFor();
        await shoot(signedOut, "leagues-signed-out", size);
        await visitor.close();
      }
    }
  } finally {
    await shots.close();
    await leagues.stop();
  }
}

await leagueScreens();

// ---------- Friends and notifications (features/friends, features/notifications): each tab with data, a friend's analytics, the panel ----------

import { settleGame as settleFriendGame } from "../src/modules/betting/settlement.ts";
import * as friendFixtures from "../tests/e2e/my-bets-fixtures.ts";
import { call as friendsCall } from "../tests/support.ts";

async function friendsScreens() {
  const f = friendFixtures;
  const social = await f.startBettingServer();
  const shots = await launchBrowser();
  const { clock } = social.ctx;
  const minutesBefore = (minutes: number) => new Date(new Date(f.NOW).getTime() - minutes * 60_000);
  const api = async (player: { cookie: string }, method: string, path: string, body?: unknown) => {
    const res = await friendsCall(social.ctx.app, method, path, {
      cookie: player.cookie,
      ...(body === undefined ? {} : { body }),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const befriend = async (a: { cookie: string }, b: { cookie: string; user: { id: number } }) => {
    const sent = await api(a, "POST", "/api/friends/requests", { addresseeId: b.user.id });
    await api(b, "PATCH", `/api/friends/requests/${sent.id}`, { status: "accepted" });
  };
  try {
    const ben = await f.newPlayer(social, "ben_jones");
    const sarah = await f.newPlayer(social, "sarah.k");
    const david = await f.newPlayer(social, "david_r");
    const lisa = await f.newPlayer(social, "lisa_m");
    const tom = await f.newPlayer(social, "tom-b");
    const dan = await f.newPlayer(social, "dan_the_man");
    await f.newPlayer(social, "dana_w");
    const viewers = [
      { size: "desktop", viewport: DESKTOP, player: await f.newPlayer(social, "john_doe") },
      { size: "phone", viewport: PHONE, player: await f.newPlayer(social, "jane_smith") },
    ];

    // Ben's record: a 2-unit win, a loss, a win; one bet still pending.
    await f.placeBet(social, ben, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5), { hoursAgo: 40, units: 2 });
    await f.placeBet(social, ben, f.total(f.KC_BUF, "Over"), { hoursAgo: 30 });
    await f.placeBet(social, ben, f.moneyline(f.SF_SEA, "San Francisco 49ers", 150), { hoursAgo: 20 });
    for (const { player } of viewers) {
      await f.placeBet(social, player, f.spread(f.DAL_PHI, "Philadelphia Eagles", -3.5), { hoursAgo: 30 });
      await f.placeBet(social, player, f.total(f.KC_BUF, "Under"), { hoursAgo: 26, units: 2 });
    }
    await f.resolveGame(social, f.DAL_PHI, 17, 24);
    await f.resolveGame(social, f.KC_BUF, 20, 17);
    await f.resolveGame(social, f.SF_SEA, 27, 20);
    await settleFriendGame(social.ctx.db, minutesBefore(26 * 60), f.DAL_PHI);
    await settleFriendGame(social.ctx.db, minutesBefore(5 * 60), f.KC_BUF);
    await settleFriendGame(social.ctx.db, minutesBefore(3 * 60), f.SF_SEA);

    for (const { player } of viewers) {
      clock.set(minutesBefore(3 * 24 * 60));
      await befriend(player, sarah);
      await befriend(david, player);
      clock.set(minutesBefore(90));
      await befriend(player, ben); // "ben_jones accepted your friend request"
      clock.set(minutesBefore(40));
      await api(lisa, "POST", "/api/friends/requests", { addresseeId: player.user.id });
      clock.set(minutesBefore(12));
      await api(tom, "POST", "/api/friends/requests", { addresseeId: player.user.id });
      await api(player, "POST", "/api/friends/requests", { addresseeId: dan.user.id });
    }
    clock.set(f.NOW);

    for (const { size, viewport, player } of viewers) {
      const context = await newContext(shots, social, { viewport });
      await f.signIn(context, social, player);
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date(f.NOW));
      await page.goto("/friends");
      await page.locator(".friend-row").first().waitFor();
      await page.locator(".notifications-badge").waitFor();
      await shoot(page, "friends", size);
      await page.getByRole("tab", { name: /^Requests/ }).click();
      await page.getByRole("region", { name: /^Outgoing/ }).waitFor();
      await page.mouse.move(0, 400);
      await page.waitForTimeout(300); // the tabs' colour transition
      await shoot(page, "friends-requests", size);
      await page.getByRole("tab", { name: "Find Friends" }).click();
      await page.getByLabel("Search by username").fill("da");
      await page.getByLabel("Search by username").press("Enter");
      await page.locator(".friend-results .friend-row").first().waitFor();
      await page.mouse.move(0, 400);
      await page.waitForTimeout(300);
      await shoot(page, "friends-find", size);
      await page.getByLabel("Search by username").fill("d");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByText("Enter at least 2 characters to search.").waitFor();
      await shoot(page, "friends-find-hint", size);

      await page.goto(`/friends/${ben.user.id}/analytics`);
      await page.locator(".stat-card").first().waitFor();
      await shoot(page, "friend-analytics", size);
      await page.goto(`/friends/${dan.user.id}/analytics`);
      await page.getByText("Analytics unavailable").waitFor();
      await shoot(page, "friend-analytics-error", size);

      await page.goto("/");
      await page.locator(".notifications-badge").waitFor();
      await page.getByRole("button", { name: /^Notifications/ }).click();
      await page.locator(".notification-item").first().waitFor();
      await page.waitForFunction(() => document.querySelector(".notifications-badge") === null);
      await shoot(page, "notifications-list", size);
      await context.close();

      const newcomer = await newContext(shots, social, { viewport });
      await f.signIn(newcomer, social, await f.newPlayer(social));
      const empty = await newcomer.newPage();
      await empty.goto("/friends");
      await empty.getByText("You haven't added any friends yet.").waitFor();
      await shoot(empty, "friends-empty", size);
      await newcomer.close();

      const visitor = await newContext(shots, social, { viewport });
      const signedOut = await visitor.newPage();
      await signedOut.goto("/friends");
      await signedOut.getByText("Please sign in to manage your friends").waitFor();
      await shoot(signedOut, "friends-signed-out", size);
      await signedOut.getByRole("button", { name: "Notifications" }).click();
      await signedOut.getByText("to see your notifications.").waitFor();
      await shoot(signedOut, "notifications-signed-out", size);
      await visitor.close();
    }
  } finally {
    await shots.close();
    await social.stop();
  }
}

await friendsScreens();

// ---------- Account care (features/auth, features/settings): forgot and reset password, your data, delete account ----------

import { createResetLink } from "../src/modules/auth/service.ts";

async function accountCareScreens() {
  const plain = await startServer();
  // A second server whose 'mail' goes nowhere, to show the answer when SMTP is set up.
  const mailing = await startMailingServer([]);
  const shots = await launchBrowser();
  try {
    for (const [size, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const visitor = await newContext(shots, plain, { viewport });
      const page = await visitor.newPage();
      await page.goto("/auth");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await shoot(page, "auth-forgot", size);
      await page.getByLabel("Email", { exact: true }).fill("someone@example.com");
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("alert").waitFor();
      await shoot(page, "auth-forgot-no-smtp", size);
      await visitor.close();

      const mailVisitor = await newContext(shots, mailing, { viewport });
      const mailPage = await mailVisitor.newPage();
      await mailPage.goto("/auth");
      await mailPage.getByRole("button", { name: "Forgot password?" }).click();
      await mailPage.getByLabel("Email", { exact: true }).fill("someone@example.com");
      await mailPage.getByRole("button", { name: "Send reset link" }).click();
      await mailPage.locator(".auth-notice").waitFor();
      await shoot(mailPage, "auth-forgot-sent", size);
      await mailVisitor.close();

      const account = newAccount(size === "desktop" ? "care_desk" : "care_phone");
      const member = await newContext(shots, plain, { viewport });
      const signedIn = await member.newPage();
      await registerThroughUi(signedIn, account);

      const resetter = await newContext(shots, plain, { viewport });
      const resetPage = await resetter.newPage();
      const { url } = await createResetLink(plain.ctx.db, plain.ctx.clock.now(), account.email, plain.baseUrl);
      await resetPage.goto(url);
      await resetPage.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await shoot(resetPage, "auth-reset", size);
      await resetPage.getByLabel("New password", { exact: true }).fill("short");
      await resetPage.getByLabel("Confirm password", { exact: true }).fill("shorter");
      await resetPage.getByRole("button", { name: "Change password" }).click();
      await shoot(resetPage, "auth-reset-errors", size);
      await resetPage.getByLabel("New password", { exact: true }).fill(account.password);
      await resetPage.getByLabel("Confirm password", { exact: true }).fill(account.password);
      await resetPage.getByRole("button", { name: "Change password" }).click();
      await resetPage.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await shoot(resetPage, "auth-password-changed", size);
      await resetPage.goto(url);
      await resetPage.getByLabel("New password", { exact: true }).fill(account.password);
      await resetPage.getByLabel("Confirm password", { exact: true }).fill(account.password);
      await resetPage.getByRole("button", { name: "Change password" }).click();
      await resetPage.getByRole("button", { name: "Ask for a new link" }).waitFor();
      await shoot(resetPage, "auth-reset-invalid", size);
      await resetter.close();

      // The reset ended the member's session: sign in again with the (same) new password.
      await signedIn.request.post("/api/login", { data: { email: account.email, password: account.password } });
      await signedIn.goto("/settings");
      await signedIn.getByRole("heading", { name: "Delete account" }).waitFor();
      await signedIn.waitForTimeout(5200); // let any toast go
      await signedIn.screenshot({ path: `${OUT}/settings-account-full-${size}.png`, fullPage: true });
      console.log(`saved ${OUT}/settings-account-full-${size}.png`);
      // The data and delete cards at the top of the view, just under the top bar.
      await signedIn
        .getByRole("article", { name: "Your data" })
        .evaluate((el) =>
          window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 80, behavior: "instant" }),
        );
      await shoot(signedIn, "settings-data", size);
      await signedIn.getByRole("button", { name: "Delete account" }).click();
      const dialog = signedIn.getByRole("dialog", { name: "Delete your account?" });
      await dialog.waitFor();
      await signedIn.waitForTimeout(300);
      await shoot(signedIn, "settings-delete-dialog", size);
      await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await dialog.locator("#delete-password-error").waitFor();
      await shoot(signedIn, "settings-delete-wrong-password", size);
      await member.close();
    }
  } finally {
    await shots.close();
    await plain.stop();
    await mailing.stop();
  }
}

await accountCareScreens();
