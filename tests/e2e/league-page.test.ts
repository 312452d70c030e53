/**
 * The league's own page (issue 44, decision 0074), in a real browser at 390 and 1280, light and dark,
 * by keyboard: its sections by address with Back; a hidden pick's marker without the pick; the sweat
 * room following a live score and a resolve with no request per update; standings at 390 and 820 with
 * nothing clipped; the recap after a week's last game; Create League's "Invite your friends"; a
 * stranger's landing and a private league's 404; the details dialog's way to the page.
 */
import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { syncGames } from "../../src/modules/feeds/service.ts";
import type { League } from "../../src/shared/contract/leagues.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import {
  browserSuite,
  DESKTOP,
  E2E_TIMEOUT,
  PHONE,
  PHONE_AND_DESKTOP_IN_BOTH_SCHEMES,
  TABLET,
  withDispatcher,
} from "./helpers.ts";
import {
  type BettingServer,
  DAL_PHI,
  KC_BUF,
  newPlayer,
  placeBet,
  resolveGame,
  SF_SEA,
  spread,
  startBettingServer,
  total,
} from "./my-bets-fixtures.ts";

// The outbox is delivered, as in serve: a resolve's odds_update and a sync's scores_update reach the open pages.
const suite = browserSuite(async () => withDispatcher(await startBettingServer(), { settle: true }), {
  serverPerTest: true,
});

const shots = (name: string) => (process.env.E2E_SCREENSHOTS ? `${process.env.E2E_SCREENSHOTS}/${name}.png` : null);
async function screenshot(page: Page, name: string) {
  const path = shots(name);
  if (path) await page.screenshot({ path, fullPage: true });
}

async function league(admin: BuiltUser, members: BuiltUser[], body: Record<string, unknown> = {}): Promise<League> {
  const res = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: admin.cookie,
    body: {
      name: "Sunday Sharps",
      description: "Loser buys the wings.",
      isPublic: true,
      rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
      createdBy: admin.user.id,
      ...body,
    },
  });
  expect(res.status).toBe(201);
  for (const member of members) {
    const joined = await call(suite.server.ctx.app, "POST", `/api/leagues/${res.body.id}/join`, {
      cookie: member.cookie,
      body: { userId: member.user.id },
    });
    expect(joined.status).toBe(200);
  }
  return res.body;
}

interface PageOptions {
  viewport?: { width: number; height: number };
  scheme?: "light" | "dark";
}

/** A page signed in as `who` (or a visitor), its clock on the server's, in New York. */
async function pageFor(who: BuiltUser | null, opts: PageOptions = {}): Promise<Page> {
  const context = await suite.newContext({
    viewport: opts.viewport ?? DESKTOP,
    signedInAs: who,
    timezoneId: "America/New_York",
  });
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: opts.scheme ?? "light" });
  await page.clock.install({ time: suite.server.ctx.clock.now() });
  page.setDefaultTimeout(8000);
  return page;
}

describe("the league page", () => {
  for (const [viewport, scheme] of [
    [DESKTOP, "light"],
    [PHONE, "dark"],
  ] as const) {
    test(
      `its sections by address, by keyboard, with Back (${viewport.width}, ${scheme})`,
      async () => {
        const me = await newPlayer(suite.server, "captain_cal");
        const pal = await newPlayer(suite.server, "pal_pat");
        const sharps = await league(me, [pal]);
        const page = await pageFor(me, { viewport, scheme });
        // The first page of a run waits for the web app's bundle: on a busy machine, longer than a click.
        await page.goto(`/leagues/${sharps.id}`, { timeout: E2E_TIMEOUT });
        await page.getByRole("heading", { level: 1, name: "Sunday Sharps" }).waitFor();
        expect(await page.locator(".league-page-rules").textContent()).toBe(
          "Ranked by units won · Picks shown at each game's kick-off · Spread, Total, Moneyline",
        );
        const nav = page.getByRole("navigation", { name: "League sections" });
        expect(await nav.getByRole("link").allTextContents()).toEqual([
          "Standings",
          "This week",
          "Picks",
          "Talk",
          "Sweat",
          "Recap",
          "Members",
          "History",
        ]);
        expect(await nav.getByRole("link", { name: "Standings" }).getAttribute("aria-current")).toBe("page");
        await page
          .getByRole("region", { name: "Season standings" })
          .or(page.getByRole("list", { name: "Season standings" }))
          .first()
          .waitFor();
        await screenshot(page, `league-page-standings-${viewport.width}-${scheme}`);

        // By keyboard: the section links are links; Enter follows one, and its address is its own.
        await nav.getByRole("link", { name: "Members" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(`**/leagues/${sharps.id}/members`);
        await page.getByRole("heading", { name: "Members (2)" }).waitFor();
        await nav.getByRole("link", { name: "History" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(`**/leagues/${sharps.id}/history`);
        await page.locator(".league-history-list li").first().waitFor();
        expect(await page.locator(".league-history-list li").allTextContents()).toEqual([
          expect.stringContaining("pal_pat joined."),
          expect.stringContaining("captain_cal created the league."),
        ]);
        // Back goes to the section before, and again to the first.
        await page.goBack();
        await page.waitForURL(`**/leagues/${sharps.id}/members`);
        await page.getByRole("heading", { name: "Members (2)" }).waitFor();
        await page.goBack();
        await page.waitForURL(`**/leagues/${sharps.id}`);
        expect(await nav.getByRole("link", { name: "Standings" }).getAttribute("aria-current")).toBe("page");

        // Each section by its address (a bookmark, a shared link), rendered by the server.
        for (const [section, heading] of [
          ["week", "Week 1: who has picked"],
          ["picks", "Picks"],
          ["talk", "Talk"],
          ["sweat", "Week 1 sweat"],
          ["recap", "Recap"],
        ] as const) {
          await page.goto(`/leagues/${sharps.id}/${section}`);
          await page.getByRole("heading", { name: heading, exact: true }).waitFor();
          expect(
            await nav.getByRole("link", { name: /./ }).and(page.locator("[aria-current=page]")).textContent(),
          ).not.toBe("");
          await screenshot(page, `league-page-${section}-${viewport.width}-${scheme}`);
          // The section links stay one row (on a phone it scrolls sideways), the open one in view.
          const row = await nav.locator("ul").evaluate((ul) => {
            const box = ul.getBoundingClientRect();
            const open = ul.querySelector("[aria-current=page]")!.getBoundingClientRect();
            const tops = [...ul.querySelectorAll("a")].map((a) => Math.round(a.getBoundingClientRect().top));
            return { rows: new Set(tops).size, openInView: open.left >= box.left - 1 && open.right <= box.right + 1 };
          });
          expect({ section, ...row }).toEqual({ section, rows: 1, openInView: true });
        }
        // An unknown section is no page.
        await page.goto(`/leagues/${sharps.id}/nothing-here`);
        await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      },
      2 * E2E_TIMEOUT,
    );
  }
});

describe("a hidden pick leaves a trace (issue 44 item 2)", () => {
  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `This week: 'picked · shows at 1:00 PM' beside a member with a pick, 'no pick' beside one without, never the pick (${viewport.width}, ${scheme}, by keyboard)`,
      async () => {
        const tag = `${viewport.width}${scheme[0]}`;
        const me = await newPlayer(suite.server, `watcher_${tag}`);
        const pal = await newPlayer(suite.server, `picker_${tag}`);
        const sharps = await league(me, [pal]);
        await placeBet(suite.server, pal, spread(KC_BUF, "Buffalo Bills", -3.5));
        await placeBet(suite.server, me, total(DAL_PHI, "Over"));

        const page = await pageFor(me, { viewport, scheme });
        await page.goto(`/leagues/${sharps.id}`);
        // By keyboard from the league's page to its week.
        await page.getByRole("link", { name: "This week" }).focus();
        await page.keyboard.press("Enter");
        await page.waitForURL(`**/leagues/${sharps.id}/week`);
        const game = page.getByRole("article", { name: /^KC @ BUF/ });
        await game.waitFor();
        const members = game.locator(".week-trace-member");
        expect(await members.allTextContents()).toEqual([
          `watcher_${tag} (you)no pick`,
          `picker_${tag}picked · shows at 1:00 PM`,
        ]);
        // My own pick on another game: mine, and when the league sees it.
        const mine = page
          .getByRole("article", { name: /^DAL @ PHI/ })
          .locator(".week-trace-member")
          .first();
        expect(await mine.textContent()).toBe(`watcher_${tag} (you)your pick · shows at 8:20 PM`);
        // Nothing of the pick itself: no side, no price, no stake anywhere on the page.
        const text = (await page.locator("main").textContent()) ?? "";
        expect({ bills: text.includes("Bills"), line: text.includes("3.5"), price: text.includes("110") }).toEqual({
          bills: false,
          line: false,
          price: false,
        });
        await screenshot(page, `league-page-week-trace-${viewport.width}-${scheme}`);
      },
      E2E_TIMEOUT,
    );
  }
});

/** Sunday of week 1: Kansas City @ Buffalo (1 pm) under way, San Francisco @ Seattle (4:25 pm) not yet. */
const SUNDAY = "2026-09-13T18:00:00Z";

/** The feed reports Kansas City @ Buffalo like this; the sync at the server's time takes it in. */
async function feedSays(server: BettingServer, awayScore: number, homeScore: number, status: string, at: string) {
  server.ctx.clock.set(at);
  server.provider.live.set(KC_BUF, { awayScore, homeScore, status });
  await syncGames(server.ctx.db, server.provider, server.ctx.clock.now());
}

describe("the sweat room (issue 44 item 4)", () => {
  for (const [viewport, scheme] of [
    [DESKTOP, "dark"],
    [PHONE, "light"],
    [DESKTOP, "light"],
    [PHONE, "dark"],
  ] as const) {
    test(
      `each revealed pick beside its live score and cover status, moved by a live score and a resolve with no request (${viewport.width}, ${scheme})`,
      async () => {
        const me = await newPlayer(suite.server, "sweaty_sue");
        const pal = await newPlayer(suite.server, "pat");
        const lee = await newPlayer(suite.server, "lee");
        const sharps = await league(me, [pal, lee], {
          revealPicks: "week_start",
          rules: { allowedBetTypes: ["spread", "total", "moneyline", "parlay"] },
        });
        await placeBet(suite.server, pal, spread(KC_BUF, "Buffalo Bills", -3.5));
        await placeBet(suite.server, lee, total(KC_BUF, "Over", 45.5));
        const parlay = await call(suite.server.ctx.app, "POST", "/api/parlays", {
          cookie: pal.cookie,
          body: { units: 1, legs: [total(KC_BUF, "Under", 45.5), spread(SF_SEA, "Seattle Seahawks", -3.5)] },
        });
        expect(parlay.status).toBe(201);
        await feedSays(suite.server, 7, 10, "Q2 - 4:12", SUNDAY);

        const page = await pageFor(me, { viewport, scheme });
        await page.goto(`/leagues/${sharps.id}/sweat`);
        const game = page.getByRole("region", { name: "KC @ BUF" });
        await game.waitFor();
        expect(await game.locator(".sweat-game-head .sweat-score").textContent()).toBe("KC 7 – 10 BUF · Q2 - 4:12");
        const lines = () =>
          game
            .locator(".sweat-pick")
            .evaluateAll((items) =>
              items.map((li) => [
                li.querySelector(".sweat-who")?.textContent,
                li.querySelector(".sweat-what strong")?.textContent,
                li.querySelector(".sweat-where")?.textContent,
              ]),
            );
        expect(await lines()).toEqual([
          ["lee", "Over 45.5", "needs 29 more points"],
          ["pat", "Buffalo Bills -3.5", "not covering by 0.5"],
        ]);
        const parlays = page.getByRole("region", { name: "Parlays" });
        expect(await parlays.locator(".sweat-leg").allTextContents()).toEqual([
          "Under 45.5 · KC 7 – 10 BUF · Q2 - 4:12 · under by 28.5",
          expect.stringMatching(/^Seattle Seahawks -3\.5 · Kicks off Sun 4:25 PM$/) as unknown as string,
        ]);
        const standings = page.getByRole("region", { name: "This week so far" }).getByRole("listitem");
        expect(await standings.allTextContents()).toEqual(["pat 0U, 2 live", "lee 0U, 1 live", "sweaty_sue 0U"]);
        await screenshot(page, `league-page-sweat-live-${viewport.width}-${scheme}`);

        // From here on, every change arrives on the socket: not one request.
        const asked: string[] = [];
        page.on("request", (request) => {
          const url = new URL(request.url());
          if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
        });
        await feedSays(suite.server, 7, 17, "Q3 - 10:00", "2026-09-13T18:50:00Z");
        await game.locator(".sweat-game-head .sweat-score", { hasText: "KC 7 – 17 BUF · Q3 - 10:00" }).waitFor();
        expect(await lines()).toEqual([
          ["lee", "Over 45.5", "needs 22 more points"],
          ["pat", "Buffalo Bills -3.5", "covering by 6.5"],
        ]);

        // The admin resolves the game: graded in place, and the week's standings move.
        await resolveGame(suite.server, KC_BUF, 20, 27);
        await game.locator(".sweat-game-head .sweat-score", { hasText: "KC 20 – 27 BUF · Final" }).waitFor();
        expect(await lines()).toEqual([
          ["lee", "Over 45.5", "Won +$90.91 · went over by 1.5"],
          ["pat", "Buffalo Bills -3.5", "Won +$90.91 · covered by 3.5"],
        ]);
        expect(await parlays.locator(".sweat-leg").first().textContent()).toBe(
          "Under 45.5 · KC 20 – 27 BUF · Final · went over by 1.5",
        );
        expect(await parlays.locator(".sweat-where").textContent()).toBe("Lost -$100.00");
        expect(await standings.allTextContents()).toEqual(["lee +0.9U", "sweaty_sue 0U", "pat -0.1U"]);
        await screenshot(page, `league-page-sweat-final-${viewport.width}-${scheme}`);
        await page.waitForTimeout(400); // longer than a refetch's random spread (lib/live.ts)
        expect(asked).toEqual([]);
      },
      E2E_TIMEOUT,
    );
  }
});

describe("someone not in the league, and the way from the list (issue 44 item 1)", () => {
  test(
    "a visitor and a stranger get a public league's landing; a private league is 404 to them; the details dialog opens the page (390, dark)",
    async () => {
      const me = await newPlayer(suite.server, "host_hal");
      const stranger = await newPlayer(suite.server, "stray_sam");
      const open = await league(me, []);
      const closed = await league(me, [], { name: "Back Room", isPublic: false });

      const visitor = await pageFor(null, { viewport: PHONE, scheme: "dark" });
      await visitor.goto(`/leagues/${open.id}/sweat`);
      await visitor.getByRole("heading", { level: 1, name: "Sunday Sharps" }).waitFor();
      expect(await visitor.locator(".league-landing-facts").textContent()).toBe("Run by host_hal · 1 member");
      const signIn = visitor.getByRole("link", { name: "Sign In to Join" });
      expect(new URL((await signIn.getAttribute("href"))!, "http://x").searchParams.get("returnUrl")).toBe(
        `/leagues/${open.id}`,
      );
      // Nothing of the league's inside: no sections, no standings.
      expect(await visitor.getByRole("navigation", { name: "League sections" }).count()).toBe(0);
      await screenshot(visitor, "league-page-landing-390-dark");
      await visitor.goto(`/leagues/${closed.id}`);
      await visitor.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      expect(await visitor.locator("main").textContent()).not.toContain("Back Room");

      const outsider = await pageFor(stranger, { viewport: PHONE, scheme: "dark" });
      await outsider.goto(`/leagues/${open.id}`);
      const join = outsider.getByRole("button", { name: "Join League" });
      await join.waitFor();
      await outsider.goto(`/leagues/${closed.id}/members`);
      await outsider.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
      // Joining from the landing, by keyboard: the page becomes the member's.
      await outsider.goto(`/leagues/${open.id}`);
      await join.focus();
      await outsider.keyboard.press("Enter");
      await outsider.getByRole("navigation", { name: "League sections" }).waitFor();

      // On /leagues a card still opens the details dialog, which leads to the page.
      const mine = await pageFor(me, { viewport: PHONE, scheme: "dark" });
      await mine.goto(`/leagues?league=${open.id}`);
      const dialog = mine.locator("dialog.league-details-dialog");
      const openPage = dialog.getByRole("link", { name: "Open league page" });
      await openPage.focus();
      await mine.keyboard.press("Enter");
      await mine.waitForURL(`**/leagues/${open.id}`);
      await mine.getByRole("heading", { level: 1, name: "Sunday Sharps" }).waitFor();
      expect(await mine.locator("dialog[open]").count()).toBe(0);
    },
    2 * E2E_TIMEOUT,
  );
});

/** Every element of `scope` whose box leaves the page's width or whose text overflows it: what a reader loses. */
function clipped(page: Page, scope: string) {
  return page.locator(scope).evaluate((root) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of [root, ...root.querySelectorAll<HTMLElement>("*")]) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(el).visibility === "hidden" || el.closest(".visually-hidden")) continue;
      const name = `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").slice(0, 30)}"`;
      if (box.left < -0.5 || box.right > width + 0.5) found.push(`${name} outside the page`);
      else if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
        found.push(`${name} cut (${el.scrollWidth} > ${el.clientWidth})`);
    }
    return found;
  });
}

describe("standings you can read (issue 44 items 2 and 5)", () => {
  for (const [viewport, scheme] of [
    [PHONE, "light"],
    [TABLET, "dark"],
  ] as const) {
    test(
      `every figure, the note and the footnote whole at ${viewport.width}; each member's bets in play counted (${scheme})`,
      async () => {
        const me = await newPlayer(suite.server, "long_named_member_1");
        const pal = await newPlayer(suite.server, "pal_pat");
        const lee = await newPlayer(suite.server, "lee");
        const sharps = await league(me, [pal, lee], {
          scoring: {
            scoring: "units",
            roiMinBets: 1,
            tiebreakers: ["roi", "clv"],
            dropWorstWeeks: 0,
            minBetsPerWeek: 1,
          },
        });
        await placeBet(suite.server, pal, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
        await placeBet(suite.server, me, total(DAL_PHI, "Over"));
        await placeBet(suite.server, me, spread(KC_BUF, "Buffalo Bills", -3.5));
        await placeBet(suite.server, pal, total(SF_SEA, "Under"));
        suite.server.ctx.clock.set("2026-09-11T04:00:00Z");
        await resolveGame(suite.server, DAL_PHI, 20, 27);

        const page = await pageFor(me, { viewport, scheme });
        await page.goto(`/leagues/${sharps.id}?week=1`);
        const fit = page.locator(".league-standings-fit");
        await fit.locator(".league-standings-cards, .league-standings").locator("visible=true").first().waitFor();
        // Each member's bets in play, beside their figures.
        const inPlay = await page.evaluate(() => {
          const shown = [...document.querySelectorAll<HTMLElement>(".league-standings-fit > *")].find(
            (el) => el.offsetParent !== null && !el.matches("p"),
          )!;
          if (shown.matches("ol"))
            return [...shown.querySelectorAll("li")].map((li) => [
              li.querySelector(".league-standings-card-player")?.textContent,
              [...li.querySelectorAll("dl > div")]
                .find((d) => d.querySelector("dt")?.textContent === "In Play")
                ?.querySelector("dd")?.textContent,
            ]);
          const heads = [...shown.querySelectorAll("thead th")].map((th) => th.textContent);
          const col = heads.indexOf("In Play");
          return [...shown.querySelectorAll("tbody tr")].map((tr) => [
            tr.querySelector("th")?.textContent,
            tr.querySelectorAll("th, td")[col]?.textContent,
          ]);
        });
        expect(Object.fromEntries(inPlay as [string, string][])).toEqual({
          long_named_member_1: "1",
          pal_pat: "1",
          lee: "0",
        });
        expect(await clipped(page, ".league-section")).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
        await page.locator(".league-scoring-text").waitFor();
        await screenshot(page, `league-page-standings-week-${viewport.width}-${scheme}`);
      },
      E2E_TIMEOUT,
    );
  }
});

describe("the Tuesday recap on the league page (issue 44 item 7)", () => {
  test(
    "after the week's last game the recap appears in place; its card opens for a member; a league-mate's name opens their profile (1280 and 390, light and dark)",
    async () => {
      const me = await newPlayer(suite.server, "recap_rae");
      const pal = await newPlayer(suite.server, "pal_pat");
      const lee = await newPlayer(suite.server, "lee");
      const sharps = await league(me, [pal, lee]);
      await placeBet(suite.server, pal, { ...spread(KC_BUF, "Buffalo Bills", -3.5) });
      await placeBet(suite.server, lee, total(DAL_PHI, "Over", 45.5));
      await placeBet(suite.server, me, spread(SF_SEA, "Seattle Seahawks", -3.5));
      suite.server.ctx.clock.set("2026-09-14T03:00:00Z"); // Sunday night: two games final, one to go
      await resolveGame(suite.server, DAL_PHI, 17, 20); // 37 points: lee's Over misses
      await resolveGame(suite.server, KC_BUF, 20, 27);

      const page = await pageFor(me, { viewport: DESKTOP });
      // The first page of a run waits for the web app's bundle: on a busy machine, longer than a click.
      await page.goto(`/leagues/${sharps.id}/recap`, { timeout: E2E_TIMEOUT });
      await page.getByText("Week 1's recap comes once all its games are final.").waitFor();
      const asked: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) asked.push(url.pathname);
      });
      // The week's last game ends: the recap comes in place, from the games update.
      await resolveGame(suite.server, SF_SEA, 21, 24); // Seattle by 3: my -3.5 misses
      await page.locator(".league-recap-winner").waitFor();
      expect(await page.locator(".league-recap-winner").textContent()).toBe("pal_pat won the week with +0.91U.");
      // The games' final came on the socket (no games request); then the recap was asked for (again
      // while the week's bets were still settling, or once my own bet's settlement came).
      expect(asked.filter((p) => p.startsWith("/api/games"))).toEqual([]);
      expect(asked).toContain(`/api/recap/league/${sharps.id}/week/1`);
      const highlights = await page
        .locator(".league-recap-highlights > div")
        .evaluateAll((rows) =>
          rows.map((r) => [r.querySelector("dt")?.textContent, r.querySelector("dd")?.textContent]),
        );
      expect(highlights[0]).toEqual(["Biggest hit", "pal_pat: Buffalo Bills -3.5 (-110) · +0.91U"]);
      expect(highlights.map((h) => h[0])).toContain("Worst beat");
      // The share card, for a member: by keyboard its link, and the image itself.
      const card = page.getByRole("link", { name: "Download the recap card" });
      await card.focus();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Download the recap card");
      const png = await page.request.get((await card.getAttribute("href"))!);
      expect([png.status(), png.headers()["content-type"]]).toEqual([200, "image/png"]);

      // A league-mate's name leads to their profile, which opens (friends and league-mates see it).
      await page.getByRole("navigation", { name: "League sections" }).getByRole("link", { name: "Members" }).click();
      await page.locator(".league-page .league-members").getByRole("link", { name: "pal_pat" }).click();
      await page.waitForURL("**/players/pal_pat");
      await page
        .getByRole("heading", { name: /pal_pat/ })
        .first()
        .waitFor();
      expect(await page.getByText("This profile is private").count()).toBe(0);

      for (const [viewport, scheme] of [
        [DESKTOP, "light"],
        [DESKTOP, "dark"],
        [PHONE, "light"],
        [PHONE, "dark"],
      ] as const) {
        const shot = await pageFor(me, { viewport, scheme });
        await shot.goto(`/leagues/${sharps.id}/recap`);
        await shot.locator(".league-recap-winner").waitFor();
        await shot.locator(".league-recap-tails, .league-recap p.muted").first().waitFor();
        expect(await clipped(shot, ".league-section")).toEqual([]);
        await screenshot(shot, `league-page-recap-${viewport.width}-${scheme}`);
        await shot.goto(`/leagues/${sharps.id}`);
        await shot.locator(".league-scoring-text").waitFor();
        await screenshot(shot, `league-page-standings-final-${viewport.width}-${scheme}`);
        await shot.context().close();
      }
    },
    3 * E2E_TIMEOUT,
  );
});
