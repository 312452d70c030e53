/**
 * The first screens the server renders (src/http/ssr/, decision 0069): each listed route arrives
 * with its screen in the HTML, before any script runs; the answers the page carries for the browser
 * are exactly what the API answers the same caller (so a page can show no more than the API would);
 * they are safe inside the page's script; signed-out pages are kept per version of their data.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadWebAssets } from "../../src/http/web-assets.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { PROMO_DISMISSED_COOKIE } from "../../src/shared/promo-dismissal.ts";
import { VIEWER_ZONE_COOKIE, viewerZoneValue } from "../../src/shared/viewer-zone.ts";
import { buildInvitation, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import type { FakeProvider } from "../fake-provider.ts";
import { BASE, call, type TestContext } from "../support.ts";

let ctx: TestContext;
let provider: FakeProvider;
let alice: BuiltUser;
let bob: BuiltUser;
let hidden: BuiltUser;
let inviteToken: string;
let leagueId: number;
const NASTY = "Ends </script><script>alert(1)</script> <!--";

beforeAll(async () => {
  const world = await seededSeason({
    people: { alice: { username: "alice" }, bob: { username: "bob" }, hidden: { username: "hidden" } },
  });
  ({ ctx, provider } = world);
  ({ alice, bob, hidden } = world.people);
  await call(ctx.app, "PUT", "/api/user/profile-visibility", {
    cookie: alice.cookie,
    body: { visibility: "everyone" },
  });
  await call(ctx.app, "PUT", "/api/user/profile-visibility", {
    cookie: hidden.cookie,
    body: { visibility: "only_me" },
  });
  type Game = {
    id: string;
    homeTeam: string;
    odds: { marketType: string; outcomes: { name: string; price: number }[] }[];
  };
  const game = ((await call(ctx.app, "GET", "/api/games?week=1")).body as Game[])[0]!;
  const price = game.odds.find((m) => m.marketType === "h2h")!.outcomes.find((o) => o.name === game.homeTeam)!.price;
  const placed = await call(ctx.app, "POST", "/api/bets", {
    cookie: alice.cookie,
    body: { gameId: game.id, betType: "moneyline", selection: game.homeTeam, odds: price, units: 1, leagueId: null },
  });
  expect(placed.status).toBe(201);
  // A league whose name tries to end the page's script, invited to bob: his bell carries it.
  const league = await buildLeague(ctx, alice, { name: NASTY });
  inviteToken = league.inviteToken;
  leagueId = league.id;
  await buildInvitation(ctx, league, alice, bob);
  // Bundling the web app, and the server's first render (it loads the screens' code), take seconds
  // on a busy machine: done here, not in the first test.
  await loadWebAssets();
  await ctx.app.handle(new Request(`${BASE}/`, { headers: { cookie: alice.cookie } }));
}, 60_000);
afterAll(() => ctx?.close());

async function page(path: string, who: BuiltUser | null = null, headers: Record<string, string> = {}) {
  const cookie = [who?.cookie, headers.cookie].filter(Boolean).join("; ");
  const res = await ctx.app.handle(new Request(`${BASE}${path}`, { headers: { ...headers, cookie } }));
  return { res, html: await res.text() };
}

/** The part of the page inside #root, what shows before any script runs (without React's text separators). */
const rootOf = (html: string) =>
  (/<div id="root">(.*)<\/div>\s*<script type="application\/json"/s.exec(html)?.[1] ?? "").replaceAll("<!-- -->", "");

/** Whether `text` holds each of `parts`, as one object (a failure lists what is missing, not the page). */
const holds = (text: string, ...parts: string[]) => Object.fromEntries(parts.map((p) => [p, text.includes(p)]));
const all = (...parts: string[]) => Object.fromEntries(parts.map((p) => [p, true]));

interface FirstScreen {
  url: string;
  queries: [[string, string], unknown][];
}

function firstScreenOf(html: string): FirstScreen {
  const json = /<script type="application\/json" id="npt-first-screen">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json!) as FirstScreen;
}

describe("each listed route's first screen is in the HTML", () => {
  test("/ signed out: the promo and the week's game cards; no coverage panel", async () => {
    const { res, html } = await page("/");
    expect(res.status).toBe(200);
    const root = rootOf(html);
    expect(holds(root, "Win a $20 gift card every week", "Dallas Cowboys @ Philadelphia Eagles")).toEqual(
      all("Win a $20 gift card every week", "Dallas Cowboys @ Philadelphia Eagles"),
    );
    expect(root.match(/data-testid="game-card"/g)?.length).toBe(3);
    expect(holds(root, "Loading games", "coverage-panel")).toEqual({ "Loading games": false, "coverage-panel": false });
  });

  test("/ signed in: the coverage panel with the player's count, and their bet on its card", async () => {
    const root = rootOf((await page("/", alice)).html);
    const parts = ["Week 1 Betting Coverage", "1/3", "YOUR BET", "Account menu for alice"];
    expect(holds(root, ...parts)).toEqual(all(...parts));
  });

  test("/leaderboard, /contest-rules, a public profile and an invite: their screen, not their loading state", async () => {
    const board = rootOf((await page("/leaderboard")).html);
    expect(holds(board, "Week 1 Leaderboard", "Loading leaderboard")).toEqual({
      "Week 1 Leaderboard": true,
      "Loading leaderboard": false,
    });
    expect(holds(rootOf((await page("/contest-rules")).html), "Week 1 has 3 games")).toEqual(all("Week 1 has 3 games"));
    const profile = rootOf((await page("/players/alice", bob)).html);
    expect(holds(profile, "profile-figures", "Loading profile")).toEqual({
      "profile-figures": true,
      "Loading profile": false,
    });
    const invite = rootOf((await page(`/invite/${inviteToken}`)).html);
    expect(holds(invite, "Taking you to sign in first")).toEqual(all("Taking you to sign in first"));
  });

  test("a path that is no screen: its 'not found' screen, with 404", async () => {
    const { res, html } = await page("/no-such-screen");
    expect(res.status).toBe(404);
    expect(holds(rootOf(html), "404 Page Not Found")).toEqual(all("404 Page Not Found"));
  });
});

describe("a page carries exactly what the API answers the same caller", () => {
  const paths = () => [
    "/",
    "/?week=2",
    "/leaderboard",
    "/leaderboard?view=overall",
    "/contest-rules",
    "/players/alice",
    "/players/hidden",
    `/invite/${inviteToken}`,
    "/my-bets",
    "/auth?mode=register",
    // A league's page (issue 44): to its member each section's answers, to anyone else its preview.
    ...["", "?week=1", "/week", "/picks", "/talk", "/sweat", "/recap?week=1", "/members", "/history"].map(
      (section) => `/leagues/${leagueId}${section}`,
    ),
  ];

  test("every answer of every listed page, for visitors, players, the owner and a stranger to a private profile", async () => {
    let compared = 0;
    for (const who of [null, alice, bob, hidden]) {
      for (const path of paths()) {
        const { queries } = firstScreenOf((await page(path, who)).html);
        for (const [[, url], data] of queries) {
          const api = await call(ctx.app, "GET", url, { cookie: who?.cookie });
          const name = `${who?.user.username ?? "visitor"} ${path} ${url}`;
          // The user key answers null for a visitor, where the API says 401.
          if (url === "/api/user" && !who) expect({ name, data }).toEqual({ name, data: null });
          else expect({ name, status: api.status, data }).toEqual({ name, status: 200, data: api.body });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
  }, 60_000);

  test("a private profile: the page of a stranger shows none of it, and carries no answer for it", async () => {
    const api = await call(ctx.app, "GET", "/api/players/hidden", { cookie: bob.cookie });
    expect(api.status).toBe(403);
    const { html } = await page("/players/hidden", bob);
    expect(firstScreenOf(html).queries.map(([[, url]]) => url)).not.toContain("/api/players/hidden");
    expect(holds(rootOf(html), "profile-figures")).toEqual({ "profile-figures": false });
    // Its owner sees it rendered.
    expect(holds(rootOf((await page("/players/hidden", hidden)).html), "profile-figures")).toEqual(
      all("profile-figures"),
    );
  });
});

describe("the answers are safe in the page", () => {
  test("a league name with </script> and <!-- stays in the data and reads back whole", async () => {
    const { html } = await page("/", bob);
    const data = /<script type="application\/json" id="npt-first-screen">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(holds(html, "</script><script>alert(1)")).toEqual({ "</script><script>alert(1)": false });
    expect(holds(data, "<", "alice invited you to Ends")).toEqual({ "<": false, "alice invited you to Ends": true });
    const notifications = firstScreenOf(html).queries.find(([[family]]) => family === "notifications")?.[1];
    expect(JSON.stringify(notifications)).toContain(JSON.stringify(NASTY).slice(1, -1));
  });
});

describe("what the browser's cookies say", () => {
  test("with the zone hint, kick-offs are in the viewer's zone; without one (or a bad one), left for the browser", async () => {
    const zone = `${VIEWER_ZONE_COOKIE}=${viewerZoneValue({ timeZone: "America/New_York", locale: "en-US" })}`;
    expect(rootOf((await page("/", null, { cookie: zone })).html)).toMatch(
      /<time dateTime="[^"]+">\w{3}, \w{3} \d+ · \d+:\d\d\sPM EDT<\/time>/,
    );
    for (const cookie of ["", `${VIEWER_ZONE_COOKIE}=Mars%2FOlympus%7Cen-US`, `${VIEWER_ZONE_COOKIE}=%E0%A4%A`]) {
      expect(rootOf((await page("/", null, { cookie })).html)).toMatch(/<time dateTime="[^"]+"><\/time>/);
    }
  });

  test("a banner dismissed in this browser is not in its page", async () => {
    const dismissed = `${PROMO_DISMISSED_COOKIE}=visitor`;
    expect(rootOf((await page("/", null, { cookie: dismissed })).html)).not.toContain("promo-banner");
    expect(rootOf((await page("/", alice, { cookie: dismissed })).html)).toContain("promo-banner");
    expect(
      rootOf((await page("/", alice, { cookie: `${PROMO_DISMISSED_COOKIE}=user:${alice.user.id}` })).html),
    ).not.toContain("promo-banner");
  });
});

describe("caching", () => {
  test("a signed-out page is kept per version of its data: the same tag, 304 when held, a new one when the games move", async () => {
    const first = await page("/leaderboard?view=overall");
    const tag = first.res.headers.get("etag");
    expect(tag).toMatch(/^"\w+"$/);
    expect(first.res.headers.get("cache-control")).toBe("no-cache");
    const again = await page("/leaderboard?view=overall");
    expect(again.res.headers.get("etag")).toBe(tag);
    expect(again.html).toBe(first.html);
    const held = await page("/leaderboard?view=overall", null, { "if-none-match": tag! });
    expect(held.res.status).toBe(304);

    const before = (await page("/")).res.headers.get("etag");
    provider.spreadShift = -2;
    await syncGames(ctx.db, provider, ctx.clock.now());
    expect((await page("/")).res.headers.get("etag")).not.toBe(before);
  });

  test("a signed-in page is the player's own: private, never tagged for others", async () => {
    const { res } = await page("/", alice);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("etag")).toBeNull();
    expect(res.headers.get("vary")).toContain("cookie");
  });

  test("/index.html is the static shell the service worker keeps: no screen in it, checked on every visit", async () => {
    const { res, html } = await page("/index.html", alice);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain("npt-first-screen");
  });
});
