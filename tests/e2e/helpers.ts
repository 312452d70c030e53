import { afterAll, afterEach, beforeAll, beforeEach, expect } from "bun:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import type { Mail } from "../../src/lib/mailer.ts";
import { SESSION_COOKIE } from "../../src/modules/auth/plugin.ts";
import { makeTestApp, type TestContext } from "../support.ts";

/** Generous: the first page load of a process bundles the web app. */
export const E2E_TIMEOUT = 30_000;

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 820, height: 1180 };
/** The phone and desktop widths, each in the light and the dark scheme: where a screen's change is shown and looked at. */
export const PHONE_AND_DESKTOP_IN_BOTH_SCHEMES = [
  [PHONE, "light"],
  [PHONE, "dark"],
  [DESKTOP, "light"],
  [DESKTOP, "dark"],
] as const;

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

/**
 * Whether the browser still answers: a round trip over its protocol (a millisecond or two). Right
 * after its process was killed `isConnected()` may still say true: the pipe's end is seen later.
 */
async function answers(browser: Browser): Promise<boolean> {
  if (!browser.isConnected()) return false;
  try {
    await (await browser.newBrowserCDPSession()).detach();
    return true;
  } catch {
    return false;
  }
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

/**
 * Like startServer, with mail that lands in `outbox` instead of an SMTP server and PUBLIC_URL (which
 * mail needs) set to the server's own address; `env` adds settings.
 */
export async function startMailingServer(outbox: Mail[], env: Record<string, string> = {}): Promise<Server> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port;
  await probe.stop(true);
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await makeTestApp({
    env: { PUBLIC_URL: baseUrl, ...env },
    runtime: { mailer: { send: async (mail) => void outbox.push(mail) } },
  });
  ctx.app.listen({ port, hostname: "127.0.0.1" });
  return {
    ctx,
    baseUrl,
    async stop() {
      await ctx.app.stop();
      await ctx.close();
    },
  };
}

/**
 * Turns on the outbox delivery of serve's wiring (src/runtime/start.ts): what the app commits to
 * the outbox (a resolve's game.completed, a friend request, …) reaches the in-process bus and its
 * reactions; with `settle`, settlement follows game.completed. Stopping the server stops it.
 */
export async function withDispatcher<S extends Server>(server: S, opts: { settle?: boolean } = {}): Promise<S> {
  await server.ctx.runtime.startDelivery({ intervalMs: 20, settle: opts.settle ?? false });
  return server;
}

/**
 * Makes the profile's page loads (`goto`, `reload`) wait until the app runs, not only until the
 * server's HTML is there: that HTML shows the screen before its script runs (decision 0069), and a
 * click on it before React hydrated it does nothing. Pages that are no app page (JSON) are not waited for.
 */
export function awaitAppOnLoad(context: BrowserContext): void {
  context.on("page", (page) => {
    for (const name of ["goto", "reload"] as const) {
      const load = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
      (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const response = await load(...args);
        if (response?.headers()["content-type"]?.startsWith("text/html")) {
          await page.locator("html[data-app=running]").waitFor({ timeout: E2E_TIMEOUT });
        }
        return response;
      };
    }
  });
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  /** Leave the first-visit welcome dialog to appear (it is pre-dismissed by default so it does not cover the page). */
  showOnboarding?: boolean;
  /** Leave the push opt-in card to appear after a bet or a settlement (pre-answered by default, like the welcome). */
  showPushOffer?: boolean;
  /** A user made with tests/factories.ts buildUser: the profile starts with their session cookie, signed in. */
  signedInAs?: { token: string } | null;
  /** "allow" to run with the app's service worker (blocked by default). */
  serviceWorkers?: "allow" | "block";
  /** The browser's time zone (IANA); the machine's when absent. */
  timezoneId?: string;
}

/** A fresh browser profile (own cookies and localStorage) pointed at the server. */
export async function newContext(browser: Browser, server: Server, opts: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: opts.viewport ?? DESKTOP,
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
    // The app's service worker answers the page's requests, and Playwright's routes never see those:
    // tests run without it unless they test it (tests/e2e/installable.test.ts).
    serviceWorkers: opts.serviceWorkers ?? "block",
  });
  awaitAppOnLoad(context);
  if (!opts.showOnboarding) {
    await context.addInitScript(() => localStorage.setItem("npt.onboardingDismissed", "true"));
  }
  if (!opts.showPushOffer) {
    await context.addInitScript(() => localStorage.setItem("npt.pushAsked", "true"));
  }
  if (opts.signedInAs) {
    await context.addCookies([{ name: SESSION_COOKIE, value: opts.signedInAs.token, url: server.baseUrl }]);
  }
  return context;
}

export interface BrowserSuite<S extends Server> {
  /** The file's server (with `serverPerTest`, the running test's). */
  readonly server: S;
  readonly browser: Browser;
  /** A fresh profile on the suite's browser, pointed at its server (see newContext). */
  newContext(opts?: ContextOptions): Promise<BrowserContext>;
  /** A page in a fresh profile. */
  newPage(opts?: ContextOptions): Promise<Page>;
  /** Closes every open profile, stops the server and starts another from scratch, for a test that needs a second one. */
  restartServer(): Promise<S>;
}

export interface BrowserSuiteOptions {
  /** A fresh server for every test, stopped after it, instead of one for the whole file. */
  serverPerTest?: boolean;
}

/**
 * Registers the file's hooks: a browser for the file (launched again for the next test should a
 * test's timeout have killed it) and a server from `start` (startServer() by default) for the file
 * or, with `serverPerTest`, for each test. After each test every profile
 * opened on the browser is closed, including those opened through fixtures on `suite.browser`.
 * Call it at the top of the file, before its own hooks: bun runs hooks in the order they were
 * registered, so a file's own afterEach runs once the pages are closed.
 */
export function browserSuite(): BrowserSuite<Server>;
export function browserSuite<S extends Server>(start: () => Promise<S>, opts?: BrowserSuiteOptions): BrowserSuite<S>;
export function browserSuite(
  start: () => Promise<Server> = () => startServer(),
  opts: BrowserSuiteOptions = {},
): BrowserSuite<Server> {
  let browser: Browser | undefined;
  let server: Server | undefined;

  async function closeContexts(): Promise<void> {
    for (const context of browser?.contexts() ?? [])
      await context.close().catch(async (error) => {
        // Killed with its browser (see beforeEach below): nothing left to close.
        if (browser && (await answers(browser))) throw error;
      });
  }
  async function stopServer(): Promise<void> {
    const running = server;
    server = undefined;
    await running?.stop();
  }

  // The hooks get the test's own budget: launching Chromium on a busy machine can take seconds.
  (opts.serverPerTest ? beforeEach : beforeAll)(async () => {
    server = await start();
  }, E2E_TIMEOUT);
  beforeAll(async () => {
    browser = await launchBrowser();
  }, E2E_TIMEOUT);
  // When a test (or a hook) runs out of time, bun test kills every process this one started — not
  // only the test's own but the file's browser too ("killed 1 dangling process"): on a busy machine
  // one slow test then failed every later test of its file with a closed browser. Each test starts
  // with a live browser, launched again if it was killed.
  beforeEach(async () => {
    if (browser && !(await answers(browser))) browser = await launchBrowser();
  }, E2E_TIMEOUT);
  afterEach(async () => {
    await closeContexts();
    if (opts.serverPerTest) await stopServer();
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await stopServer();
  }, E2E_TIMEOUT);

  const suite: BrowserSuite<Server> = {
    get server() {
      if (!server)
        throw new Error("browserSuite: no server yet (it starts in beforeAll, or beforeEach with serverPerTest)");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("browserSuite: no browser yet (it launches in beforeAll)");
      return browser;
    },
    newContext: (contextOpts) => newContext(suite.browser, suite.server, contextOpts),
    async newPage(contextOpts) {
      return (await suite.newContext(contextOpts)).newPage();
    },
    async restartServer() {
      await closeContexts();
      await stopServer();
      server = await start();
      return server;
    },
  };
  return suite;
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

/** Registers over the API with the page's own cookie jar, so the page is signed in on its next load. */
export async function signUp(page: Page, account: Account = newAccount()): Promise<Account & { id: number }> {
  const response = await page.request.post("/api/register", {
    data: { email: account.email, username: account.username, password: account.password, website: "" },
  });
  expect(response.status()).toBe(201);
  const user = (await response.json()) as { id: number };
  return { ...account, id: user.id };
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

/** Resolves when the page's live channel receives the server's hello with this signed-in state (call it before the page loads). */
export function liveHello(page: Page, signedIn: boolean): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type?: string; signedIn?: boolean };
        if (message.type === "hello" && message.signedIn === signedIn) resolve();
      });
    });
  });
}

/**
 * Saves a full-page screenshot as `$E2E_SCREENSHOTS/<name>.png` when that folder is set (to look at
 * the screens a test walked); does nothing otherwise.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** Polls until `condition` holds; fails with `what` after `timeoutMs`. */
export async function until(what: string, condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await Bun.sleep(25);
  }
}

const requestsInFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight from now on (for `networkQuiet`). */
export function trackRequests(page: Page): void {
  if (requestsInFlight.has(page)) return;
  const inFlight = new Set<unknown>();
  requestsInFlight.set(page, inFlight);
  page.on("request", (request) => inFlight.add(request));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
}

/**
 * Waits until the page has had no request in flight for `quietMs` (Playwright's "networkidle" waits
 * a fixed 500 ms after the load, every time). Tracks the page from now on if it was not tracked.
 */
export async function networkQuiet(page: Page, quietMs = 100, timeoutMs = 10_000): Promise<void> {
  trackRequests(page);
  const inFlight = requestsInFlight.get(page) as Set<unknown>;
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${inFlight.size} requests to end`);
    await Bun.sleep(20);
    if (inFlight.size > 0) quietSince = Date.now();
  }
}
