import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import type { Mail } from "../../src/lib/mailer.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, signUp, startMailingServer, until } from "./helpers.ts";

const outbox: Mail[] = [];
const BOSS = newAccount("site_boss");
/** A listed address that someone else (a squatter) registers before its owner. */
const SQUATTED = newAccount("big_boss");

/** Mail lands in `outbox`; BOSS's and SQUATTED's addresses are in ADMIN_EMAILS. */
const suite = browserSuite(() => startMailingServer(outbox, { ADMIN_EMAILS: `${BOSS.email},${SQUATTED.email}` }));

async function linkMailedTo(email: string): Promise<string> {
  await until(`the confirmation mail to ${email}`, () => outbox.some((mail) => mail.to === email));
  return outbox.find((mail) => mail.to === email)!.text.match(/https?:\/\/\S+/)![0];
}

/** Whether the account's confirmation link is spent and its address proved, straight from the database. */
async function proofOf(userId: number) {
  const { db } = suite.server.ctx;
  const link = await db
    .selectFrom("password_resets")
    .select("used_at")
    .where("user_id", "=", userId)
    .where("purpose", "=", "email_verification")
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom("users")
    .select("email_verified_at")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { spent: link.used_at !== null, proved: user.email_verified_at !== null };
}

const roleOf = async (page: Page) => ((await (await page.request.get("/api/user")).json()) as { role: string }).role;

/** Counts the page's confirmation requests: opening a link must send none. */
function confirmationPosts(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/email/verify") seen.count += 1;
  });
  return seen;
}

describe("confirming a listed admin address", () => {
  test(
    "the squatter's link opened by the owner's signed-out browser changes nothing, nor does a click from another account",
    async () => {
      const squatterPage = await suite.newPage();
      const squatter = await signUp(squatterPage, SQUATTED);
      const link = await linkMailedTo(SQUATTED.email);
      expect(link).toStartWith(`${suite.server.baseUrl}/auth?verify=`);

      // The owner's browser (or a mail scanner) opens the link, signed out.
      const ownerPage = await suite.newPage();
      const posts = confirmationPosts(ownerPage);
      await ownerPage.goto(link);
      await ownerPage.getByRole("heading", { name: "Confirm your address" }).waitFor();
      await ownerPage.waitForLoadState("networkidle");
      expect(posts.count).toBe(0);
      expect(await roleOf(squatterPage)).toBe("user");
      expect(await proofOf(squatter.id)).toEqual({ spent: false, proved: false });
      await ownerPage
        .locator("main")
        .getByRole("status")
        .filter({ hasText: "Nothing has been confirmed yet." })
        .waitFor();
      expect(await ownerPage.getByRole("button", { name: "Sign in to confirm" }).count()).toBe(1);

      // Signed in to the owner's own (other) account, a click is refused and spends nothing.
      await signUp(ownerPage, newAccount("real_owner"));
      await ownerPage.goto(link);
      await ownerPage.getByRole("button", { name: "Confirm my address" }).click();
      await ownerPage
        .getByRole("alert")
        .filter({ hasText: "This confirmation link is for another account." })
        .waitFor();
      expect(posts.count).toBe(1);
      expect(await roleOf(squatterPage)).toBe("user");
      expect(await roleOf(ownerPage)).toBe("user");
      expect(await proofOf(squatter.id)).toEqual({ spent: false, proved: false });
      // The owner's mail carries nothing the squatter chose.
      expect(outbox.find((mail) => mail.to === SQUATTED.email)!.text).not.toContain(SQUATTED.username);
    },
    E2E_TIMEOUT,
  );

  test(
    "the rightful owner signs in from the link, comes back to it and confirms with a click: admin, once",
    async () => {
      const signUpPage = await suite.newPage();
      const boss = await signUp(signUpPage, BOSS);
      expect(await roleOf(signUpPage)).toBe("user");
      const link = await linkMailedTo(BOSS.email);

      // The mail is opened in another, signed-out browser: sign in from it, come back, click.
      const page = await suite.newPage();
      const posts = confirmationPosts(page);
      await page.goto(link);
      await page.getByRole("button", { name: "Sign in to confirm" }).click();
      await page.getByText("Sign in to the account the confirmation link was sent for").waitFor();
      await page.getByLabel("Email", { exact: true }).fill(BOSS.email);
      await page.getByLabel("Password", { exact: true }).fill(BOSS.password);
      await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
      const confirm = page.getByRole("button", { name: "Confirm my address" });
      await confirm.waitFor();
      expect(await page.getByText(`You are signed in as ${BOSS.username}.`).count()).toBe(1);
      expect(posts.count).toBe(0);
      expect(await roleOf(page)).toBe("user");
      expect(await proofOf(boss.id)).toEqual({ spent: false, proved: false });

      // By keyboard: the button takes Enter, and focus moves to what replaces it.
      await confirm.focus();
      await page.keyboard.press("Enter");
      const confirmed = page
        .locator("main")
        .getByRole("status")
        .filter({ hasText: "Your email address is confirmed." });
      await confirmed.waitFor();
      expect(await page.getByRole("heading", { name: "Confirm your address" }).count()).toBe(1);
      await until("the token to leave the address", () => new URL(page.url()).search === "");
      expect(await roleOf(page)).toBe("admin");
      expect(await proofOf(boss.id)).toEqual({ spent: true, proved: true });
      const next = confirmed.getByRole("button", { name: "Continue" });
      expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
      await next.click();
      await page.waitForURL((url) => url.pathname === "/");

      // Used once: a second click says so.
      await page.goto(link);
      await page.getByRole("button", { name: "Confirm my address" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: "This confirmation link has expired or was already used." })
        .waitFor();
    },
    E2E_TIMEOUT,
  );
});
