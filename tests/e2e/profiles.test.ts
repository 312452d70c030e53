import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, PHONE, toastLocator } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  newPlayer,
  NOW,
  placeBet,
  recordClosingLines,
  resolveGame,
  SF_SEA,
  spread,
  startBettingServer,
  total,
} from "./my-bets-fixtures.ts";

const suite = browserSuite(startBettingServer);

/** ann_lee: a 2-unit win (with its closing line), a loss and an Over on Sunday night still to play. */
let ann: BuiltUser;
let ben: BuiltUser; // ann's friend
let cal: BuiltUser; // a stranger
const SUNDAY_NIGHT_UNDER_WAY = "2026-09-13T20:40:00Z";

beforeAll(async () => {
  const server = suite.server;
  ann = await newPlayer(server, "ann_lee");
  ben = await newPlayer(server, "ben_friend");
  cal = await newPlayer(server, "cal_stranger");
  const sent = await call(server.ctx.app, "POST", "/api/friends/requests", {
    cookie: ann.cookie,
    body: { addresseeId: ben.user.id },
  });
  await call(server.ctx.app, "PATCH", `/api/friends/requests/${sent.body.id}`, {
    cookie: ben.cookie,
    body: { status: "accepted" },
  });
  await placeBet(server, ann, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
    hoursAgo: 30,
    units: 2,
    note: "never shown",
  });
  await placeBet(server, ann, total(KC_BUF, "Over"), { hoursAgo: 20 });
  await placeBet(server, ann, total(SF_SEA, "Over"), { hoursAgo: 10 });
  await recordClosingLines(server, "2026-09-11T00:25:00Z"); // Thursday under way: its line closes
  await resolveGame(server, DAL_PHI, 17, 24); // Eagles cover: +1.82U
  await resolveGame(server, KC_BUF, 20, 17); // 37 points: the Over loses −1U
  await settleGame(server.ctx.db, new Date(new Date(NOW).getTime() - 2 * 3600_000), DAL_PHI);
  await settleGame(server.ctx.db, new Date(new Date(NOW).getTime() - 3600_000), KC_BUF);
});

afterEach(() => {
  suite.server.ctx.clock.set(NOW);
});

async function openAs(player: BuiltUser | null, viewport = DESKTOP): Promise<Page> {
  const page = await suite.newPage({ viewport, signedInAs: player });
  await page.clock.setFixedTime(suite.server.ctx.clock.now());
  return page;
}

const card = (page: Page, label: string) => page.getByRole("article", { name: label }).locator(".stat-value");

describe("a player's profile", () => {
  test(
    "a friend sees the record, the settled bets with price and close, and no bet before its kick-off",
    async () => {
      for (const viewport of [DESKTOP, PHONE]) {
        const page = await openAs(ben, viewport);
        await page.goto("/players/ann_lee");
        await page.getByRole("heading", { level: 1, name: "ann_lee" }).waitFor();
        expect(await card(page, "Record").textContent()).toBe("1-1-0");
        expect(await card(page, "Units").textContent()).toBe("+0.82U");
        const recent = page.getByRole("region", { name: "Recent Bets" });
        const rows = recent.getByRole("row");
        expect(await rows.count()).toBe(3); // the head and two bets
        expect(await rows.nth(1).getByRole("rowheader").textContent()).toContain("Over 45.5");
        expect(await rows.nth(1).locator("td").last().textContent()).toBe("Lost -1.00U");
        expect(await rows.nth(2).getByRole("rowheader").textContent()).toContain("Philadelphia Eagles -3.5");
        expect(await rows.nth(2).locator("td").nth(0).textContent()).toBe("-3.5 -110");
        expect(await rows.nth(2).locator("td").nth(1).textContent()).not.toBe("—"); // the close
        expect(await rows.nth(2).locator("td").last().textContent()).toBe("Won +1.82U");
        expect(await page.getByRole("region", { name: "In Play" }).count()).toBe(0);
        expect(await page.content()).not.toContain("San Francisco");
        expect(await page.content()).not.toContain("never shown");
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
        await page.context().close();
      }

      suite.server.ctx.clock.set(SUNDAY_NIGHT_UNDER_WAY);
      const page = await openAs(ben);
      await page.goto("/players/ann_lee");
      const inPlay = page.getByRole("region", { name: "In Play" });
      await inPlay.waitFor();
      expect(await inPlay.getByRole("rowheader").textContent()).toContain("Over 45.5");
      expect(await inPlay.getByRole("rowheader").textContent()).toContain("SF @ SEA");
      expect(await inPlay.locator("td").last().textContent()).toBe("In play");
    },
    E2E_TIMEOUT,
  );

  test(
    "a stranger and a visitor are told it is for friends and league-mates, each with the way forward: Add Friend, Sign In",
    async () => {
      const stranger = await openAs(cal);
      await stranger.goto("/players/ann_lee");
      const refused = stranger.getByRole("alert").filter({ hasText: "This profile is private" });
      await refused.waitFor();
      expect(await refused.textContent()).toContain(
        "Only this player's friends and league-mates can see their profile.",
      );
      const add = refused.getByRole("button", { name: "Add Friend" });
      await add.focus();
      await stranger.keyboard.press("Enter");
      await toastLocator(stranger).filter({ hasText: "Friend request sent" }).waitFor();
      await refused.getByRole("button", { name: "Request Pending" }).waitFor();
      const requests = await call(suite.server.ctx.app, "GET", "/api/friends/requests", { cookie: ann.cookie });
      expect(requests.body.incoming.map((r: { requester: { username: string } }) => r.requester.username)).toContain(
        "cal_stranger",
      );

      const visitor = await openAs(null);
      await visitor.goto("/players/ann_lee");
      await visitor.getByRole("alert").getByRole("link", { name: "Sign In" }).waitFor();

      await visitor.goto("/players/nobody_at_all");
      await visitor.getByRole("heading", { name: "Player not found" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a league-mate opens the profile of an account that never chose (issue 44 item 6)",
    async () => {
      const mate = await newPlayer(suite.server, "dee_mate");
      const league = await call(suite.server.ctx.app, "POST", "/api/leagues", {
        cookie: ann.cookie,
        body: { name: "Profile Pool", isPublic: true, rules: { allowedBetTypes: ["spread"] }, createdBy: ann.user.id },
      });
      await call(suite.server.ctx.app, "POST", `/api/leagues/${league.body.id}/join`, {
        cookie: mate.cookie,
        body: { userId: mate.user.id },
      });
      const page = await openAs(mate, PHONE);
      await page.goto("/players/ann_lee");
      await page.getByRole("heading", { level: 1, name: "ann_lee" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "the owner opens it to everyone from Settings by keyboard; then a visitor sees it",
    async () => {
      const owner = await openAs(ann);
      await owner.goto("/settings");
      const everyone = owner.getByRole("radio", { name: /^Everyone/ });
      // The saved choice arrives after the form: wait until it is ticked.
      await owner.waitForFunction(
        () => document.querySelector<HTMLInputElement>('input[value="league_mates"]')?.checked,
      );
      await owner.getByRole("radio", { name: /^Friends and league-mates/ }).focus();
      await owner.keyboard.press("ArrowUp"); // radios move by arrow keys
      expect(await everyone.isChecked()).toBe(true);
      await owner.keyboard.press("Tab");
      expect(await owner.evaluate(() => document.activeElement?.textContent)).toBe("Save Visibility");
      await owner.keyboard.press("Enter");
      await toastLocator(owner).filter({ hasText: "Profile visibility saved" }).waitFor();

      const visitor = await openAs(null);
      await visitor.goto("/players/ann_lee");
      await visitor.getByRole("heading", { level: 1, name: "ann_lee" }).waitFor();

      await owner.goto("/players/ann_lee");
      await owner.getByText("Everyone can see your profile.").waitFor();
      await call(suite.server.ctx.app, "PUT", "/api/user/profile-visibility", {
        cookie: ann.cookie,
        body: { visibility: "league_mates" },
      });
    },
    E2E_TIMEOUT,
  );

  test(
    "a week's share card: previewed with its words, downloaded as a 1200×630 PNG, by keyboard",
    async () => {
      const page = await openAs(ben);
      await page.goto("/players/ann_lee");
      const share = page.getByRole("button", { name: "Share Week 1" });
      await share.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Share Week 1 · 2026" });
      const preview = dialog.getByRole("img");
      await preview.waitFor();
      expect(await preview.getAttribute("alt")).toBe(
        "NFL Paper Trading — ann_lee, Week 1 · 2026: 1-1-0, +0.82U, +27.3% ROI. Best bet: Philadelphia Eagles -3.5 (-110) · +1.82U.",
      );
      // Not a blank picture: the card's background and its text are both in it.
      const colours = await preview.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const g = canvas.getContext("2d")!;
        g.drawImage(img, 0, 0);
        const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
        const seen = new Set<string>();
        for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        return seen.size;
      });
      expect(colours).toBeGreaterThan(20);
      const download = dialog.getByRole("link", { name: "Download PNG" });
      await page.waitForFunction((el) => el === document.activeElement, await download.elementHandle());
      const [file] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
      expect(file.suggestedFilename()).toBe("nfl-paper-trading-ann_lee-2026-week-1.png");
      const bytes = new Uint8Array(await Bun.file((await file.path())!).arrayBuffer());
      const view = new DataView(bytes.buffer);
      expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
      expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
      await page.keyboard.press("Escape");
      await page.waitForFunction((el) => el === document.activeElement, await share.elementHandle());
    },
    E2E_TIMEOUT,
  );

  test(
    "a leaderboard row and a friend's name lead to the profile",
    async () => {
      const page = await openAs(ben);
      await page.goto("/leaderboard");
      await page.getByRole("button", { name: "Overall" }).click();
      await page.getByRole("link", { name: "ann_lee", exact: true }).click();
      await page.waitForURL("**/players/ann_lee");
      await page.getByRole("heading", { level: 1, name: "ann_lee" }).waitFor();

      await page.goto("/friends");
      await page.getByRole("link", { name: "ann_lee", exact: true }).click();
      await page.waitForURL("**/players/ann_lee");
    },
    E2E_TIMEOUT,
  );
});
