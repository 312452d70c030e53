import { beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import type { BuiltUser } from "../factories.ts";
import { browserSuite, E2E_TIMEOUT, PHONE } from "./helpers.ts";
import {
  BUF_DAL,
  DAL_PHI,
  KC_BUF,
  moneyline,
  moveLines,
  newPlayer,
  openPage,
  PHI_KC,
  placeBet,
  qbProp,
  recordClosingLines,
  resolveAndSettle,
  SEA_SF,
  SF_SEA,
  spread,
  startStatsServer,
  total,
  type OpenOptions,
} from "./stats-fixtures.ts";

const suite = browserSuite(startStatsServer);

/** Settled W W P L W (plus one pending bet); see beforeAll for the figures. */
let ana: BuiltUser;
/** Only a pending bet. */
let newcomer: BuiltUser;

/** The browser's dates: three weeks after the last settlement, and four days after it. */
const OCT_12 = "2026-10-12T12:00:00Z";
const SEP_25 = "2026-09-25T12:00:00Z";

beforeAll(async () => {
  const { server } = suite;
  ana = await newPlayer(server, "ana_lytics");
  newcomer = await newPlayer(server, "newcomer");
  const rival = await newPlayer(server, "rival");

  await placeBet(server, ana, spread(DAL_PHI, "Philadelphia Eagles", -3.5)); // won +90.91
  await placeBet(server, ana, await qbProp(server, KC_BUF, "Over")); // 260 yards: won +86.96
  await placeBet(server, ana, moneyline(SF_SEA, "Seattle Seahawks", -175)); // a tie: push
  await placeBet(server, ana, total(PHI_KC, "Over"), 2); // 37 points: lost −200.00
  await placeBet(server, ana, spread(BUF_DAL, "Dallas Cowboys", -3.5), 3); // won +272.73
  await placeBet(server, ana, spread(SEA_SF, "San Francisco 49ers", -3.5)); // never settled
  await placeBet(server, rival, spread(DAL_PHI, "Dallas Cowboys", 3.5), 3); // someone else's loss
  await placeBet(server, newcomer, spread(SEA_SF, "Seattle Seahawks", 3.5));

  // Before kick-off the home spreads move a point (−4.5) and the props 10 yards (255.5). Ana's CLVs:
  // PHI −3.5 +1.1%, the prop Over 245.5 +3.8%, SEA −175 (close −175/+150) −3.5%, Over 45.5 −4.5%, DAL −3.5 +1.1%.
  await moveLines(server, { spreadShift: -1, propShift: 10 });
  await resolveAndSettle(server, DAL_PHI, { away: 17, home: 24 }, "2026-09-11T04:00:00Z");
  await resolveAndSettle(server, KC_BUF, { away: 20, home: 17 }, "2026-09-14T01:00:00Z");
  await resolveAndSettle(server, SF_SEA, { away: 20, home: 20 }, "2026-09-14T03:00:00Z");
  await resolveAndSettle(server, PHI_KC, { away: 17, home: 20 }, "2026-09-21T01:00:00Z");
  await resolveAndSettle(server, BUF_DAL, { away: 20, home: 27 }, "2026-09-21T03:00:00Z");
  // Weeks 1 and 2 have kicked off: their closing lines are recorded; week 3's game has not.
  await recordClosingLines(server, "2026-09-22T12:00:00Z");
}, E2E_TIMEOUT);

/** What the open page logged as errors (a CSP refusal shows here too). */
let pageErrors: string[] = [];

async function open(player: BuiltUser | null, opts: OpenOptions = {}): Promise<Page> {
  const opened = await openPage(suite.browser, suite.server, player, opts);
  pageErrors = [];
  opened.page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  opened.page.on("pageerror", (error) => pageErrors.push(error.message));
  return opened.page;
}

/** The text of every script the page has loaded so far, as it arrives. */
function scriptsOf(page: Page): Promise<string>[] {
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.url().endsWith(".js")) scripts.push(response.text());
  });
  return scripts;
}
const CHART_LIBRARY = "Lightweight Charts"; // its licence banner, kept in the bundle

const heading = (page: Page) => page.getByRole("heading", { level: 1, name: "Performance Analytics" });
const periodButton = (page: Page, id: string) =>
  page.getByRole("group", { name: "Period" }).getByRole("button", { name: id, exact: true });
const totalProfit = (page: Page) => page.getByTestId("total-profit");
const exportButton = (page: Page) => page.getByRole("button", { name: "Export Chart" });

/** One Bet Type Performance row: label, profit, count, win rate, ROI and the bar's value. */
async function betType(page: Page, label: string) {
  const row = page
    .locator(".bet-type-row")
    .filter({ has: page.locator(".bet-type-name", { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
  return {
    profit: await row.locator(".bet-type-profit").textContent(),
    facts: await row.locator(".bet-type-facts").textContent(),
    bar: await row.getByRole("progressbar", { name: `${label} win rate` }).getAttribute("value"),
  };
}
const escapeRegExp = (text: string) => text.replace(/[()/]/g, "\\$&");

/** The stat cards' values and notes, by label. */
async function cards(page: Page): Promise<Record<string, string>> {
  const entries = await page
    .locator(".stat-card")
    .evaluateAll((all) =>
      all.map((card) => [
        card.querySelector(".stat-label")!.textContent!,
        `${card.querySelector(".stat-value")!.textContent} | ${card.querySelector(".stat-note")!.textContent}`,
      ]),
    );
  return Object.fromEntries(entries);
}

/** The chart's figures as its screen-reader table states them: "Sep 11 +$90.91". */
const chartRows = (page: Page) =>
  page
    .locator(".profit-panel table tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => [...(row as HTMLTableRowElement).cells].map((c) => c.textContent).join(" ")),
    );

/** "12 settled bets", as the panel's caption starts. */
const settledCountText = async (page: Page) =>
  ((await page.locator(".profit-caption").first().textContent()) ?? "").split(" · ")[0];

/** Waits until the chart pane's top-left pixel (the largest canvas is the pane) has this red, green and blue. */
const chartCornerBecomes = (page: Page, rgb: number[]) =>
  page.waitForFunction(
    (want) => {
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>(".profit-chart canvas")];
      const pane = canvases.sort((a, b) => b.width * b.height - a.width * a.height)[0];
      const pixel = pane?.getContext("2d")?.getImageData(1, 1, 1, 1).data;
      return pixel !== undefined && [pixel[0], pixel[1], pixel[2]].join() === want.join();
    },
    rgb,
    { timeout: 10_000 },
  );

async function chartDrawn(page: Page): Promise<Locator> {
  const canvas = page.locator(".profit-chart canvas").first();
  await canvas.waitFor();
  // The button enables once the chart has drawn, a moment after its canvas appears.
  await page.waitForFunction(() => {
    const button = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Export Chart"));
    return button !== undefined && !button.disabled;
  });
  await expect(exportButton(page).isEnabled()).resolves.toBe(true);
  return canvas;
}

describe("Analytics", () => {
  test(
    "signed out, it asks the visitor to sign in and comes back after",
    async () => {
      const page = await open(null);
      await page.goto("/analytics");
      await heading(page).waitFor();
      await page.getByText("Please sign in to view your analytics").waitFor();
      expect(await page.getByRole("group", { name: "Period" }).count()).toBe(0);
      await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/auth" && url.searchParams.get("returnUrl") === "/analytics");
      await page.getByLabel("Email", { exact: true }).fill(ana.user.email);
      await page.getByLabel("Password", { exact: true }).fill(ana.password);
      await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((url) => url.pathname === "/analytics");
      await page.locator(".bet-type-row").first().waitFor();
      expect(await page.title()).toBe("Performance Analytics · NFL Paper Trading");
    },
    E2E_TIMEOUT,
  );

  test(
    "says 'Loading analytics...' until the bets arrive",
    async () => {
      const page = await open(ana, { now: OCT_12 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/users/*/bets", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/analytics");
      await page.getByText("Loading analytics...", { exact: true }).waitFor();
      expect(await page.locator(".bet-type-row").count()).toBe(0);
      release();
      await page.locator(".bet-type-row").first().waitFor();
      expect(await page.getByText("Loading analytics...").count()).toBe(0);
    },
    E2E_TIMEOUT,
  );

  test(
    "30D by default: the period's profit, chart, bet types and cards; pending and other players' bets left out",
    async () => {
      const page = await open(ana, { now: OCT_12 });
      await page.goto("/analytics");
      await heading(page).waitFor();
      expect(await periodButton(page, "30D").getAttribute("aria-pressed")).toBe("true");
      for (const id of ["7D", "90D", "ALL"])
        expect(await periodButton(page, id).getAttribute("aria-pressed")).toBe("false");

      // Since Sep 12: the prop (+86.96), the push, the total (−200) and the spread (+272.73).
      await page.locator(".bet-type-row").first().waitFor();
      expect(await totalProfit(page).textContent()).toBe("+$159.69");
      expect(await page.locator(".profit-caption").first().textContent()).toBe("4 settled bets · Last 30 days");
      expect(await page.locator(".profit-pending").textContent()).toBe(
        "1 pending bet is not counted until its game is final.",
      );
      await chartDrawn(page);
      // Nothing in the picture hidden from screen readers takes focus (issue 46 item 8: the library's
      // logo link did); the credit is the text link under it.
      expect(
        await page.locator(".profit-chart").evaluate((chart) => chart.querySelectorAll("a, button, [tabindex]").length),
      ).toBe(0);
      await page.getByRole("link", { name: "TradingView Lightweight Charts™" }).waitFor();
      expect(await chartRows(page)).toEqual(["Sep 13 +$0.00", "Sep 14 +$86.96", "Sep 21 +$159.69"]);

      expect(await page.locator(".bet-type-name").allTextContents()).toEqual([
        "Spreads",
        "Totals (Over/Under)",
        "Moneylines",
        "Player Props",
      ]);
      expect(await betType(page, "Spreads")).toEqual({
        profit: "+$272.73",
        facts: "1 betWin rate 100.0%ROI +90.9%",
        bar: "100",
      });
      expect(await betType(page, "Totals (Over/Under)")).toEqual({
        profit: "-$200.00",
        facts: "1 betWin rate 0.0%ROI -100.0%",
        bar: "0",
      });
      expect(await betType(page, "Moneylines")).toEqual({
        profit: "+$0.00",
        facts: "1 betWin rate 0.0%ROI 0.0%",
        bar: "0",
      });
      expect(await betType(page, "Player Props")).toEqual({
        profit: "+$86.96",
        facts: "1 betWin rate 100.0%ROI +87.0%",
        bar: "100",
      });

      expect(await cards(page)).toEqual({
        // The period's 4 settled bets and the pending one: $800 on 5 bets (issue 18: placed counts as placed).
        "Average Bet Size": "$160.00 | $800.00 wagered",
        // Won, push, lost, won: the longest run of wins is 1.
        "Longest Win Streak": "1W | Current streak 1W",
        "Total Bets Placed": "5 | 1 pending · 2 won · 1 lost · 1 push",
        // (+3.8 − 3.5 − 4.5 + 1.1) / 4
        "Avg CLV": "-0.8% | over 4 bets with a closing line",
      });
      expect(pageErrors).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "the period buttons really filter: ALL and 90D take every settled bet, 7D none (the empty state)",
    async () => {
      const page = await open(ana, { now: OCT_12 });
      await page.goto("/analytics");
      await page.locator(".bet-type-row").first().waitFor();
      expect(await totalProfit(page).textContent()).toBe("+$159.69");

      await periodButton(page, "ALL").click();
      expect(await periodButton(page, "ALL").getAttribute("aria-pressed")).toBe("true");
      expect(await periodButton(page, "30D").getAttribute("aria-pressed")).toBe("false");
      expect(await totalProfit(page).textContent()).toBe("+$250.60");
      expect(await page.locator(".profit-caption").first().textContent()).toBe("5 settled bets · All time");
      await chartDrawn(page);
      expect(await chartRows(page)).toEqual(["Sep 10 +$0.00", "Sep 11 +$90.91", "Sep 14 +$177.87", "Sep 21 +$250.60"]);
      expect(await betType(page, "Spreads")).toEqual({
        profit: "+$363.64",
        facts: "2 betsWin rate 100.0%ROI +90.9%",
        bar: "100",
      });
      expect(await cards(page)).toEqual({
        "Average Bet Size": "$150.00 | $900.00 wagered",
        // Won, won, push, lost, won: the longest run is 2 though the current one is 1.
        "Longest Win Streak": "2W | Current streak 1W",
        "Total Bets Placed": "6 | 1 pending · 3 won · 1 lost · 1 push",
        // (+1.1 + 3.8 − 3.5 − 4.5 + 1.1) / 5
        "Avg CLV": "-0.4% | over 5 bets with a closing line",
      });

      await periodButton(page, "90D").click();
      expect(await totalProfit(page).textContent()).toBe("+$250.60");

      await periodButton(page, "7D").click();
      expect(await totalProfit(page).textContent()).toBe("+$0.00");
      await page.getByText("No settled bets in the last 7 days.").waitFor();
      expect(await page.locator(".profit-chart").count()).toBe(0);
      expect(await exportButton(page).isDisabled()).toBe(true);
      expect(await betType(page, "Spreads")).toEqual({
        profit: "+$0.00",
        facts: "0 betsWin rate 0.0%ROI 0.0%",
        bar: "0",
      });
      expect(await cards(page)).toEqual({
        // The pending bet is placed whatever the period.
        "Average Bet Size": "$100.00 | $100.00 wagered",
        "Longest Win Streak": "0W | No current streak",
        "Total Bets Placed": "1 | 1 pending · 0 won · 0 lost · 0 push",
        "Avg CLV": "— | No closing lines yet",
      });
    },
    E2E_TIMEOUT,
  );

  test(
    "the period reaches back from the browser's own date",
    async () => {
      // Four days after the last settlements, 7D holds the week-2 games: the total (−200) and the spread (+272.73).
      const page = await open(ana, { now: SEP_25 });
      await page.goto("/analytics");
      await page.locator(".bet-type-row").first().waitFor();
      await periodButton(page, "7D").click();
      expect(await totalProfit(page).textContent()).toBe("+$72.73");
      expect(await cards(page)).toMatchObject({
        "Average Bet Size": "$200.00 | $600.00 wagered",
        "Total Bets Placed": "3 | 1 pending · 1 won · 1 lost · 0 push",
        // (−4.5 + 1.1) / 2
        "Avg CLV": "-1.7% | over 2 bets with a closing line",
      });
      await chartDrawn(page);
      expect(await chartRows(page)).toEqual(["Sep 20 +$0.00", "Sep 21 +$72.73"]);
      // From here the 30-day window still reaches the first game.
      await periodButton(page, "30D").click();
      expect(await totalProfit(page).textContent()).toBe("+$250.60");
    },
    E2E_TIMEOUT,
  );

  test(
    "the charting library is fetched only on Analytics",
    async () => {
      const page = await open(ana, { now: OCT_12 });
      const scripts = scriptsOf(page);
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "NFL Games" }).waitFor();
      await page.getByRole("link", { name: "Leaderboard" }).first().click();
      await page.getByRole("heading", { level: 1, name: /Leaderboard$/ }).waitFor();
      await page.locator(".board-table, .board-empty").first().waitFor();
      expect((await Promise.all(scripts)).length).toBeGreaterThan(1);
      expect((await Promise.all(scripts)).some((text) => text.includes(CHART_LIBRARY))).toBe(false);
      await page.getByRole("link", { name: "Analytics" }).first().click();
      await heading(page).waitFor();
      await chartDrawn(page);
      expect((await Promise.all(scripts)).some((text) => text.includes(CHART_LIBRARY))).toBe(true);
      // The Games screen's team logos cannot load offline; nothing else may fail.
      expect(pageErrors.filter((text) => !text.startsWith("Failed to load resource"))).toEqual([]);
    },
    E2E_TIMEOUT,
  );

  test(
    "Export Chart saves the 300-pixel chart as a PNG under a caption naming the player, period and total",
    async () => {
      const page = await open(ana, { now: OCT_12 });
      await page.goto("/analytics");
      await chartDrawn(page);
      // The caption is drawn with the canvas' fillText: recorded here, as the picture's pixels cannot be read as text.
      await page.evaluate(() => {
        const drawn: string[] = [];
        (window as unknown as { captionTexts: string[] }).captionTexts = drawn;
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
          drawn.push(String(text));
          return fillText.call(this, text, ...rest);
        };
      });
      const [download] = await Promise.all([page.waitForEvent("download"), exportButton(page).click()]);
      expect(download.suggestedFilename()).toBe("profit-over-time.png");
      const png = await readFile((await download.path())!);
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      // IHDR: width and height, big-endian, at bytes 16 and 20: the chart's 300 pixels and a 64-pixel caption.
      expect(png.readUInt32BE(16)).toBeGreaterThan(300);
      expect(png.readUInt32BE(20)).toBe(364);
      const texts = await page.evaluate(() => (window as unknown as { captionTexts: string[] }).captionTexts);
      const total = await totalProfit(page).textContent();
      expect(texts).toContain("Profit Over Time — ana_lytics");
      expect(texts).toContain(`Last 30 days · ${await settledCountText(page)} · Total Profit ${total}`);
    },
    E2E_TIMEOUT,
  );

  test(
    "the chart takes its colours from the page's scheme, and switches with it",
    async () => {
      const page = await open(ana, { now: OCT_12 });
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto("/analytics");
      await chartDrawn(page);
      const surface = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--app-surface").trim());
      const darkSurface = await surface();
      expect(darkSurface).toBe("#181c25");
      // The pane's canvas is painted with the chart's background: its corner pixel is the surface colour.
      await chartCornerBecomes(page, [0x18, 0x1c, 0x25]);
      await page.emulateMedia({ colorScheme: "light" });
      await chartCornerBecomes(page, [0xff, 0xff, 0xff]);
    },
    E2E_TIMEOUT,
  );

  test(
    "a player with only a pending bet sees it counted as placed, and the empty chart with no made-up figures",
    async () => {
      const page = await open(newcomer, { now: OCT_12 });
      await page.goto("/analytics");
      await page.getByText("No settled bets in the last 30 days.").waitFor();
      expect(await totalProfit(page).textContent()).toBe("+$0.00");
      expect(await page.locator(".profit-pending").textContent()).toBe(
        "1 pending bet is not counted until its game is final.",
      );
      await periodButton(page, "ALL").click();
      await page.getByText("No settled bets yet.").waitFor();
      expect(await page.locator(".bet-type-row").count()).toBe(4);
      // A placed bet counts as placed (issue 18: six pending bets read "Total Bets Placed 0", "$0.00").
      expect(await cards(page)).toMatchObject({
        "Average Bet Size": "$100.00 | $100.00 wagered",
        "Total Bets Placed": "1 | 1 pending · 0 won · 0 lost · 0 push",
        "Longest Win Streak": "0W | No current streak",
        "Avg CLV": "— | No closing lines yet",
      });
      await page.getByRole("link", { name: "Browse games" }).click();
      await page.waitForURL((url) => url.pathname === "/");
    },
    E2E_TIMEOUT,
  );

  test(
    "on a phone the panels stack and nothing runs off the side",
    async () => {
      const page = await open(ana, { now: OCT_12, viewport: PHONE });
      await page.goto("/analytics");
      await chartDrawn(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      const chart = await page.locator(".profit-chart").boundingBox();
      const types = await page.locator(".bet-type-panel").boundingBox();
      expect(chart!.height).toBe(300);
      expect(types!.y).toBeGreaterThan(chart!.y + chart!.height);
    },
    E2E_TIMEOUT,
  );
});
