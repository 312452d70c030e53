/**
 * The accessibility sweep's world, screens and axe runs (tests/e2e/accessibility*.test.ts): axe-core on every screen of the spec's routes — signed out, signed in as a player with bets,
 * friends and leagues, and as the admin — with the bet slip and the dialogs open, at desktop,
 * tablet and phone sizes. Any serious or critical violation fails, listed by rule, element and page.
 * `label-content-name-mismatch` (experimental in axe, so off by default) is turned on: an accessible
 * name that does not contain the visible text breaks voice control.
 * The open game's spread and total come without prices (shown "price assumed", "assumed" on phones),
 * so the screens with it are audited with the text that changes with the width.
 *
 * How the widths are split (an axe run costs seconds: three full sweeps, one per width, took most
 * of this file's four and a half minutes):
 * - "accessibility at 1280×800": every rule axe runs by default (plus the mismatch rule) on every
 *   screen and dialog at the desktop width. Most rules read the markup (names, roles, ARIA, labels,
 *   landmarks, lists, tables, ids, language) and give the same answer at any width.
 * - "accessibility at every width": one walk per caller through the same screens (a test each);
 *   after each step the page is resized in place to 1280×800, 820×1180 and 390×844 and checked for
 *   what depends on the layout: no sideways scroll at any width; at tablet and phone widths the
 *   rules whose answer follows the layout (WIDTH_RULES: contrast and link colours against what is
 *   drawn under the text, regions that scroll, the visible text inside a name) on the whole page,
 *   and every other rule on the elements displayed only at that width (axe skips hidden elements,
 *   so the desktop sweep never saw them).
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { buildFriendship, buildInvitation, buildLeague, type BuiltUser } from "../factories.ts";
import { syncGames } from "../../src/modules/feeds/service.ts";
import { type BrowserSuite, browserSuite, DESKTOP, networkQuiet, PHONE, TABLET, trackRequests } from "./helpers.ts";
import {
  DAL_PHI,
  KC_BUF,
  moneyline,
  newPlayer,
  openPage,
  PHI_KC,
  placeBet,
  qbProp,
  resolveAndSettle,
  SF_SEA,
  spread,
  startStatsServer,
  total,
  type StatsServer,
} from "./stats-fixtures.ts";

interface World {
  alice: BuiltUser;
  bob: BuiltUser;
  inviteToken: string;
  /** A confidence pool of Alice's, Bob in it (its pick sheet is walked). */
  poolId: number;
}

let world: World | undefined;

/** Alice has settled and pending bets, a friend (Bob), a friend request (Carol), a league and an invitation. */
async function startWorld(): Promise<StatsServer> {
  const server = await startStatsServer();
  server.provider.assumedPrices.add(SF_SEA);
  await syncGames(server.ctx.db, server.provider, server.ctx.clock.now());
  const alice = await newPlayer(server, "alice_adams");
  const bob = await newPlayer(server, "bob_brown");
  const carol = await newPlayer(server, "carol_chen");
  await placeBet(server, alice, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
  await placeBet(server, alice, total(KC_BUF, "Over"), 2);
  await placeBet(server, alice, await qbProp(server, SF_SEA, "Over"));
  await placeBet(server, alice, moneyline(PHI_KC, "Kansas City Chiefs", -175));
  await placeBet(server, bob, spread(DAL_PHI, "Dallas Cowboys", 3.5));
  // Demo bots on the boards (issue 46 item 8: their avatars in the dark scheme).
  for (const name of ["sharp_bot", "square_bot"]) {
    const bot = await newPlayer(server, name, { isBot: true });
    await placeBet(server, bot, spread(DAL_PHI, "Philadelphia Eagles", -3.5));
  }
  await resolveAndSettle(server, DAL_PHI, { away: 17, home: 24 }, "2026-09-09T10:00:00Z");
  await resolveAndSettle(server, KC_BUF, { away: 20, home: 27 }, "2026-09-09T11:00:00Z");
  await buildFriendship(server.ctx, alice, bob);
  await buildFriendship(server.ctx, carol, alice, { pending: true });
  await buildLeague(server.ctx, alice, { name: "Sunday Sharps", members: [bob] });
  const secret = await buildLeague(server.ctx, bob, { name: "Bob's Backroom", isPublic: false });
  await buildInvitation(server.ctx, secret, bob, alice);
  const other = await buildLeague(server.ctx, carol, { name: "Monday Misfits" });
  const pool = await buildLeague(server.ctx, alice, { name: "Office Pool", format: "confidence", members: [bob] });
  world = { alice, bob, inviteToken: other.inviteToken, poolId: pool.id };
  return server;
}

let current: BrowserSuite<StatsServer> | undefined;

/** The file's browser and world (Alice, Bob, Carol and their leagues); call it at the top of the test file. */
export function accessibilitySuite(): BrowserSuite<StatsServer> {
  current = browserSuite(startWorld);
  return current;
}

/** The suite the steps run in (accessibilitySuite registers it). */
const suite = {
  get browser() {
    return the(current, "accessibilitySuite() first").browser;
  },
  get server() {
    return the(current, "accessibilitySuite() first").server;
  },
  newContext: (...args: Parameters<BrowserSuite<StatsServer>["newContext"]>) =>
    the(current, "accessibilitySuite() first").newContext(...args),
};

function the<T>(value: T | undefined, what: string): T {
  if (!value) throw new Error(what);
  return value;
}

/** Alice, Bob and the invitation, once beforeAll has built them. */
export function people(): World {
  return the(world, "the world is built in beforeAll");
}

interface Violation {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

const BLOCKING = new Set(["serious", "critical"]);

/**
 * The rules whose answer can change with the width of the same screen: contrast and link colours
 * depend on what is drawn under the text (layouts stack and overlap differently), whether a region
 * scrolls depends on its size, and the visible text inside a name changes ("price assumed" /
 * "assumed"). Every other rule runs at every width on the elements that show only there.
 */
const WIDTH_RULES = [
  "color-contrast",
  "link-in-text-block",
  "scrollable-region-focusable",
  "label-content-name-mismatch",
];
/** Marks the elements shown at the desktop width (see `markShownHereOnly`). */
const SHOWN_WIDE = "data-a11y-shown-wide";
const SHOWN_HERE_ONLY = "data-a11y-shown-here-only";

/** The rules whose answer follows the colours drawn: the only ones the colour scheme can change. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * What counts: every rule (the default); the width rules only; or the width rules plus every rule
 * on the elements marked as shown only at this width (one axe run over the whole page, its other
 * findings dropped: an axe run costs far more than its rules).
 */
export type Scope = "all" | "width" | "width and shown here only" | "colour";

/** Waits for the screen's data (no loading text left), then runs axe; returns the serious and critical findings. */
export async function audit(page: Page, label: string, scope: Scope = "all"): Promise<Violation[]> {
  await settled(page);
  // Legacy mode: one axe.run in the page. The default (a partial run per frame, finished in a blank
  // page opened for it) gives the same answer on our frameless screens at ~2.5× the cost.
  let axe = new AxeBuilder({ page }).setLegacyMode(true).options({
    resultTypes: ["violations"],
    rules: { "label-content-name-mismatch": { enabled: true } },
  });
  if (scope === "width") axe = axe.withRules(WIDTH_RULES);
  if (scope === "colour") axe = axe.withRules(COLOUR_RULES);
  const results = await axe.analyze();
  const found: Violation[] = [];
  for (const v of results.violations) {
    if (!BLOCKING.has(v.impact ?? "")) continue;
    for (const node of v.nodes) {
      if (scope !== "all" && !WIDTH_RULES.includes(v.id) && !(await shownHereOnly(page, node.target))) continue;
      found.push({
        page: label,
        rule: v.id,
        impact: v.impact ?? "",
        target: node.target.join(" "),
        summary: node.failureSummary?.split("\n").slice(0, 2).join(" ") ?? "",
      });
    }
  }
  return found;
}

/** The screen's data has arrived (no loading text left) and no transition is half-way (a colour mid-fade is not the colour shown). */
async function settled(page: Page): Promise<void> {
  await page.locator("h1").first().waitFor();
  await networkQuiet(page);
  await page.waitForFunction(
    () =>
      !document.querySelector(".page-loading, [aria-busy='true']") &&
      document.getAnimations().every((animation) => animation.playState !== "running"),
    null,
    { timeout: 10_000 },
  );
}

export function report(all: Violation[]): string {
  const byRule = new Map<string, number>();
  for (const v of all) byRule.set(v.rule, (byRule.get(v.rule) ?? 0) + 1);
  const lines = [...byRule].map(([rule, n]) => `${rule}: ${n}`);
  for (const v of all) lines.push(`[${v.impact}] ${v.rule} on ${v.page}: ${v.target} — ${v.summary}`);
  return lines.join("\n");
}

/** A screen to audit: `run` brings the page there (or returns another page, to audit that one instead). */
type Step = [label: string, run: (page: Page) => Promise<unknown>];

export const card = (page: Page, away: string, home: string) =>
  page.getByRole("article", { name: `${away} @ ${home}`, exact: true });

/** Opens each step's screen in one page and audits it. */
export async function auditSteps(who: BuiltUser | null, viewport: typeof DESKTOP, steps: Step[]): Promise<Violation[]> {
  const { page } = await openPage(suite.browser, suite.server, who, { viewport });
  trackRequests(page);
  const size = `${viewport.width}×${viewport.height}`;
  const all: Violation[] = [];
  for (const [label, run] of steps) {
    try {
      const other = await run(page);
      all.push(...(await audit(isPage(other) ? other : page, `${label} (${size})`)));
    } catch (error) {
      // A screen that could not be reached is a failure too, but the other screens still get audited.
      all.push({ page: `${label} (${size})`, rule: "(step failed)", impact: "", target: "", summary: String(error) });
    }
  }
  return all;
}

export const WIDTHS = [DESKTOP, TABLET, PHONE];

/**
 * Walks the steps once, from the desktop width; after each step resizes the page to every width and
 * checks what depends on it (see the file's header): no sideways scroll, and below the desktop the
 * width rules plus every rule on the elements shown only there. Back at the desktop for the next step.
 */
export async function auditStepsAtEveryWidth(who: BuiltUser | null, steps: Step[]): Promise<Violation[]> {
  const { page } = await openPage(suite.browser, suite.server, who, { viewport: DESKTOP });
  trackRequests(page);
  const all: Violation[] = [];
  for (const [label, run] of steps) {
    let size = `${DESKTOP.width}×${DESKTOP.height}`;
    try {
      const other = await run(page);
      const target = isPage(other) ? other : page;
      for (const viewport of WIDTHS) {
        size = `${viewport.width}×${viewport.height}`;
        await target.setViewportSize(viewport);
        await settled(target);
        if (await scrollsSideways(target)) {
          all.push({ page: `${label} (${size})`, rule: "(sideways scroll)", impact: "", target: "", summary: "" });
        }
        if (viewport === DESKTOP) {
          await markShownWide(target);
          continue;
        }
        const scope = (await markShownHereOnly(target)) ? "width and shown here only" : "width";
        all.push(...(await audit(target, `${label} (${size})`, scope)));
      }
      await target.setViewportSize(DESKTOP);
    } catch (error) {
      all.push({ page: `${label} (${size})`, rule: "(step failed)", impact: "", target: "", summary: String(error) });
      await page.setViewportSize(DESKTOP).catch(() => undefined);
    }
  }
  return all;
}

/**
 * Walks the steps in the dark colour scheme; after each step checks the colour rules at the desktop
 * and phone widths (where the layouts differ most: what is drawn under the text changes).
 */
export async function auditStepsInDark(who: BuiltUser | null, steps: Step[]): Promise<Violation[]> {
  const { page } = await openPage(suite.browser, suite.server, who, { viewport: DESKTOP });
  trackRequests(page);
  await page.emulateMedia({ colorScheme: "dark" });
  const all: Violation[] = [];
  for (const [label, run] of steps) {
    try {
      const other = await run(page);
      const target = isPage(other) ? other : page;
      if (target !== page) await target.emulateMedia({ colorScheme: "dark" });
      for (const viewport of [DESKTOP, TABLET, PHONE]) {
        await target.setViewportSize(viewport);
        all.push(...(await audit(target, `${label} (${viewport.width}×${viewport.height}, dark)`, "colour")));
      }
      await target.setViewportSize(DESKTOP);
    } catch (error) {
      all.push({ page: `${label} (dark)`, rule: "(step failed)", impact: "", target: "", summary: String(error) });
      await page.setViewportSize(DESKTOP).catch(() => undefined);
    }
  }
  return all;
}

/** Whether the element axe names (a selector, one per frame) carries the shown-here-only mark. */
function shownHereOnly(page: Page, target: unknown[]): Promise<boolean> {
  const selector = target.at(-1);
  if (typeof selector !== "string") return Promise.resolve(false);
  return page.evaluate(([selector, mark]) => document.querySelector(selector)?.hasAttribute(mark) ?? false, [
    selector,
    SHOWN_HERE_ONLY,
  ] as const);
}

function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Marks every element displayed now (at the desktop width). */
function markShownWide(page: Page): Promise<void> {
  return page.evaluate((attribute) => {
    for (const element of document.querySelectorAll(`[${attribute}]`)) element.removeAttribute(attribute);
    for (const element of document.body.querySelectorAll("*")) {
      if (element.checkVisibility({ visibilityProperty: true })) element.setAttribute(attribute, "");
    }
  }, SHOWN_WIDE);
}

/** Marks the elements displayed now but not at the desktop width; says whether there are any. */
function markShownHereOnly(page: Page): Promise<boolean> {
  return page.evaluate(
    ([wide, here]) => {
      for (const element of document.querySelectorAll(`[${here}]`)) element.removeAttribute(here);
      let any = false;
      for (const element of document.body.querySelectorAll(`*:not([${wide}])`)) {
        if (!element.checkVisibility({ visibilityProperty: true })) continue;
        element.setAttribute(here, "");
        any = true;
      }
      return any;
    },
    [SHOWN_WIDE, SHOWN_HERE_ONLY] as const,
  );
}

function isPage(value: unknown): value is Page {
  return typeof value === "object" && value !== null && "goto" in value && "context" in value;
}

const go = (path: string) => (page: Page) => page.goto(path);

/** Opens an open game's props and adds its first spread to the slip. */
async function openSlip(page: Page): Promise<void> {
  await page.goto("/");
  const game = card(page, "San Francisco 49ers", "Seattle Seahawks");
  await game.getByRole("button", { name: /^View Player Props/ }).click();
  await game
    .getByRole("button", { name: /Spread/ })
    .first()
    .click();
  await page.getByRole("dialog", { name: "Bet Slip" }).waitFor();
}

export function visitorSteps(): Step[] {
  return [
    ["/ signed out", go("/")],
    ["/ with the bet slip open", openSlip],
    [
      "'Create an Account to Place Bets'",
      async (page) => {
        await page
          .getByRole("dialog", { name: "Bet Slip" })
          .getByRole("button", { name: /^Place/ })
          .click();
        await page.getByRole("dialog", { name: "Create an Account to Place Bets" }).waitFor();
      },
    ],
    ["/leaderboard signed out", go("/leaderboard")],
    ["/contest-rules signed out", go("/contest-rules")],
    [
      "'Create an Account to Compete'",
      async (page) => {
        await page.getByRole("button", { name: "Start Making Picks" }).click();
        await page.getByRole("dialog", { name: "Create an Account to Compete" }).waitFor();
      },
    ],
    ["/auth (sign in)", go("/auth")],
    [
      "/auth (create account)",
      async (page) => {
        await page.getByRole("button", { name: "Create one" }).click();
        await page.getByRole("form", { name: "Create account" }).waitFor();
      },
    ],
    ["/analytics signed out", go("/analytics")],
    ["/leagues signed out", go("/leagues")],
    ["/friends signed out", go("/friends")],
    ["/settings signed out", go("/settings")],
    ["404", go("/no-such-page")],
    [
      "welcome dialog",
      async (page) => {
        // A first visit: a profile of its own, where the welcome has not been dismissed.
        const fresh = await (
          await suite.newContext({ viewport: page.viewportSize() ?? DESKTOP, showOnboarding: true })
        ).newPage();
        await fresh.goto("/");
        await fresh.getByRole("dialog", { name: "Welcome to NFL Paper Trading!" }).waitFor();
        return fresh;
      },
    ],
  ];
}

export function playerSteps(): Step[] {
  const { bob, inviteToken, poolId } = people();
  return [
    ["/ signed in", go("/")],
    ["/ with the bet slip open, signed in", openSlip],
    [
      "account menu",
      async (page) => {
        await page.goto("/leaderboard");
        await page.getByRole("button", { name: /Account menu for/ }).click();
        await page.locator("#account-menu").getByRole("link", { name: "Settings" }).waitFor();
      },
    ],
    [
      "notifications",
      async (page) => {
        await page.goto("/contest-rules");
        await page.getByRole("button", { name: /^Notifications/ }).click();
        await page.getByRole("region", { name: "Notifications" }).waitFor();
      },
    ],
    ["/my-bets", go("/my-bets")],
    [
      "'Edit Bet Note'",
      async (page) => {
        // A row's note and its buttons are in its details, opened on demand.
        await page
          .getByRole("button", { name: /^Details of / })
          .first()
          .click();
        await page
          .getByRole("button", { name: /note for/ })
          .first()
          .click();
        await page.getByRole("dialog", { name: "Edit Bet Note" }).waitFor();
      },
    ],
    ["/analytics", go("/analytics")],
    ["/leaderboard (This Week)", go("/leaderboard")],
    ["/leaderboard (Overall)", (page) => page.getByRole("button", { name: "Overall" }).click()],
    ["/leagues", go("/leagues")],
    [
      "league details",
      async (page) => {
        await page.getByRole("button", { name: "Sunday Sharps" }).click();
        await page.getByRole("dialog", { name: "Sunday Sharps" }).waitFor();
      },
    ],
    [
      "/leagues/{id}/pool (a confidence pool's pick sheet)",
      async (page) => {
        await page.goto(`/leagues/${poolId}/pool`);
        await page.getByRole("form", { name: /picks$/ }).waitFor();
      },
    ],
    [
      "'Create League'",
      async (page) => {
        await page.goto("/leagues");
        await page.getByRole("button", { name: "Create League" }).click();
        await page.getByRole("dialog", { name: "Create League" }).waitFor();
      },
    ],
    ["/friends", go("/friends")],
    ["/friends (Requests)", (page) => page.getByRole("tab", { name: /^Requests/ }).click()],
    [
      "/friends (Find Friends)",
      async (page) => {
        await page.getByRole("tab", { name: "Find Friends" }).click();
        await page.getByRole("searchbox").fill("ca");
        await page.keyboard.press("Enter");
        await page.getByText("carol_chen").first().waitFor();
      },
    ],
    [`/friends/{bob}/analytics`, go(`/friends/${bob.user.id}/analytics`)],
    [`/players/{bob}`, go(`/players/${bob.user.username}`)],
    ["/settings", go("/settings")],
    ["/contest-rules", go("/contest-rules")],
    [
      "/invite/{token}",
      async (page) => {
        await page.goto(`/invite/${inviteToken}`);
        await page.getByRole("heading", { name: /Successfully Joined!|Failed to Join/ }).waitFor();
      },
    ],
  ];
}

export function adminSteps(): Step[] {
  return [
    ["/admin/games", go("/admin/games")],
    ["/admin/bots", go("/admin/bots")],
  ];
}
