import { describe, expect, test } from "bun:test";
import type { Mail } from "../../src/lib/mailer.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, signUp, startMailingServer, until } from "./helpers.ts";

const outbox: Mail[] = [];
const BOSS = newAccount("site_boss");

/** Mail lands in `outbox`; BOSS's address is in ADMIN_EMAILS. */
const suite = browserSuite(() => startMailingServer(outbox, { ADMIN_EMAILS: BOSS.email }));

describe("confirming a listed admin address", () => {
  test(
    "the mailed link confirms the address once, makes the signed-in player an admin and leaves the address bar",
    async () => {
      const page = await suite.newPage();
      await signUp(page, BOSS);
      expect(((await (await page.request.get("/api/user")).json()) as { role: string }).role).toBe("user");
      await until("the confirmation mail", () => outbox.length === 1);
      const link = outbox[0]!.text.match(/https?:\/\/\S+/)![0];
      expect(link).toStartWith(`${suite.server.baseUrl}/auth?verify=`);

      await page.goto(link);
      const confirmed = page
        .locator("main")
        .getByRole("status")
        .filter({ hasText: "Your email address is confirmed." });
      await confirmed.waitFor();
      expect(await page.getByRole("heading", { name: "Confirm your address" }).count()).toBe(1);
      expect(new URL(page.url()).search).toBe("");
      expect(((await (await page.request.get("/api/user")).json()) as { role: string }).role).toBe("admin");
      await confirmed.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.pathname === "/");

      // Used once: a second visit says so.
      await page.goto(link);
      await page
        .getByRole("alert")
        .filter({ hasText: "This confirmation link has expired or was already used." })
        .waitFor();
    },
    E2E_TIMEOUT,
  );
});
