/**
 * Links that preview (issue 43, item 3): a public profile's page carries Open Graph and Twitter card
 * tags with its week's share card, drawn on the server as a 1200×630 PNG; a profile kept to friends
 * or to its owner previews nothing personal and has no card; an invite link names its league and
 * commissioner, nothing else.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { inflateSync } from "node:zlib";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { BASE, call, type TestContext } from "../support.ts";

let ctx: TestContext;
let alice: BuiltUser;
let friendsOnly: BuiltUser;
let hidden: BuiltUser;
let inviteToken: string;

type Game = {
  id: string;
  homeTeam: string;
  odds: { marketType: string; outcomes: { name: string; price: number }[] }[];
};

async function winOnFirstGame(who: BuiltUser, admin: BuiltUser) {
  const game = ((await call(ctx.app, "GET", "/api/games?week=1")).body as Game[])[0]!;
  const price = game.odds.find((m) => m.marketType === "h2h")!.outcomes.find((o) => o.name === game.homeTeam)!.price;
  const bet = {
    gameId: game.id,
    betType: "moneyline",
    selection: game.homeTeam,
    odds: price,
    units: 2,
    leagueId: null,
  };
  expect((await call(ctx.app, "POST", "/api/bets", { cookie: who.cookie, body: bet })).status).toBe(201);
  return { game, admin };
}

beforeAll(async () => {
  const world = await seededSeason({
    people: {
      admin: ADMIN,
      alice: { username: "alice" },
      friendsOnly: { username: "friendly" },
      hidden: { username: "hermit" },
      mate: { username: "quiet_mate" },
    },
  });
  ctx = world.ctx;
  ({ alice, friendsOnly, hidden } = world.people);
  const visibility = (who: BuiltUser, value: string) =>
    call(ctx.app, "PUT", "/api/user/profile-visibility", { cookie: who.cookie, body: { visibility: value } });
  await visibility(alice, "everyone");
  await visibility(friendsOnly, "friends");
  await visibility(hidden, "only_me");
  let game: Game | undefined;
  for (const who of [alice, friendsOnly, hidden]) game = (await winOnFirstGame(who, world.people.admin)).game;
  await call(ctx.app, "PATCH", `/api/games/${game!.id}`, {
    cookie: world.people.admin.cookie,
    body: { homeScore: 24, awayScore: 17, status: "completed" },
  });
  await settleGame(ctx.db, ctx.clock.now(), game!.id);
  const league = await buildLeague(ctx, alice, {
    name: "Sunday Sharps",
    description: "Only the sharpest",
    members: [world.people.mate],
  });
  inviteToken = league.inviteToken;
}, 60_000);
afterAll(() => ctx?.close());

async function get(path: string, headers: Record<string, string> = {}) {
  return ctx.app.handle(new Request(`${BASE}${path}`, { headers }));
}

/** The page's preview tags, by property or name. */
async function tagsOf(path: string): Promise<Record<string, string>> {
  const html = await (await get(path)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return Object.fromEntries(
    [...head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

/** A PNG's size from its header, and how many distinct byte values its pixels take (a flat picture takes a few). */
function pngFacts(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const data: Uint8Array[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < bytes.byteLength; ) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.slice(at + 4, at + 8));
    if (type === "IHDR") {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
    }
    if (type === "IDAT") data.push(bytes.slice(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(data));
  return { width, height, distinct: new Set(pixels).size, bytes: pixels.byteLength };
}

describe("a public profile", () => {
  test("its page previews the player, their record and the latest week's card", async () => {
    const tags = await tagsOf("/players/alice");
    expect(tags["og:title"]).toBe("alice on NFL Paper Trading");
    expect(tags["og:description"]).toBe("1-0-0 (W-L-P), +1.14U, +57.1% ROI in paper bets on NFL games.");
    expect(tags["og:image"]).toBe(`${BASE}/players/alice/weeks/1/card.png`);
    expect(tags["og:image:width"]).toBe("1200");
    expect(tags["og:image:alt"]).toContain("alice, Week 1 · 2026: 1-0-0");
    expect(tags["twitter:card"]).toBe("summary_large_image");
    expect(tags["twitter:image"]).toBe(tags["og:image"]);
  });

  test("its week's card is a 1200×630 PNG of real pixels, tagged and kept a while by caches", async () => {
    const res = await get("/players/alice/weeks/1/card.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=600");
    const facts = pngFacts(new Uint8Array(await res.arrayBuffer()));
    expect({ width: facts.width, height: facts.height }).toEqual({ width: 1200, height: 630 });
    // Text drawn in several colours over two backgrounds, anti-aliased: many byte values, not a flat fill.
    expect(facts.distinct).toBeGreaterThan(100);
    const again = await get("/players/alice/weeks/1/card.png", { "if-none-match": res.headers.get("etag")! });
    expect(again.status).toBe(304);
  }, 30_000);

  test("a week without settled bets, or a week that is no week, has no card", async () => {
    expect((await get("/players/alice/weeks/2/card.png")).status).toBe(404);
    expect((await get("/players/alice/weeks/99/card.png")).status).toBe(404);
    expect((await get("/players/nobody_here/weeks/1/card.png")).status).toBe(404);
  });
});

describe("a profile kept to friends or to its owner", () => {
  test("its page previews the app, nothing of the player; it has no card", async () => {
    for (const name of ["friendly", "hermit", "nobody_here"]) {
      const tags = await tagsOf(`/players/${name}`);
      expect({ name, title: tags["og:title"], image: tags["og:image"] }).toEqual({
        name,
        title: "NFL Paper Trading",
        image: `${BASE}/icon-512.png`,
      });
      const personal = Object.entries(tags).filter(
        ([tag, value]) => tag !== "og:url" && /1-0-0|\+1\.14U|friendly|hermit/.test(value),
      );
      expect(personal).toEqual([]);
      expect((await get(`/players/${name}/weeks/1/card.png`)).status).toBe(404);
    }
  });
});

describe("an invite link", () => {
  test("names the league and its commissioner, nothing else of it", async () => {
    const tags = await tagsOf(`/invite/${inviteToken}`);
    expect(tags["og:title"]).toBe("Join Sunday Sharps on NFL Paper Trading");
    expect(tags["og:description"]).toBe(
      "alice invites you to Sunday Sharps, a league of free paper bets on NFL games.",
    );
    expect(Object.values(tags).join(" ")).not.toMatch(/quiet_mate|sharpest/);
    expect(tags["twitter:card"]).toBe("summary");
    const unknown = await tagsOf("/invite/no-such-token");
    expect(unknown["og:title"]).toBe("NFL Paper Trading");
  });
});

test("any other page previews the app", async () => {
  const tags = await tagsOf("/leaderboard");
  expect(tags["og:title"]).toBe("NFL Paper Trading");
  expect(tags["og:url"]).toBe(`${BASE}/leaderboard`);
});
