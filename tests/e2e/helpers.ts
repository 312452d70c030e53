import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { makeTestApp, type TestContext } from "../support.ts";

/** Generous: the first page load of a process bundles the web app. */
export const E2E_TIMEOUT = 30_000;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
    ],
  });
}

export interface Server {
  ctx: TestContext;
  baseUrl: string;
  stop(): Promise<void>;
}

/** A test app on a fresh in-memory database, listening on a free port. */
export async function startServer(opts: Parameters<typeof makeTestApp>[0] = {}): Promise<Server> {
  const ctx = await makeTestApp(opts);
  ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${ctx.app.server!.port}`;
  return {
    ctx,
    baseUrl,
    async stop() {
      await ctx.app.stop();
      await ctx.close();
    },
  };
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** Leave the first-visit welcome dialog to appear (it is pre-dismissed by default so it does not cover the page). */
  showOnboarding?: boolean;
}

/** A fresh browser profile (own cookies and localStorage) pointed at the server. */
export async function newContext(browser: Browser, server: Server, opts: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.baseUrl, viewport: opts.viewport ?? DESKTOP });
  if (!opts.showOnboarding) {
    await context.addInitScript(() => localStorage.setItem("npt.onboardingDismissed", "true"));
  }
  return context;
}

export interface Account {
  email: string;
  username: string;
  password: string;
}

let counter = 0;

/** A new, valid account (unique within the test process). */
export function newAccount(username?: string): Account {
  counter += 1;
  const name = username ?? `player_${counter}`;
  return { email: `${name.toLowerCase()}.${counter}@example.com`, username: name, password: "correct-horse-42" };
}

/** Opens /auth, switches to Create Account and registers through the form; waits until the avatar shows. */
export async function registerThroughUi(page: Page, account: Account, path = "/auth"): Promise<void> {
  await page.goto(path);
  await page.getByRole("button", { name: "Create one" }).click();
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Username", { exact: true }).fill(account.username);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("form", { name: "Create account" }).getByRole("button", { name: "Create Account" }).click();
  await page.getByRole("button", { name: `Account menu for ${account.username}` }).waitFor();
}

/** Signs in through the /auth form. */
export async function signInThroughUi(page: Page, account: Account, path = "/auth"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
}

/** The text of the toast on screen. */
export function toastLocator(page: Page) {
  return page.locator(".toast");
}

/** Polls until `condition` holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await Bun.sleep(25);
  }
}
