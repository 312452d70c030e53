import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { browserSuite, E2E_TIMEOUT, newAccount, registerThroughUi, signInThroughUi, toastLocator } from "./helpers.ts";

const suite = browserSuite();

const userMenuButton = (p: Page, username: string) => p.getByRole("button", { name: `Account menu for ${username}` });
const registerForm = (p: Page) => p.getByRole("form", { name: "Create account" });
const signInForm = (p: Page) => p.getByRole("form", { name: "Sign in" });

/** Captures the JSON body the page sends to /api/register. */
/**
 * Records the body the page sends to /api/register. It wraps the page's own fetch (kept across
 * navigations in sessionStorage) rather than listening to Playwright's network events, which in
 * this test now and then lost a request object under load.
 */
async function registerBody(p: Page): Promise<() => Promise<unknown>> {
  await p.addInitScript(() => {
    const original = window.fetch.bind(window);
    const recording = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/api/register") && typeof init?.body === "string")
        sessionStorage.setItem("npt.test.registerBody", init.body);
      return original(input, init);
    };
    window.fetch = Object.assign(recording, { preconnect: window.fetch.preconnect }) as typeof fetch;
  });
  return async () => JSON.parse((await p.evaluate(() => sessionStorage.getItem("npt.test.registerBody"))) ?? "null");
}

describe("auth screen", () => {
  test(
    "the form's first field has the focus on arrival and after switching to Create Account, so typing starts at once",
    async () => {
      const page = await suite.newPage();
      await page.goto("/auth");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "email");
      await page.keyboard.type("first@example.com");
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe("first@example.com");

      await page.getByRole("button", { name: "Create one" }).click();
      await page.waitForFunction(() => document.activeElement?.id === "email");
    },
    E2E_TIMEOUT,
  );

  test(
    "registers through the form, toasts, lands on / signed in and sends only the allowed fields",
    async () => {
      const page = await suite.newPage();
      const account = newAccount("john_doe");
      const sent = await registerBody(page);
      await registerThroughUi(page, account);
      await page.waitForURL((url) => url.pathname === "/");
      await expect(toastLocator(page).textContent()).resolves.toContain("Account created!");
      expect(await toastLocator(page).textContent()).toContain("Welcome to NFL Paper Trading!");
      expect(await userMenuButton(page, "john_doe").textContent()).toBe("JD");
      expect(await sent()).toEqual({
        email: account.email,
        username: "john_doe",
        password: account.password,
        website: "",
      });
      const me = await page.request.get("/api/user");
      expect(me.status()).toBe(200);
      expect((await me.json()).username).toBe("john_doe");
    },
    E2E_TIMEOUT,
  );

  test(
    "signs out from the avatar menu, then signs back in",
    async () => {
      const page = await suite.newPage();
      const account = newAccount();
      await registerThroughUi(page, account);

      await userMenuButton(page, account.username).click();
      const menu = page.locator("#account-menu");
      expect(await menu.textContent()).toContain(account.username);
      expect(await menu.textContent()).toContain(account.email);
      await page.getByRole("button", { name: "Log out" }).click();
      await page.getByRole("link", { name: "Sign In" }).waitFor();
      await page.getByText("You've been successfully logged out.").waitFor();
      expect(await toastLocator(page).locator(".toast-title").textContent()).toBe("Logged out");
      expect(await userMenuButton(page, account.username).count()).toBe(0);
      expect((await page.request.get("/api/user")).status()).toBe(401);

      await signInThroughUi(page, account);
      await userMenuButton(page, account.username).waitFor();
      await page.waitForURL((url) => url.pathname === "/");
      expect(await toastLocator(page).locator(".toast-title").textContent()).toBe("Welcome back!");
      expect(await toastLocator(page).textContent()).toContain("You've successfully logged in.");
    },
    E2E_TIMEOUT,
  );

  test(
    "a wrong password shows the server's message in a 'Login failed' toast and stays on /auth",
    async () => {
      const page = await suite.newPage();
      await signInThroughUi(page, { email: "nobody@example.com", username: "x", password: "wrong-password" });
      const toast = toastLocator(page);
      await toast.waitFor();
      expect(await toast.getAttribute("role")).toBe("alert");
      expect(await toast.locator(".toast-title").textContent()).toBe("Login failed");
      expect(await toast.locator(".toast-description").textContent()).toBe("Invalid email or password");
      expect(new URL(page.url()).pathname).toBe("/auth");
    },
    E2E_TIMEOUT,
  );

  test(
    "the submit button reads 'Signing in...' while the request is pending",
    async () => {
      const page = await suite.newPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/login", async (route) => {
        await held;
        await route.continue();
      });
      await signInThroughUi(page, { email: "nobody@example.com", username: "x", password: "wrong-password" });
      const button = signInForm(page).getByRole("button");
      expect(await button.textContent()).toBe("Signing in...");
      expect(await button.isDisabled()).toBe(true);
      release();
      await toastLocator(page).waitFor();
      expect(await button.textContent()).toBe("Sign In");
    },
    E2E_TIMEOUT,
  );

  test(
    "the submit button reads 'Creating account...' while registration is pending",
    async () => {
      const page = await suite.newPage();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/register", async (route) => {
        await held;
        await route.continue();
      });
      const account = newAccount();
      await page.goto("/auth");
      await page.getByRole("button", { name: "Create one" }).click();
      await page.getByLabel("Email", { exact: true }).fill(account.email);
      await page.getByLabel("Username", { exact: true }).fill(account.username);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      const button = registerForm(page).getByRole("button");
      await button.click();
      expect(await button.textContent()).toBe("Creating account...");
      expect(await button.isDisabled()).toBe(true);
      release();
      await userMenuButton(page, account.username).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "signing in honours ?returnUrl, and a signed-in visit to /auth goes straight there",
    async () => {
      const page = await suite.newPage();
      const account = newAccount();
      await registerThroughUi(page, account);
      await page.getByRole("button", { name: `Account menu for ${account.username}` }).click();
      await page.getByRole("button", { name: "Log out" }).click();
      await page.getByText("You've been successfully logged out.").waitFor();

      await signInThroughUi(page, account, "/auth?returnUrl=%2Fleaderboard");
      await page.waitForURL((url) => url.pathname === "/leaderboard");
      await page.getByRole("heading", { name: "Leaderboard" }).waitFor();

      await page.goto("/auth?returnUrl=%2Fsettings");
      await page.waitForURL((url) => url.pathname === "/settings");
      await page.getByRole("heading", { name: "Settings" }).waitFor();

      await page.goto("/auth");
      await page.waitForURL((url) => url.pathname === "/");
    },
    E2E_TIMEOUT,
  );

  test(
    "an off-site returnUrl is ignored in favour of /",
    async () => {
      const page = await suite.newPage();
      await registerThroughUi(page, newAccount(), "/auth?returnUrl=%2F%2Fevil.example%2Fphish");
      await page.waitForURL((url) => url.pathname === "/");
      expect(new URL(page.url()).host).toBe(new URL(suite.server.baseUrl).host);
    },
    E2E_TIMEOUT,
  );

  test(
    "register validates on the client with the spec's messages, in both modes",
    async () => {
      const page = await suite.newPage();
      let calls = 0;
      page.on("request", (request) => {
        if (/\/api\/(register|login)$/.test(request.url())) calls++;
      });
      await page.goto("/auth");
      await page.getByRole("button", { name: "Create one" }).click();
      await page.getByRole("heading", { name: "Create Account" }).waitFor();
      const form = registerForm(page);
      const submit = form.getByRole("button", { name: "Create Account" });
      const username = page.getByLabel("Username", { exact: true });
      const errorOf = (id: string) => page.locator(`#${id}-error`);

      await page.getByLabel("Email", { exact: true }).fill("fan@example.com");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await username.fill("bad name!");
      await submit.click();
      expect(await errorOf("username").textContent()).toBe("Letters, numbers, and underscores only");
      expect(await errorOf("password").textContent()).toBe("Password must be at least 8 characters");
      expect(await username.getAttribute("aria-invalid")).toBe("true");

      await username.fill("ab");
      await submit.click();
      expect(await errorOf("username").textContent()).toBe("Username must be at least 3 characters");

      await page.getByLabel("Email", { exact: true }).fill("not-an-email");
      await submit.click();
      expect(await errorOf("email").textContent()).toBe("Enter a valid email address");

      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.getByLabel("Email", { exact: true }).fill("fan@example.com");
      await page.getByLabel("Password", { exact: true }).fill("1234567");
      await signInForm(page).getByRole("button", { name: "Sign In" }).click();
      expect(await errorOf("password").textContent()).toBe("Password must be at least 8 characters");
      expect(calls).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "register shows the four benefits; sign-in does not",
    async () => {
      const page = await suite.newPage();
      await page.goto("/auth");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(await page.getByText("Unit-based betting system").count()).toBe(0);
      await page.getByRole("button", { name: "Create one" }).click();
      const benefits = page.getByRole("complementary", { name: "What you get" });
      expect(await benefits.locator("li").allTextContents()).toEqual([
        "Unit-based betting system",
        "Access to all NFL games and odds",
        "Performance analytics and tracking",
        "Leaderboard rankings",
      ]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the honeypot field is in the register form but not visible, not focusable and hidden from screen readers",
    async () => {
      const page = await suite.newPage();
      await page.goto("/auth");
      expect(await page.locator('input[name="website"]').count()).toBe(0);
      await page.getByRole("button", { name: "Create one" }).click();
      const honeypot = page.locator('input[name="website"]');
      await honeypot.waitFor({ state: "attached" });
      expect(await honeypot.isVisible()).toBe(false);
      expect(await honeypot.getAttribute("tabindex")).toBe("-1");
      expect(await honeypot.getAttribute("autocomplete")).toBe("off");
      expect(await page.getByRole("textbox", { name: "Website" }).count()).toBe(0);
      // Tabbing from the password goes to the submit button, never into the honeypot.
      await page.getByLabel("Password", { exact: true }).focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Create Account");
    },
    E2E_TIMEOUT,
  );

  test(
    "a taken username shows 'Registration failed' with the server's message, the same as for a taken email",
    async () => {
      const page = await suite.newPage();
      const first = newAccount();
      const signup = await page.request.post("/api/register", {
        data: { email: first.email, username: first.username, password: first.password, website: "" },
      });
      expect(signup.status()).toBe(201);
      await page.context().clearCookies();

      await page.goto("/auth");
      await page.getByRole("button", { name: "Create one" }).click();
      await page.getByLabel("Email", { exact: true }).fill("someone.else@example.com");
      await page.getByLabel("Username", { exact: true }).fill(first.username);
      await page.getByLabel("Password", { exact: true }).fill("another-password");
      await registerForm(page).getByRole("button", { name: "Create Account" }).click();
      await toastLocator(page).waitFor();
      expect(await toastLocator(page).locator(".toast-title").textContent()).toBe("Registration failed");
      expect(await toastLocator(page).locator(".toast-description").textContent()).toBe(
        "An account with this email or username already exists",
      );
      // Pinning it on one field would say which of the two is taken.
      expect(await page.locator("#username-error").count()).toBe(0);
      expect(await page.locator("#email-error").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "referral data from utm parameters is saved, sent with registration, then cleared",
    async () => {
      const page = await suite.newPage();
      const account = newAccount();
      const sent = await registerBody(page);
      await page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=week_5");
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("npt.referral") ?? "null"))).toEqual({
        referralSource: "newsletter",
        referralMedium: "email",
        referralCampaign: "week_5",
      });

      await registerThroughUi(page, account);
      expect(await sent()).toMatchObject({
        referralSource: "newsletter",
        referralMedium: "email",
        referralCampaign: "week_5",
      });
      expect(await page.evaluate(() => localStorage.getItem("npt.referral"))).toBeNull();
      const row = await suite.server.ctx.db
        .selectFrom("users")
        .select(["referral_source", "referral_medium", "referral_campaign"])
        .where("username", "=", account.username)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ referral_source: "newsletter", referral_medium: "email", referral_campaign: "week_5" });
    },
    E2E_TIMEOUT,
  );

  test(
    "an outside referrer's hostname becomes the source when there is no utm_source",
    async () => {
      const page = await suite.newPage();
      await page.goto("/auth", { referer: "https://www.example.org/some/article" });
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("npt.referral") ?? "null"));
      expect(saved.referralSource).toBe("www.example.org");
      expect(saved.referrerUrl).toStartWith("https://www.example.org/");

      // A visit with no referral data does not wipe what was saved.
      await page.goto("/auth");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem("npt.referral") ?? "null"))).toEqual(saved);
    },
    E2E_TIMEOUT,
  );
});
