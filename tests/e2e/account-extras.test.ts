/**
 * Issue 18 items 7 and 13: labels that count right ('1 settled bet'), a password change in
 * Settings, and dark mode following the system setting.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, liveHello } from "./helpers.ts";
import { newPlayer, openPage, playerWithOneWin, startStatsServer } from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);
let player: BuiltUser;

beforeAll(async () => {
  player = await playerWithOneWin(suite.server, "one_bet_ben", "2026-09-11T04:00:00Z");
}, E2E_TIMEOUT);

describe("labels and account", () => {
  test(
    "one settled bet reads '1 settled bet' on the Games screen",
    async () => {
      const { page } = await openPage(suite.browser, suite.server, player);
      await page.goto("/");
      const stats = page.getByRole("region", { name: "Your performance" });
      await stats.waitFor();
      expect(await stats.getByText(/settled bet/).textContent()).toBe("1 settled bet");
    },
    E2E_TIMEOUT,
  );

  test(
    "a device signed out by a password change elsewhere lands on sign-in saying why, and returns to its screen after",
    async () => {
      const someone = await newPlayer(suite.server, "two_devices");
      const { page } = await openPage(suite.browser, suite.server, someone);
      const hello = liveHello(page, true);
      await page.goto("/my-bets");
      await hello;

      // The other device changes the password: every other session ends, this one's too.
      const changed = await call(suite.server.ctx.app, "PUT", "/api/user/password", {
        cookie: someone.cookie,
        body: { currentPassword: someone.password, newPassword: "brand-new-secret-7" },
      });
      expect(changed.status).toBe(200);

      await page.waitForURL((url) => url.pathname === "/auth");
      expect(new URL(page.url()).searchParams.get("returnUrl")).toBe("/my-bets");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page
        .getByText(
          "You were signed out because your password was changed on another device. Sign in with the new password.",
          { exact: true },
        )
        .waitFor();
      await page.getByLabel("Email", { exact: true }).fill(someone.user.email);
      await page.getByLabel("Password", { exact: true }).fill("brand-new-secret-7");
      await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/my-bets");
    },
    E2E_TIMEOUT,
  );

  test(
    "Settings changes the password: a wrong current one is refused under its field, then the new one signs in",
    async () => {
      const someone = await newPlayer(suite.server, "pass_changer");
      const { page } = await openPage(suite.browser, suite.server, someone);
      await page.goto("/settings");
      const form = page.getByRole("form", { name: "Change password" });
      await form.waitFor();

      // Checked in the browser first: the confirmation must match.
      await form.getByLabel("Current password", { exact: true }).fill("not-my-password");
      await form.getByLabel("New password", { exact: true }).fill("brand-new-secret-9");
      await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-secret-8");
      await form.getByRole("button", { name: "Change Password" }).click();
      await form.getByText("The passwords do not match", { exact: true }).waitFor();

      await form.getByLabel("Confirm new password", { exact: true }).fill("brand-new-secret-9");
      await form.getByRole("button", { name: "Change Password" }).click();
      await form.getByText("That is not your current password", { exact: true }).waitFor();
      expect(await form.getByLabel("Current password", { exact: true }).getAttribute("aria-invalid")).toBe("true");

      await form.getByLabel("Current password", { exact: true }).fill(someone.password);
      // The change closes this page's socket too (its old token's); it comes back signed in on the new cookie.
      const reconnected = liveHello(page, true);
      await form.getByRole("button", { name: "Change Password" }).click();
      await page.locator(".toast").getByText("Password changed").waitFor();
      await reconnected;
      expect(await form.getByLabel("New password", { exact: true }).inputValue()).toBe("");

      const login = (password: string) =>
        call(suite.server.ctx.app, "POST", "/api/login", { body: { email: someone.user.email, password } });
      expect((await login(someone.password)).status).toBe(401);
      expect((await login("brand-new-secret-9")).status).toBe(200);
      // This browser goes on signed in with its new cookie; the token it had before is dead.
      expect((await call(suite.server.ctx.app, "GET", "/api/user", { cookie: someone.cookie })).status).toBe(401);
      await page.reload();
      await page.getByRole("button", { name: `Account menu for ${someone.user.username}` }).waitFor();
      expect((await page.request.get("/api/user")).status()).toBe(200);
    },
    E2E_TIMEOUT,
  );

  test(
    "dark mode follows the system setting on every screen touched",
    async () => {
      const { context, page } = await openPage(suite.browser, suite.server, player);
      await page.emulateMedia({ colorScheme: "dark" });
      const luminance = (css: string) => {
        const [r, g, b] = css
          .match(/\d+(\.\d+)?/g)!
          .slice(0, 3)
          .map(Number) as [number, number, number];
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      for (const path of ["/", "/leaderboard", "/my-bets", "/analytics", "/settings", "/contest-rules"]) {
        await page.goto(path);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.getAttribute("data-theme"))).toBeNull();
        const [background, text] = await page.evaluate(() => {
          const body = getComputedStyle(document.body);
          const heading = getComputedStyle(document.querySelector("h1")!);
          return [body.backgroundColor, heading.color];
        });
        expect(luminance(background)).toBeLessThan(0.15);
        expect(luminance(text)).toBeGreaterThan(0.7);
      }
      await page.emulateMedia({ colorScheme: "light" });
      await page.goto("/settings");
      await page.getByRole("heading", { level: 1 }).waitFor();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(luminance(background)).toBeGreaterThan(0.9);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
