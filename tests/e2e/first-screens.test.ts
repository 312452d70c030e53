/**
 * The first screens the server renders (src/http/ssr/, decision 0069), in a real browser: each
 * listed screen shows before any script runs; React hydrates every screen without one warning
 * (React's development build names each mismatch), in light and dark, at 390 and 1280 px; and the
 * first load asks the API for nothing the page came with.
 */
import { expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { DEVELOPMENT_BUILD_ENV } from "../../src/http/web-assets.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { buildLeague, type BuiltUser, buildUser } from "../factories.ts";
import { call } from "../support.ts";
import { ADMIN_EMAIL, type SeasonServer, signUp, startSeasonServer } from "./games-fixture.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, networkQuiet, PHONE, trackRequests } from "./helpers.ts";

// Read when the server first bundles the app (this file's own process): React's development build.
process.env[DEVELOPMENT_BUILD_ENV] = "1";

let inviteToken = "";
let leagueId = 0;
let admin: BuiltUser;
const suite = browserSuite(async () => {
  const server = await startSeasonServer();
  admin = await buildUser(server.ctx, { email: ADMIN_EMAIL, username: "the_admin" });
  await call(server.ctx.app, "PUT", "/api/user/profile-visibility", {
    cookie: admin.cookie,
    body: { visibility: "everyone" },
  });
  const league = await buildLeague(server.ctx, admin, { name: "Sunday Sharps" });
  inviteToken = league.inviteToken;
  leagueId = league.id;
  return server;
});

interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: "light" | "dark";
  javaScript?: boolean;
  signedInAs?: BuiltUser;
}

/** A fresh profile on New York time, its clock where the server's stands, the logo host unreachable. */
async function open(browser: Browser, server: SeasonServer, opts: PageOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    serviceWorkers: "block",
    baseURL: server.baseUrl,
    viewport: opts.viewport ?? DESKTOP,
    colorScheme: opts.colorScheme ?? "light",
    javaScriptEnabled: opts.javaScript ?? true,
    timezoneId: "America/New_York",
    locale: "en-US",
  });
  await context.addInitScript(() => {
    localStorage.setItem("npt.onboardingDismissed", "true");
    localStorage.setItem("npt.pushAsked", "true");
  });
  await context.route(/^https:\/\/a\.espncdn\.com\//, (route) => route.abort());
  if (opts.signedInAs) {
    await context.addCookies([{ name: SESSION_COOKIE, value: opts.signedInAs.token, url: server.baseUrl }]);
  }
  const page = await context.newPage();
  if (opts.javaScript !== false) await page.clock.install({ time: server.ctx.clock.now() });
  return page;
}

test(
  "each listed screen is in the page before any script runs",
  async () => {
    const page = await open(suite.browser, suite.server, { javaScript: false });
    await page.goto("/");
    await page.getByRole("complementary", { name: "Weekly contest" }).waitFor({ timeout: 1000 });
    expect(await page.getByTestId("game-card").count()).toBe(3);
    await page.getByRole("article", { name: "Dallas Cowboys @ Philadelphia Eagles" }).waitFor({ timeout: 1000 });
    await page.goto("/leaderboard");
    await page.getByRole("heading", { name: "Week 1 Leaderboard" }).waitFor({ timeout: 1000 });
    await page.goto("/contest-rules");
    await page.getByText("Week 1 has 3 games").waitFor({ timeout: 1000 });
    await page.goto("/players/the_admin");
    await page.getByRole("heading", { name: /the_admin/ }).waitFor({ timeout: 1000 });
    await page.goto(`/invite/${inviteToken}`);
    await page.getByRole("heading", { name: "Joining League..." }).waitFor({ timeout: 1000 });
    // A shared league page: to a visitor, what the league is and the way in.
    await page.goto(`/leagues/${leagueId}`);
    await page.getByRole("heading", { name: "Sunday Sharps" }).waitFor({ timeout: 1000 });
    await page.getByRole("link", { name: "Sign In to Join" }).waitFor({ timeout: 1000 });
  },
  E2E_TIMEOUT,
);

/** Everything the console and the page reported while it loaded and hydrated. */
function listen(page: Page): string[] {
  const heard: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") heard.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => heard.push(`pageerror: ${error.message}`));
  return heard;
}

const hydrationTrouble = (heard: string[]) =>
  heard.filter((line) => /hydrat|did not match|didn't match|server rendered/i.test(line));

test(
  "no hydration warning on any screen, signed out and in, light and dark, at 390 and 1280",
  async () => {
    const publicScreens = [
      "/",
      "/leaderboard",
      "/leaderboard?view=overall",
      "/contest-rules",
      "/players/the_admin",
      `/invite/${inviteToken}`,
      "/auth",
      "/no-such-screen",
      `/leagues/${leagueId}`,
    ];
    const playerScreens = [
      ...publicScreens,
      "/?week=2",
      "/my-bets",
      "/analytics",
      "/friends",
      "/leagues",
      "/settings",
      "/admin/games",
      "/admin/bots",
      // The league's page (issue 44): every section, its own member's.
      ...["/week", "/picks", "/talk", "/sweat", "/recap", "/members", "/history", "?invite=new"].map(
        (section) => `/leagues/${leagueId}${section}`,
      ),
    ];
    const trouble: string[] = [];
    let loads = 0;
    for (const signedIn of [false, true]) {
      for (const colorScheme of ["light", "dark"] as const) {
        for (const viewport of [PHONE, DESKTOP]) {
          const page = await open(suite.browser, suite.server, { viewport, colorScheme });
          if (signedIn)
            await page.request.post("/api/login", { data: { email: ADMIN_EMAIL, password: "correct-horse-42" } });
          const heard = listen(page);
          for (const path of signedIn ? playerScreens : publicScreens) {
            heard.length = 0;
            await page.goto(path);
            await page.locator("html[data-app=running]").waitFor();
            await networkQuiet(page);
            loads += 1;
            for (const line of hydrationTrouble(heard)) {
              trouble.push(
                `${signedIn ? "admin" : "visitor"} ${colorScheme} ${viewport.width} ${path}: ${line.slice(0, 600)}`,
              );
            }
          }
          await page.context().close();
        }
      }
    }
    expect(loads).toBe(4 * 9 + 4 * 25);
    expect(trouble).toEqual([]);
  },
  8 * E2E_TIMEOUT,
);

/** The API requests a page makes from its start until it is quiet, and its live channel has said hello. */
async function apiRequestsOnLoad(page: Page, path: string): Promise<string[]> {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) asked.push(url.pathname + url.search);
  });
  const hello = new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve();
      }),
    ),
  );
  trackRequests(page);
  await page.goto(path);
  await page.locator("html[data-app=running]").waitFor();
  await hello;
  await networkQuiet(page, 300);
  return asked;
}

test(
  "the first load asks for nothing the page came with: a visitor's screens ask for nothing at all",
  async () => {
    for (const path of ["/", "/leaderboard", "/contest-rules", "/players/the_admin"]) {
      const page = await open(suite.browser, suite.server);
      expect({ path, asked: await apiRequestsOnLoad(page, path) }).toEqual({ path, asked: [] });
      await page.context().close();
    }
    // A player's Games screen: only the bet history behind the performance panel, which is not in the page.
    const page = await open(suite.browser, suite.server);
    const player = await signUp(page);
    // (Asked again at the live channel's first open when its hello comes late: lib/live.ts, mayHaveMissedEvents.)
    const asked = await apiRequestsOnLoad(page, "/");
    expect(asked.length).toBeGreaterThan(0);
    expect(new Set(asked)).toEqual(new Set([`/api/users/${player.id}/bets`]));
    // A profile the visitor may not see: the page carries no answer for it, so it asks once, and shows the refusal.
    await call(suite.server.ctx.app, "PUT", "/api/user/profile-visibility", {
      cookie: admin.cookie,
      body: { visibility: "only_me" },
    });
    const visitor = await open(suite.browser, suite.server);
    expect(await apiRequestsOnLoad(visitor, "/players/the_admin")).toEqual(["/api/players/the_admin"]);
    await visitor.getByRole("heading", { name: "This profile is private" }).waitFor();
  },
  2 * E2E_TIMEOUT,
);
