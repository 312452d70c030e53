import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import {
  browserSuite,
  DESKTOP,
  E2E_TIMEOUT,
  newAccount,
  PHONE,
  registerThroughUi,
  signInThroughUi,
  toastLocator,
} from "./helpers.ts";

const suite = browserSuite();

const firstVisit = () => suite.newPage({ showOnboarding: true });
const welcome = (page: Page) => page.getByRole("dialog", { name: "Welcome to NFL Paper Trading!" });
// A fixed instant for the page's fake clock: tests never lean on today's date.
const START = new Date("2026-10-07T16:00:00Z");

/** A first visit whose page clock is paused: time moves only by clock.runFor. */
async function pausedFirstVisit(): Promise<Page> {
  const page = await firstVisit();
  await page.clock.install({ time: START });
  // A second ahead of the install time: on a busy machine the page clock may already have moved past START.
  await page.clock.pauseAt(new Date(START.getTime() + 1000));
  return page;
}

describe("onboarding", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(
      `at ${viewport.width}×${viewport.height} the screen's largest paint is its own content, not the welcome over it`,
      async () => {
        const page = await suite.newPage({ showOnboarding: true, viewport });
        await page.addInitScript(() => {
          const paints: string[] = [];
          (window as unknown as { paints: string[] }).paints = paints;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
              paints.push(entry.element?.closest("dialog") ? "the welcome" : (entry.element?.tagName ?? "?"));
            }
          }).observe({ type: "largest-contentful-paint", buffered: true });
        });
        await page.goto("/");
        await welcome(page).waitFor();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
        // A paint is reported within a frame or two of happening.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const paints = await page.evaluate(() => (window as unknown as { paints: string[] }).paints);
        expect(paints.length).toBeGreaterThan(0);
        expect(paints).not.toContain("the welcome");
      },
      E2E_TIMEOUT,
    );
  }

  test(
    "appears 500 ms after load on a first visit, and not before",
    async () => {
      const page = await firstVisit();
      await page.clock.install({ time: START });
      // A second ahead of the install time: on a busy machine the page clock may already have moved past START.
      await page.clock.pauseAt(new Date(START.getTime() + 1000));
      await page.goto("/");
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
      await page.clock.runFor(499);
      expect(await welcome(page).isVisible()).toBe(false);
      await page.clock.runFor(1);
      await welcome(page).waitFor();
      const text = await welcome(page).textContent();
      for (const phrase of ["ROI", "win rate", "betting patterns", "leaderboards"]) expect(text).toContain(phrase);
      expect(await welcome(page).getByRole("button", { name: "Start Betting" }).isVisible()).toBe(true);
      expect(await welcome(page).getByRole("button", { name: "Close" }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Start Betting");
    },
    E2E_TIMEOUT,
  );

  test(
    "stays until dismissed; once dismissed with 'Start Betting' it does not come back after a reload",
    async () => {
      // The page's fake clock stands in for fixed waits: a second "passes" at once, timers and all.
      const page = await pausedFirstVisit();
      await page.goto("/");
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
      await page.clock.runFor(500);
      await welcome(page).waitFor();
      await page.clock.runFor(1000);
      expect(await welcome(page).isVisible()).toBe(true);
      await welcome(page).getByRole("button", { name: "Start Betting" }).click();
      await welcome(page).waitFor({ state: "hidden" });
      expect(await page.evaluate(() => localStorage.getItem("npt.onboardingDismissed"))).toBe("true");

      await page.reload();
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
      await page.clock.runFor(1000);
      expect(await welcome(page).isVisible()).toBe(false);
      await page.goto("/leaderboard");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.clock.runFor(800);
      expect(await welcome(page).isVisible()).toBe(false);
    },
    E2E_TIMEOUT,
  );

  test(
    "the close button and Escape dismiss it too",
    async () => {
      const page = await firstVisit();
      await page.goto("/");
      await welcome(page).getByRole("button", { name: "Close" }).click();
      await welcome(page).waitFor({ state: "hidden" });
      expect(await page.evaluate(() => localStorage.getItem("npt.onboardingDismissed"))).toBe("true");
      await page.context().close();

      const again = await pausedFirstVisit();
      await again.goto("/");
      await again.getByRole("heading", { name: "NFL Games" }).waitFor();
      await again.clock.runFor(500);
      await welcome(again).waitFor();
      await again.keyboard.press("Escape");
      await welcome(again).waitFor({ state: "hidden" });
      // Escape closes the dialog at once; its close event (which records the dismissal) comes in a
      // task of its own after that: a reload in between would cancel it.
      await again.waitForFunction(() => localStorage.getItem("npt.onboardingDismissed") === "true");
      await again.reload();
      await again.getByRole("heading", { name: "NFL Games" }).waitFor();
      await again.clock.runFor(800);
      expect(await welcome(again).isVisible()).toBe(false);
    },
    E2E_TIMEOUT,
  );

  test(
    "shows on the Games screen only, never over a page the visitor came for (/auth, /invite, /leaderboard)",
    async () => {
      const page = await pausedFirstVisit();
      await page.goto("/auth");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.clock.runFor(1200);
      expect(await welcome(page).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Create one" }).click();
      await page.clock.runFor(700);
      expect(await welcome(page).isVisible()).toBe(false);

      // An invitee is sent to /auth?returnUrl=/invite/… first: no welcome there either.
      await page.goto("/invite/some-token");
      await page.waitForURL((url) => url.pathname === "/auth");
      await page.clock.runFor(1200);
      expect(await welcome(page).isVisible()).toBe(false);

      await page.goto("/leaderboard");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      await page.clock.runFor(1200);
      expect(await welcome(page).isVisible()).toBe(false);

      await page.getByRole("link", { name: "NFL Paper Trading, home" }).click();
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
      await page.clock.runFor(500);
      await welcome(page).waitFor();
    },
    E2E_TIMEOUT,
  );

  test(
    "a player never sees it: not right after signing up, not signed in on a browser that never dismissed it",
    async () => {
      const page = await pausedFirstVisit();
      const account = newAccount();
      await registerThroughUi(page, account);
      await page.goto("/");
      await page.getByRole("heading", { name: "NFL Games" }).waitFor();
      await page.clock.runFor(1500);
      expect(await welcome(page).isVisible()).toBe(false);
      // Signing out later does not bring it back either: the account was welcomed.
      expect(await page.evaluate(() => localStorage.getItem("npt.onboardingDismissed"))).toBe("true");

      // Another browser, never dismissed: signed in, the player goes straight to the games.
      const other = await firstVisit();
      await other.clock.install({ time: START });
      await other.clock.pauseAt(new Date(START.getTime() + 1000));
      await signInThroughUi(other, account);
      await other.waitForURL((url) => url.pathname === "/");
      await other.getByRole("heading", { name: "NFL Games" }).waitFor();
      await other.clock.runFor(1500);
      expect(await welcome(other).isVisible()).toBe(false);
    },
    E2E_TIMEOUT,
  );

  test(
    "never takes the focus from a field being typed in: it waits until the focus leaves the field",
    async () => {
      const page = await firstVisit();
      await page.clock.install({ time: START });
      // A second ahead of the install time: on a busy machine the page clock may already have moved past START.
      await page.clock.pauseAt(new Date(START.getTime() + 1000));
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "NFL Games" }).waitFor();
      // Any text field on a screen where the welcome may show (a visitor's screens have few; one is added here).
      await page.evaluate(() => {
        const input = document.createElement("input");
        input.setAttribute("aria-label", "Scratch field");
        document.querySelector("main")!.prepend(input);
      });
      const field = page.getByRole("textbox", { name: "Scratch field" });
      await field.click();
      await page.keyboard.type("hello");
      await page.clock.runFor(600);
      await page.keyboard.type(" world");
      expect(await welcome(page).isVisible()).toBe(false);
      expect(await field.inputValue()).toBe("hello world");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Scratch field");

      // Focus leaves the field: now it shows.
      await page.getByRole("heading", { level: 1, name: "NFL Games" }).click();
      await page.clock.runFor(10);
      await welcome(page).waitFor();
    },
    E2E_TIMEOUT,
  );
});

describe("toasts", () => {
  test(
    "only one is on screen at a time, the newest, and it leaves after 5 seconds",
    async () => {
      const page = await suite.newPage();
      await page.clock.install({ time: START });
      await page.goto("/auth");
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.clock.pauseAt(new Date(START.getTime() + 60_000));

      const form = page.getByRole("form", { name: "Sign in" });
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      for (const email of ["first@example.com", "second@example.com"]) {
        await page.getByLabel("Email", { exact: true }).fill(email);
        await form.getByRole("button", { name: "Sign In" }).click();
        await page.getByText(/Login failed/).waitFor();
        await form.getByRole("button", { name: "Sign In" }).waitFor();
      }
      await page.clock.runFor(100);
      expect(await toastLocator(page).count()).toBe(1);

      await page.clock.runFor(4800);
      expect(await toastLocator(page).count()).toBe(1);
      await page.clock.runFor(200);
      await toastLocator(page).waitFor({ state: "detached" });
    },
    E2E_TIMEOUT,
  );

  test(
    "a toast can be dismissed by hand",
    async () => {
      const page = await suite.newPage();
      await signInThroughUi(page, { email: "nobody@example.com", username: "x", password: "wrong-password" });
      await toastLocator(page).waitFor();
      await page.getByRole("button", { name: "Dismiss message" }).click();
      await toastLocator(page).waitFor({ state: "detached" });
    },
    E2E_TIMEOUT,
  );
});
