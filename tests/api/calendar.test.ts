/**
 * The private deadlines feed (issue 47 item 4): a secret URL per player, replaced on demand, read by
 * a real iCalendar parser (ical.js): an event at each lock of this week's open games they have not bet.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import ICAL from "ical.js";
import { loggablePath } from "../../src/http/pipeline.ts";
import { type BuiltUser, seededSeason } from "../factories.ts";
import { BASE, call, type TestContext } from "../support.ts";
import { LATE, over, SUN, THU } from "./league-fixtures.ts";

let ctx: TestContext;
let alice: BuiltUser;
let bob: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { alice, bob },
  } = await seededSeason({ people: { alice: { username: "alice" }, bob: { username: "bob" } } }));
});
afterEach(() => ctx.close());

/** What a calendar app does: GET the URL, no cookie, no Origin. */
async function fetchFeed(url: string) {
  const response = await ctx.app.handle(new Request(url));
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** The feed's events as ical.js reads them: summary, start, uid, alarm. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      alarm: component.getFirstSubcomponent("valarm")?.getFirstPropertyValue("trigger")?.toString() ?? null,
    };
  });
}

describe("the deadlines feed", () => {
  test("off until asked for; its URL is the player's own; a real parser reads the week's unbet locks", async () => {
    expect((await call(ctx.app, "GET", "/api/user/calendar", { cookie: alice.cookie })).body).toEqual({ url: null });
    const made = await call(ctx.app, "POST", "/api/user/calendar", { cookie: alice.cookie, body: {} });
    expect(made.status).toBe(200);
    const url: string = made.body.url;
    expect(url).toMatch(/^http:\/\/localhost\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(ctx.app, "GET", "/api/user/calendar", { cookie: alice.cookie })).body).toEqual({ url });
    // Bob's is another.
    const bobs = (await call(ctx.app, "POST", "/api/user/calendar", { cookie: bob.cookie, body: {} })).body.url;
    expect(bobs).not.toBe(url);

    const feed = await fetchFeed(url);
    expect([feed.status, feed.type]).toEqual([200, "text/calendar; charset=utf-8"]);
    expect(feed.text.split("\r\n")[0]).toBe("BEGIN:VCALENDAR");
    expect(eventsOf(feed.text)).toEqual([
      {
        uid: `lock-${THU}@nfl-paper-trading`,
        summary: "Bets lock: DAL @ PHI",
        start: "2026-09-11T00:20:00.000Z",
        alarm: "-PT1H",
      },
      {
        uid: `lock-${SUN}@nfl-paper-trading`,
        summary: "Bets lock: KC @ BUF",
        start: "2026-09-13T17:00:00.000Z",
        alarm: "-PT1H",
      },
      {
        uid: `lock-${LATE}@nfl-paper-trading`,
        summary: "Bets lock: SF @ SEA",
        start: "2026-09-13T20:25:00.000Z",
        alarm: "-PT1H",
      },
    ]);

    // A bet takes its game out; a kick-off takes the game out too.
    await call(ctx.app, "POST", "/api/bets", { cookie: alice.cookie, body: { ...over(SUN), units: 1 } });
    expect(eventsOf((await fetchFeed(url)).text).map((e) => e.summary)).toEqual([
      "Bets lock: DAL @ PHI",
      "Bets lock: SF @ SEA",
    ]);
    ctx.clock.set("2026-09-11T01:00:00Z");
    expect(eventsOf((await fetchFeed(url)).text).map((e) => e.summary)).toEqual(["Bets lock: SF @ SEA"]);
    // Bob's feed is his: he bet nothing.
    expect(eventsOf((await fetchFeed(bobs)).text)).toHaveLength(2);
  });

  test("a new URL on demand: the old one stops at once; turned off, none works; signed out, nothing to manage", async () => {
    const first = (await call(ctx.app, "POST", "/api/user/calendar", { cookie: alice.cookie, body: {} })).body.url;
    const second = (await call(ctx.app, "POST", "/api/user/calendar", { cookie: alice.cookie, body: {} })).body.url;
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    expect((await call(ctx.app, "DELETE", "/api/user/calendar", { cookie: alice.cookie })).status).toBe(200);
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await call(ctx.app, "GET", "/api/user/calendar", { cookie: alice.cookie })).body).toEqual({ url: null });
    for (const path of ["/api/calendar/not-a-feed", `/api/calendar/${"a".repeat(43)}.ics`, "/api/calendar/x.ics"])
      expect((await fetchFeed(`${BASE}${path}`)).status).toBeGreaterThanOrEqual(400);
    expect((await call(ctx.app, "GET", "/api/user/calendar")).status).toBe(401);
  });

  test("an API token cannot read or replace the link (an account route); the log never holds the feed's token", async () => {
    const token = (
      await call(ctx.app, "POST", "/api/tokens", { cookie: alice.cookie, body: { name: "bot", scopes: ["read"] } })
    ).body.token;
    const res = await ctx.app.handle(
      new Request(`${BASE}/api/user/calendar`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect([res.status, (await res.json()).code]).toEqual([403, "token_scope"]);
    expect(loggablePath(`/api/calendar/${"A".repeat(43)}.ics`)).toBe("/api/calendar/:token");
  });

  test("the account's deletion ends its feed", async () => {
    const url = (await call(ctx.app, "POST", "/api/user/calendar", { cookie: alice.cookie, body: {} })).body.url;
    await call(ctx.app, "DELETE", "/api/user", { cookie: alice.cookie, body: { password: alice.password } });
    expect((await fetchFeed(url)).status).toBe(404);
  });
});
