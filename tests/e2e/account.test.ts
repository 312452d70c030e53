import { describe, expect, test } from "bun:test";
import type { Download, Locator, Page, Route } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, E2E_TIMEOUT, toastLocator } from "./helpers.ts";
import { DAL_PHI, newPlayer, placeBet, SF_SEA, spread, startBettingServer, total } from "./my-bets-fixtures.ts";

const suite = browserSuite(startBettingServer);

/** A browser profile signed in as the player, on /settings. */
async function settingsAs(player: BuiltUser): Promise<Page> {
  const page = await suite.newPage({ signedInAs: player });
  await page.goto("/settings");
  await page.getByRole("heading", { name: "Settings" }).waitFor();
  return page;
}

/** Clicks a download link and returns what the browser saved. */
async function downloaded(link: Locator): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([link.page().waitForEvent("download"), link.click()]);
  const path = await download.path();
  return { download, text: await Bun.file(path).text() };
}

const deleteDialog = (p: Page) => p.getByRole("dialog", { name: "Delete your account?" });

async function canSignIn(email: string, password: string): Promise<boolean> {
  const res = await fetch(`${suite.server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: suite.server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return res.status === 200;
}

describe("settings: your data", () => {
  test(
    "'Download bets (CSV)' saves a header and one line per bet",
    async () => {
      const player = await newPlayer(suite.server, "csv_fan");
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5), {
        note: 'Eagles at home, "easy"',
      });
      await placeBet(suite.server, player, total(SF_SEA, "Over"), { units: 2 });
      // Another player's bet must not leak into this file.
      await placeBet(suite.server, await newPlayer(suite.server), total(SF_SEA, "Under"));
      const page = await settingsAs(player);

      const section = page.getByRole("article", { name: "Your data" });
      const link = section.getByRole("link", { name: "Download bets (CSV)" });
      expect(await link.getAttribute("href")).toBe(`/api/users/${player.user.id}/export/bets.csv`);
      const { download, text } = await downloaded(link);
      expect(download.suggestedFilename()).toBe("nfl-paper-trading-bets.csv");
      const lines = text.trim().split(/\r?\n/);
      expect(lines).toHaveLength(3);
      expect(lines[0]).toStartWith("id,placedAt,book,week,game,");
      const rows = lines.slice(1).join("\n");
      expect(rows).toContain("Dallas Cowboys @ Philadelphia Eagles");
      expect(rows).toContain("San Francisco 49ers @ Seattle Seahawks");
      expect(rows).toContain('"Eagles at home, ""easy"""');
      expect(rows).not.toContain("Under");
    },
    E2E_TIMEOUT,
  );

  test(
    "'Download account (JSON)' saves the account and its bets",
    async () => {
      const player = await newPlayer(suite.server, "json_fan");
      await placeBet(suite.server, player, spread(DAL_PHI, "Dallas Cowboys", 3.5));
      const page = await settingsAs(player);

      const link = page
        .getByRole("article", { name: "Your data" })
        .getByRole("link", { name: "Download account (JSON)" });
      const { download, text } = await downloaded(link);
      expect(download.suggestedFilename()).toBe("nfl-paper-trading-account.json");
      const saved = JSON.parse(text);
      expect(saved.account).toMatchObject({ id: player.user.id, email: player.user.email, username: "json_fan" });
      expect(saved.bets).toHaveLength(1);
      expect(saved.bets[0]).toMatchObject({ selection: "Dallas Cowboys", betType: "spread" });
    },
    E2E_TIMEOUT,
  );
});

describe("settings: delete account", () => {
  test(
    "the dialog explains what happens, refuses a wrong password with the server's message, and Cancel keeps the account",
    async () => {
      const player = await newPlayer(suite.server, "second_thoughts");
      const page = await settingsAs(player);
      const danger = page.getByRole("article", { name: "Delete account" });
      await danger.getByRole("button", { name: "Delete account" }).click();
      const dialog = deleteDialog(page);
      await dialog.waitFor();
      const text = await dialog.textContent();
      expect(text).toContain("Your email, sessions, friends and friend requests are removed");
      expect(text).toContain("Your bets stay in league and leaderboard history, under an anonymous name.");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("delete-password");

      await dialog.getByRole("button", { name: "Delete my account" }).click();
      expect(await dialog.locator("#delete-password-error").textContent()).toBe("Enter your password to confirm");

      await dialog.getByLabel("Password", { exact: true }).fill("not-my-password");
      await dialog.getByRole("button", { name: "Delete my account" }).click();
      await dialog.getByText("That is not your password", { exact: true }).waitFor();
      expect(await dialog.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await dialog.isVisible()).toBe(true);

      await dialog.getByRole("button", { name: "Cancel" }).click();
      await dialog.waitFor({ state: "hidden" });
      expect((await page.request.get("/api/user")).status()).toBe(200);
      expect(await canSignIn(player.user.email, player.password)).toBe(true);

      // Opening again starts afresh.
      await danger.getByRole("button", { name: "Delete account" }).click();
      expect(await dialog.getByLabel("Password", { exact: true }).inputValue()).toBe("");
      expect(await dialog.locator("#delete-password-error").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "the right password deletes the account: signed out, toasted, on /, and the old credentials no longer work",
    async () => {
      const player = await newPlayer(suite.server, "leaving_now");
      await placeBet(suite.server, player, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
      const page = await settingsAs(player);
      await page.getByRole("button", { name: "Account menu for leaving_now" }).waitFor();
      let deletes = 0;
      page.on("request", (request) => {
        if (request.method() === "DELETE" && request.url().endsWith("/api/user")) deletes++;
      });

      // Asking the server who is signed in now gets no answer: the page itself must forget the user
      // (the live channel's reconnect would otherwise ask, and hide a missing clean-up).
      const held: Route[] = [];
      await page.route("**/api/user", (route) =>
        route.request().method() === "GET" ? void held.push(route) : route.continue(),
      );

      await page
        .getByRole("article", { name: "Delete account" })
        .getByRole("button", { name: "Delete account" })
        .click();
      const dialog = deleteDialog(page);
      await dialog.getByLabel("Password", { exact: true }).fill(player.password);
      await dialog.getByRole("button", { name: "Delete my account" }).click();

      await page.waitForURL((url) => url.pathname === "/");
      await page.getByRole("link", { name: "Sign In" }).waitFor({ timeout: 5000 });
      expect(await toastLocator(page).locator(".toast-title").textContent()).toBe("Account deleted");
      expect(await toastLocator(page).locator(".toast-description").textContent()).toBe(
        "Your account has been deleted.",
      );
      expect(await page.getByRole("button", { name: "Account menu for leaving_now" }).count()).toBe(0);
      expect(deletes).toBe(1);
      await page.unroute("**/api/user");
      for (const route of held) await route.abort().catch(() => {});

      expect((await page.request.get("/api/user")).status()).toBe(401);
      expect(await canSignIn(player.user.email, player.password)).toBe(false);
      await page.goto("/settings");
      await page.getByText("Please sign in to access settings").waitFor();

      // The bet stays, under a name that is no longer theirs.
      const row = await suite.server.ctx.db
        .selectFrom("bets")
        .innerJoin("users", "users.id", "bets.user_id")
        .select(["users.username", "users.email"])
        .where("bets.user_id", "=", player.user.id)
        .executeTakeFirstOrThrow();
      expect(row.username).not.toBe("leaving_now");
      expect(row.email).not.toBe(player.user.email);
    },
    E2E_TIMEOUT,
  );
});
