import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { League } from "../../src/shared/contract/leagues.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, DESKTOP, E2E_TIMEOUT, PHONE_AND_DESKTOP_IN_BOTH_SCHEMES } from "./helpers.ts";
import { KC_BUF, newPlayer, spread, startBettingServer } from "./my-bets-fixtures.ts";

const suite = browserSuite(startBettingServer, { serverPerTest: true });

async function league(admin: BuiltUser, members: BuiltUser[], body: Record<string, unknown>): Promise<League> {
  const res = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: admin.cookie,
    body: {
      description: "",
      isPublic: true,
      rules: { allowedBetTypes: ["spread"] },
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

async function bet(player: BuiltUser, pick: Record<string, unknown>): Promise<number> {
  const res = await call(suite.server.ctx.app, "POST", "/api/bets", {
    cookie: player.cookie,
    body: { ...pick, units: 1 },
  });
  if (res.status !== 201) throw new Error(`placing a bet answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A page signed in as `player` whose clock runs on from the server's, under Playwright's fake timers. */
async function pageAt(
  player: BuiltUser,
  viewport: { width: number; height: number } = DESKTOP,
  scheme: "light" | "dark" = "light",
): Promise<Page> {
  const page = await suite.newPage({ signedInAs: player, viewport });
  await page.emulateMedia({ colorScheme: scheme });
  await page.clock.install({ time: suite.server.ctx.clock.now() });
  page.setDefaultTimeout(8000);
  return page;
}

async function openLeague(page: Page, name: string) {
  await page.goto("/leagues");
  await page.locator(".league-card", { hasText: name }).first().click();
  return page.locator("dialog.league-details-dialog");
}

describe("the league feed (issue 28 item 2)", () => {
  test(
    "a member's pick appears in the open league at its game's kick-off, not before",
    async () => {
      const me = await newPlayer(suite.server, "watcher_wes");
      const friend = await newPlayer(suite.server, "picker_pat");
      await league(me, [friend], { name: "Reveal Pool" });
      suite.server.ctx.clock.set("2026-09-13T16:59:00Z"); // a minute before Buffalo's kick-off
      await bet(friend, spread(KC_BUF, "Buffalo Bills", -3.5));

      const page = await pageAt(me);
      const dialog = await openLeague(page, "Reveal Pool");
      const feed = dialog.getByRole("region", { name: "Picks" });
      await feed.getByText("No picks shown yet: each pick shows when its game kicks off.").waitFor();
      expect(await dialog.locator(".league-rule-list").first().textContent()).toContain(
        "Picks shownAt each game's kick-off",
      );

      // Kick-off: the server's clock passes it, and the browser asks again on its own when its clock does.
      suite.server.ctx.clock.set("2026-09-13T17:01:00Z");
      await page.clock.fastForward(90_000);
      const row = feed.locator(".league-feed-pick");
      await row.waitFor();
      expect(await row.locator(".league-feed-who .player-link").textContent()).toBe("picker_pat");
      expect(await row.locator(".league-feed-text").textContent()).toBe("Buffalo Bills -3.5 -110");
      expect(await row.locator(".league-feed-result").textContent()).toBe("Pending");
      expect(await row.getByRole("button", { name: /^Tail/ }).count()).toBe(0); // its game has locked
    },
    E2E_TIMEOUT,
  );

  test(
    "Tail, by keyboard, puts a revealed pick in the slip at the current price; placed, the feed says whom it tailed",
    async () => {
      const me = await newPlayer(suite.server, "tailer_tia");
      const friend = await newPlayer(suite.server, "sharp_sam");
      const pool = await league(me, [friend], { name: "Week Pool", revealPicks: "week_start" });
      const original = await bet(friend, spread(KC_BUF, "Buffalo Bills", -3.5));
      suite.server.ctx.clock.set("2026-09-11T01:00:00Z"); // Thursday night: week 1 has begun

      const page = await pageAt(me);
      const dialog = await openLeague(page, "Week Pool");
      const tail = dialog.getByRole("button", { name: "Tail sharp_sam: Buffalo Bills -3.5 at -110" });
      await tail.focus();
      await page.keyboard.press("Enter");

      // The league's dialog gives way to the slip, and focus lands on the new pick.
      const slip = page.getByRole("dialog", { name: "Bet Slip" });
      const pick = slip.locator(".slip-pick");
      await pick.waitFor();
      await dialog.waitFor({ state: "hidden" });
      expect(await pick.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await pick.locator(".slip-pick-tail").textContent()).toBe("Tailing sharp_sam");
      expect(await pick.locator(".slip-pick-text").textContent()).toBe("Buffalo Bills -3.5");
      await slip.getByRole("button", { name: "Place Bet" }).click();
      await page.getByText("Bet Placed!").waitFor();

      const feed = await call(suite.server.ctx.app, "GET", `/api/picks/league/${pool.id}`, { cookie: friend.cookie });
      const mine = feed.body.picks.find((p: { player: { username: string } }) => p.player.username === "tailer_tia");
      expect(mine.tailedFrom).toMatchObject({ betId: original, username: "sharp_sam", odds: "-110", point: "-3.5" });
    },
    E2E_TIMEOUT,
  );
  test(
    "a rule flipped mid-week shows nothing placed before it, and every member reads the change in League history",
    async () => {
      const me = await newPlayer(suite.server, "member_mia");
      const owner = await newPlayer(suite.server, "owner_oli");
      const pool = await league(owner, [me], { name: "Flip Pool" });
      await bet(me, spread(KC_BUF, "Buffalo Bills", -3.5));
      suite.server.ctx.clock.set("2026-09-11T01:00:00Z"); // Thursday night: week 1 has begun
      const flipped = await call(suite.server.ctx.app, "PUT", `/api/leagues/${pool.id}`, {
        cookie: owner.cookie,
        body: { name: "Flip Pool", isPublic: true, rules: { allowedBetTypes: ["spread"] }, revealPicks: "week_start" },
      });
      expect(flipped.status).toBe(200);

      const page = await pageAt(owner);
      const dialog = await openLeague(page, "Flip Pool");
      await dialog.getByRole("region", { name: "Picks" }).getByText("No picks shown yet", { exact: false }).waitFor();
      // By keyboard: the history opens from its summary.
      const summary = dialog.getByText("League history", { exact: true });
      await summary.focus();
      await page.keyboard.press("Enter");
      const entries = dialog.locator(".league-history-list li");
      await entries.first().waitFor();
      expect(await entries.allTextContents()).toEqual([
        expect.stringContaining(
          "owner_oli changed when picks show: “At each game's kick-off” → “At the week's first kick-off”. Picks placed before the change keep “At each game's kick-off”.",
        ),
        expect.stringContaining("member_mia joined."),
        expect.stringContaining("owner_oli created the league."),
      ]);
    },
    E2E_TIMEOUT,
  );
  for (const [viewport, scheme] of PHONE_AND_DESKTOP_IN_BOTH_SCHEMES) {
    test(
      `once you've picked that game: the form offers the rule, a member who picks the game sees the others' picks and tails by keyboard (${viewport.width}, ${scheme})`,
      async () => {
        const tag = `${viewport.width}${scheme[0]}`;
        const me = await newPlayer(suite.server, `picker_${tag}`);
        const friend = await newPlayer(suite.server, `early_${tag}`);
        const pool = await league(me, [friend], { name: "Picked Pool", revealPicks: "picked" });
        const original = await bet(friend, spread(KC_BUF, "Buffalo Bills", -3.5));

        const page = await pageAt(me, viewport, scheme);
        let dialog = await openLeague(page, "Picked Pool");
        expect(await dialog.locator(".league-rule-list").first().textContent()).toContain(
          "Picks shownOnce you've picked that game",
        );
        await dialog
          .getByRole("region", { name: "Picks" })
          .getByText(
            "No picks shown yet: pick a game to see your league-mates' picks on it; every pick shows at its kick-off.",
          )
          .waitFor();
        await page.keyboard.press("Escape");

        // I pick the other side; the league now shows me what my league-mate took, with Tail.
        await bet(me, spread(KC_BUF, "Kansas City Chiefs", 3.5));
        dialog = await openLeague(page, "Picked Pool");
        const tail = dialog.getByRole("button", { name: `Tail early_${tag}: Buffalo Bills -3.5 at -110` });
        await tail.focus();
        await page.keyboard.press("Enter");
        const slip = page.getByRole("dialog", { name: "Bet Slip" });
        await slip.locator(".slip-pick").waitFor();
        expect(await slip.locator(".slip-pick-tail").textContent()).toBe(`Tailing early_${tag}`);
        await slip.getByRole("button", { name: "Place Bet" }).click();
        // One bet a game: placing the tail asks to replace my own pick on it.
        await page
          .getByRole("dialog", { name: "Replace Existing Bet?" })
          .getByRole("button", { name: "Replace Bet" })
          .click();
        await page.getByText("Bet Placed!").waitFor();
        const feed = await call(suite.server.ctx.app, "GET", `/api/picks/league/${pool.id}`, { cookie: friend.cookie });
        // My league-mate picked that game too: they see my tail, and whom it followed.
        const [mine, theirs] = feed.body.picks;
        expect(theirs.id).toBe(original);
        expect(mine.tailedFrom).toMatchObject({ betId: original, username: `early_${tag}` });
      },
      E2E_TIMEOUT,
    );
  }
});
