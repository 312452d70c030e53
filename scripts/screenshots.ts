/**
 * Saves screenshots of the foundation screens at desktop and phone size into ./screenshots/
 * (git-ignored), for looking at the layout by eye. Run: npx bun scripts/screenshots.ts
 */
import { mkdir } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchBrowser, newAccount, newContext, PHONE, registerThroughUi, startServer, type Server } from "../tests/e2e/helpers.ts";

const OUT = "screenshots";

async function shoot(page: Page, name: string, size: string) {
  await page.screenshot({ path: `${OUT}/${name}-${size}.png` });
  console.log(`saved ${OUT}/${name}-${size}.png`);
}

async function screens(browser: Browser, server: Server, size: string, viewport: { width: number; height: number }) {
  const visitor = await newContext(browser, server, { viewport });
  const page = await visitor.newPage();
  await page.goto("/auth");
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await shoot(page, "auth-signin", size);
  await page.getByRole("button", { name: "Create one" }).click();
  await page.getByRole("heading", { name: "Create Account" }).waitFor();
  await shoot(page, "auth-register", size);
  await page.getByRole("form", { name: "Create account" }).getByRole("button", { name: "Create Account" }).click();
  await shoot(page, "auth-register-errors", size);
  await page.goto("/settings");
  await page.getByText("Please sign in to access settings").waitFor();
  await shoot(page, "settings-signed-out", size);
  if (size === "phone") {
    await page.getByRole("button", { name: "Slip" }).click();
    await page.getByRole("dialog", { name: "Bet Slip" }).waitFor();
    await shoot(page, "slip-drawer", size);
    await page.keyboard.press("Escape");
  }
  await page.goto("/no/such/page");
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  await shoot(page, "not-found", size);
  await visitor.close();

  const firstVisit = await newContext(browser, server, { viewport, showOnboarding: true });
  const fresh = await firstVisit.newPage();
  await fresh.goto("/");
  await fresh.getByRole("dialog", { name: "Welcome to NFL Paper Trading!" }).waitFor();
  await fresh.waitForTimeout(300);
  await shoot(fresh, "onboarding", size);
  await firstVisit.close();

  const member = await newContext(browser, server, { viewport });
  const signedIn = await member.newPage();
  const account = newAccount(size === "desktop" ? "john_doe" : "jane_smith");
  await registerThroughUi(signedIn, account);
  await signedIn.waitForURL((url) => url.pathname === "/");
  await signedIn.getByRole("button", { name: `Account menu for ${account.username}` }).click();
  await signedIn.locator("#account-menu").waitFor();
  await shoot(signedIn, "home-avatar-menu", size);
  await signedIn.getByRole("link", { name: "Settings" }).click();
  await signedIn.getByRole("heading", { name: "Settings" }).waitFor();
  await signedIn.waitForTimeout(5200); // let the sign-up toast go
  await shoot(signedIn, "settings", size);
  await signedIn.getByLabel("Username", { exact: true }).fill("no spaces!");
  await signedIn.getByRole("button", { name: "Save Changes" }).click();
  await shoot(signedIn, "settings-error", size);
  await signedIn.getByRole("button", { name: "Notifications" }).click();
  await shoot(signedIn, "notifications", size);
  await member.close();
}

await mkdir(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  await screens(browser, server, "desktop", DESKTOP);
  await screens(browser, server, "phone", PHONE);
} finally {
  await browser.close();
  await server.stop();
}
