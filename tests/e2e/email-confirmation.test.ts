import { describe, expect, test } from "bun:test";
import { createApp } from "../../src/app.ts";
import type { Mail } from "../../src/lib/mailer.ts";
import { makeTestApp } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, newAccount, signUp, until, type Server } from "./helpers.ts";

const outbox: Mail[] = [];
const BOSS = newAccount("site_boss");

/** A server with mail (into `outbox`), PUBLIC_URL at its own address and BOSS's address in ADMIN_EMAILS. */
async function startServer(): Promise<Server> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port;
  await probe.stop(true);
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await makeTestApp({ env: { PUBLIC_URL: baseUrl, ADMIN_EMAILS: BOSS.email } });
  const app = createApp({ ...ctx, mailer: { send: async (mail) => void outbox.push(mail) } });
  app.listen({ port, hostname: "127.0.0.1" });
  return {
    ctx: { ...ctx, app },
    baseUrl,
    async stop() {
      await app.stop();
      await ctx.close();
    },
  };
}

const suite = browserSuite(startServer);

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
      const confirmed = page.locator("main").getByRole("status").filter({ hasText: "Your email address is confirmed." });
      await confirmed.waitFor();
      expect(await page.getByRole("heading", { name: "Confirm your address" }).count()).toBe(1);
      expect(new URL(page.url()).search).toBe("");
      expect(((await (await page.request.get("/api/user")).json()) as { role: string }).role).toBe("admin");
      await confirmed.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL((url) => url.pathname === "/");

      // Used once: a second visit says so.
      await page.goto(link);
      await page.getByRole("alert").filter({ hasText: "This confirmation link has expired or was already used." }).waitFor();
    },
    E2E_TIMEOUT,
  );
});
