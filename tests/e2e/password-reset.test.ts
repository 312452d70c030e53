import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { Mail } from "../../src/lib/mailer.ts";
import { createResetLink } from "../../src/modules/auth/service.ts";
import {
  browserSuite,
  E2E_TIMEOUT,
  newAccount,
  newContext,
  signInThroughUi,
  startMailingServer,
  toastLocator,
  until,
  type Account,
  type Server,
} from "./helpers.ts";

/** Its server is the default test server: no SMTP, so 'Forgot password?' is answered with the operator message. */
const suite = browserSuite();
/** A server whose mail goes to `outbox` instead of an SMTP server. */
let mailing: Server;
const outbox: Mail[] = [];
let page: Page;

beforeAll(async () => {
  mailing = await startMailingServer(outbox);
});

afterAll(async () => {
  await mailing?.stop();
});

async function freshPage(server: Server): Promise<Page> {
  page = await (await newContext(suite.browser, server)).newPage();
  return page;
}

/** Registers over the API from a throw-away profile; returns the account and its session cookie. */
async function registered(server: Server, username: string): Promise<{ account: Account; cookie: string }> {
  const account = newAccount(username);
  const other = await suite.browser.newContext({ serviceWorkers: "block", baseURL: server.baseUrl });
  const made = await other.request.post("/api/register", {
    data: { email: account.email, username: account.username, password: account.password, website: "" },
  });
  expect(made.status()).toBe(201);
  const session = (await other.cookies()).find((cookie) => cookie.name === "npt_session");
  await other.close();
  return { account, cookie: `npt_session=${session!.value}` };
}

/** Who the API says a session cookie belongs to (401 once the session is gone). */
async function userStatus(server: Server, cookie: string): Promise<number> {
  const res = await fetch(`${server.baseUrl}/api/user`, { headers: { cookie } });
  return res.status;
}

const resetForm = (p: Page) => p.getByRole("form", { name: "Choose a new password" });
const forgotForm = (p: Page) => p.getByRole("form", { name: "Reset password" });

async function chooseNewPassword(p: Page, password: string, confirm = password): Promise<void> {
  await p.getByLabel("New password", { exact: true }).fill(password);
  await p.getByLabel("Confirm password", { exact: true }).fill(confirm);
  await resetForm(p).getByRole("button", { name: "Change password" }).click();
}

async function canSignIn(server: Server, email: string, password: string): Promise<boolean> {
  const res = await fetch(`${server.baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseUrl },
    body: JSON.stringify({ email, password }),
  });
  return res.status === 200;
}

describe("password reset", () => {
  test(
    "with SMTP: 'Forgot password?' mails a link that sets a new password once, ending the old sessions",
    async () => {
      const { account, cookie } = await registered(mailing, "forgetful_fan");
      expect(await userStatus(mailing, cookie)).toBe(200);
      await freshPage(mailing);
      await page.goto("/auth");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await forgotForm(page).getByLabel("Email", { exact: true }).fill(account.email.toUpperCase());
      await forgotForm(page).getByRole("button", { name: "Send reset link" }).click();
      await page
        .locator("main")
        .getByRole("status")
        .getByText("If that email has an account, a reset link is on its way.")
        .waitFor();
      expect(await forgotForm(page).count()).toBe(0);

      await until("the reset mail", () => outbox.length === 1);
      const mail = outbox[0]!;
      expect(mail.to).toBe(account.email);
      const link = mail.text.match(/https?:\/\/\S+/)?.[0];
      expect(link).toStartWith(`${mailing.baseUrl}/auth?reset=`);

      // A fresh profile, as if the mail were opened on another device.
      await page.context().close();
      await freshPage(mailing);
      await page.goto(link!);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await chooseNewPassword(page, "brand-new-secret-9");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(await page.locator("main").getByRole("status").textContent()).toBe(
        "Your password has been changed. Sign in with it.",
      );
      expect(await toastLocator(page).locator(".toast-title").textContent()).toBe("Password changed");
      expect(new URL(page.url()).search).toBe("");

      expect(await userStatus(mailing, cookie)).toBe(401);
      expect(await canSignIn(mailing, account.email, account.password)).toBe(false);
      await signInThroughUi(page, { ...account, password: "brand-new-secret-9" });
      await page.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();

      // The link works once.
      await page.context().close();
      await freshPage(mailing);
      await page.goto(link!);
      await chooseNewPassword(page, "yet-another-secret");
      const refusal = page
        .getByRole("alert")
        .filter({ hasText: "This reset link has expired or was already used. Ask for a new one." });
      await refusal.waitFor();
      expect(await resetForm(page).count()).toBe(0);
      expect(await canSignIn(mailing, account.email, "yet-another-secret")).toBe(false);
      await refusal.getByRole("button", { name: "Ask for a new link" }).click();
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await forgotForm(page).getByLabel("Email", { exact: true }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "with SMTP, an unknown email gets the same answer and no mail",
    async () => {
      outbox.length = 0;
      await freshPage(mailing);
      await page.goto("/auth");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await forgotForm(page).getByLabel("Email", { exact: true }).fill("nobody.here@example.com");
      await forgotForm(page).getByRole("button", { name: "Send reset link" }).click();
      await page.getByText("If that email has an account, a reset link is on its way.").waitFor();
      await Bun.sleep(100);
      expect(outbox).toHaveLength(0);
      await page.getByRole("button", { name: "Back to sign in" }).click();
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "without SMTP, 'Forgot password?' tells to ask the operator",
    async () => {
      const { account } = await registered(suite.server, "no_mail_here");
      await freshPage(suite.server);
      await page.goto("/auth");
      await page.getByRole("button", { name: "Forgot password?" }).click();
      const form = forgotForm(page);
      await form.getByRole("button", { name: "Send reset link" }).click();
      expect(await page.locator("#forgot-email-error").textContent()).toBe("Email is required");
      await form.getByLabel("Email", { exact: true }).fill(account.email);
      await form.getByRole("button", { name: "Send reset link" }).click();
      const alert = page
        .getByRole("alert")
        .filter({ hasText: "Password reset by e-mail is not set up on this server." });
      await alert.waitFor();
      expect(await alert.textContent()).toBe(
        "Password reset by e-mail is not set up on this server. Ask its operator for a reset link.",
      );
      // Still there to try again, and a way back.
      expect(await form.count()).toBe(1);
      await page.getByRole("button", { name: "Back to sign in" }).click();
      await page.getByRole("form", { name: "Sign in" }).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a link made by the operator's CLI (createResetLink) resets the password, after checking the form",
    async () => {
      const { account, cookie } = await registered(suite.server, "cli_reset");
      const { url } = await createResetLink(
        suite.server.ctx.db,
        suite.server.ctx.clock.now(),
        account.email,
        suite.server.baseUrl,
      );
      let resets = 0;
      await freshPage(suite.server);
      page.on("request", (request) => {
        if (request.url().endsWith("/api/password/reset")) resets++;
      });
      await page.goto(url);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      expect(await page.title()).toContain("Reset Password");

      await chooseNewPassword(page, "short", "short");
      expect(await page.locator("#new-password-error").textContent()).toBe("Password must be at least 8 characters");
      expect(await page.getByLabel("New password", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("new-password");

      await chooseNewPassword(page, "long-enough-1", "long-enough-2");
      expect(await page.locator("#new-password-error").count()).toBe(0);
      expect(await page.locator("#confirm-password-error").textContent()).toBe("Passwords do not match");
      expect(resets).toBe(0);

      await chooseNewPassword(page, "long-enough-1");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(resets).toBe(1);
      expect(await userStatus(suite.server, cookie)).toBe(401);
      expect(await canSignIn(suite.server, account.email, "long-enough-1")).toBe(true);
    },
    E2E_TIMEOUT,
  );

  test(
    "a signed-in visitor can use a reset link for their own account, and is signed out by it",
    async () => {
      const { account } = await registered(suite.server, "signed_in_reset");
      await freshPage(suite.server);
      await signInThroughUi(page, account);
      await page.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();
      const { url } = await createResetLink(
        suite.server.ctx.db,
        suite.server.ctx.clock.now(),
        account.email,
        suite.server.baseUrl,
      );
      await page.goto(url);
      await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
      await chooseNewPassword(page, "fresh-password-7");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.getByRole("link", { name: "Sign In" }).waitFor();
      expect(await page.getByRole("button", { name: `Account menu for ${account.username}` }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/auth");
    },
    E2E_TIMEOUT,
  );

  test(
    "a made-up token shows the invalid-link message",
    async () => {
      await freshPage(suite.server);
      await page.goto("/auth?reset=not-a-real-token");
      await chooseNewPassword(page, "whatever-it-is");
      await page
        .getByRole("alert")
        .getByText("This reset link has expired or was already used. Ask for a new one.")
        .waitFor();
    },
    E2E_TIMEOUT,
  );
});
