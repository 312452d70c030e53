import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { browserSuite, E2E_TIMEOUT, newAccount, registerThroughUi, toastLocator } from "./helpers.ts";

const suite = browserSuite();

const usernameInput = (p: Page) => p.getByLabel("Username", { exact: true });
const save = (p: Page) => p.getByRole("button", { name: "Save Changes" });

/** Submits a name the browser itself refuses; returns the message shown under the field. */
async function rejectedMessage(p: Page, username: string): Promise<string | null> {
  await usernameInput(p).fill(username);
  await save(p).click();
  return p.locator("#settings-username-error").textContent();
}

describe("settings", () => {
  test(
    "signed out, it asks to sign in",
    async () => {
      const page = await suite.newPage();
      await page.goto("/settings");
      await page.getByText("Please sign in to access settings").waitFor();
      expect(await page.getByLabel("Username", { exact: true }).count()).toBe(0);
      await page.locator("main").getByRole("link", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("returnUrl") === "/settings");
    },
    E2E_TIMEOUT,
  );

  test(
    "shows the email read-only and checks the username with the spec's three messages, without calling the server",
    async () => {
      const page = await suite.newPage();
      const account = newAccount("settings_user");
      await registerThroughUi(page, account);
      let puts = 0;
      page.on("request", (request) => {
        if (request.method() === "PUT") puts++;
      });
      await page.goto("/settings");
      const email = page.getByLabel("Email", { exact: true });
      expect(await email.inputValue()).toBe(account.email);
      expect(await email.getAttribute("readonly")).not.toBeNull();
      expect(await usernameInput(page).inputValue()).toBe("settings_user");
      expect(await save(page).isDisabled()).toBe(true);

      expect(await rejectedMessage(page, "ab")).toBe("Username must be at least 3 characters");
      expect(await usernameInput(page).getAttribute("aria-invalid")).toBe("true");
      expect(await rejectedMessage(page, "a".repeat(21))).toBe("Username must be at most 20 characters");
      expect(await rejectedMessage(page, "no spaces!")).toBe(
        "Username can only contain letters, numbers, and underscores",
      );
      expect(puts).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "a successful rename toasts and updates the top bar and the menu",
    async () => {
      const page = await suite.newPage();
      await registerThroughUi(page, newAccount("old_name"));
      await page.goto("/settings");
      expect(await page.getByRole("button", { name: "Account menu for old_name" }).textContent()).toBe("ON");

      await usernameInput(page).fill("Zed_rename");
      await save(page).click();
      await page.getByText("Your username has been successfully changed.").waitFor();
      expect(await toastLocator(page).locator(".toast-title").textContent()).toBe("Username updated");
      const avatar = page.getByRole("button", { name: "Account menu for Zed_rename" });
      expect(await avatar.textContent()).toBe("ZR");
      await avatar.click();
      expect(await page.locator("#account-menu .account-username").textContent()).toBe("Zed_rename");
      expect(await usernameInput(page).inputValue()).toBe("Zed_rename");

      await page.reload();
      expect(await page.getByRole("button", { name: "Account menu for Zed_rename" }).textContent()).toBe("ZR");
    },
    E2E_TIMEOUT,
  );

  test(
    "a taken name shows 'Failed to update username' with the server's message",
    async () => {
      const page = await suite.newPage();
      const taken = newAccount("already_here");
      const other = await suite.browser.newContext({ serviceWorkers: "block", baseURL: suite.server.baseUrl });
      const made = await other.request.post("/api/register", {
        data: { email: taken.email, username: taken.username, password: taken.password, website: "" },
      });
      expect(made.status()).toBe(201);
      await other.close();

      await registerThroughUi(page, newAccount());
      await page.goto("/settings");
      await usernameInput(page).fill("ALREADY_here");
      await save(page).click();
      await page.getByText("Failed to update username").waitFor();
      expect(await page.locator("#settings-username-error").textContent()).toBe("That username is taken");
      const toast = toastLocator(page);
      expect(await toast.locator(".toast-title").textContent()).toBe("Failed to update username");
      expect(await toast.locator(".toast-description").textContent()).toBe("That username is taken");
      expect(await toast.getAttribute("role")).toBe("alert");
    },
    E2E_TIMEOUT,
  );
});
