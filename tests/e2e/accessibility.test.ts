/**
 * axe-core on every screen of the spec's routes in the light scheme, at every width; how the sweep
 * is split between widths is in accessibility-fixture.ts. The dark scheme: accessibility-dark.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { AxeBuilder } from "@axe-core/playwright";
import { DESKTOP, PHONE, TABLET } from "./helpers.ts";
import {
  accessibilitySuite,
  adminSteps,
  auditSteps,
  auditStepsAtEveryWidth,
  card,
  people,
  playerSteps,
  report,
  visitorSteps,
} from "./accessibility-fixture.ts";
import { openPage } from "./stats-fixtures.ts";

const suite = accessibilitySuite();

const TIMEOUT = 240_000;

describe(`accessibility at ${DESKTOP.width}×${DESKTOP.height}: every rule`, () => {
  test(
    "signed out: no serious or critical axe violation on any screen or dialog",
    async () => {
      expect(report(await auditSteps(null, DESKTOP, visitorSteps()))).toBe("");
    },
    TIMEOUT,
  );

  test(
    "signed in as a player with bets: no serious or critical axe violation on any screen or dialog",
    async () => {
      expect(report(await auditSteps(people().alice, DESKTOP, playerSteps()))).toBe("");
    },
    TIMEOUT,
  );

  test(
    "as the admin: no serious or critical axe violation on the admin pages",
    async () => {
      expect(report(await auditSteps(suite.server.admin, DESKTOP, adminSteps()))).toBe("");
    },
    TIMEOUT,
  );
});

describe("accessibility at every width (1280×800, 820×1180, 390×844): what depends on the layout", () => {
  const EVERY_WIDTH =
    "no sideways scroll, no serious or critical violation of the width rules, none at all on what shows only at that width";

  test(
    `signed out, every screen and dialog: ${EVERY_WIDTH}`,
    async () => {
      expect(report(await auditStepsAtEveryWidth(null, visitorSteps()))).toBe("");
    },
    2 * TIMEOUT,
  );

  test(
    `signed in as a player with bets, every screen and dialog: ${EVERY_WIDTH}`,
    async () => {
      expect(report(await auditStepsAtEveryWidth(people().alice, playerSteps()))).toBe("");
    },
    2 * TIMEOUT,
  );

  test(
    `as the admin, the admin pages: ${EVERY_WIDTH}`,
    async () => {
      expect(report(await auditStepsAtEveryWidth(suite.server.admin, adminSteps()))).toBe("");
    },
    2 * TIMEOUT,
  );
});

describe("a price the feed did not quote ('price assumed', 'assumed' on phones)", () => {
  for (const viewport of [PHONE, TABLET, DESKTOP]) {
    test(
      `at ${viewport.width}×${viewport.height}: each button's accessible name holds its visible text, word for word`,
      async () => {
        const { page } = await openPage(suite.browser, suite.server, null, { viewport });
        await page.goto("/");
        const buttons = card(page, "San Francisco 49ers", "Seattle Seahawks").locator(
          "button.odds-button:has(.odds-assumed)",
        );
        await buttons.first().waitFor();
        expect(await buttons.count()).toBe(4); // both spreads and both totals; the moneyline is quoted
        const shown: string[] = [];
        for (const button of await buttons.all()) {
          // What the eye reads (innerText skips what is not displayed), against the name a screen reader or voice control gets.
          const visible = (await button.innerText()).replace(/\s+/g, " ").trim();
          const name = /button "([^"]*)"/.exec(await button.ariaSnapshot())?.[1] ?? "";
          expect(name).toStartWith(`${visible}, `);
          shown.push(visible);
        }
        if (viewport === PHONE) expect(shown).toContain("O 45.5 -110 assumed");
        if (viewport === DESKTOP) expect(shown).toContain("O 45.5 -110 price assumed");
        const results = await new AxeBuilder({ page })
          .setLegacyMode(true)
          .include(".game-card")
          .withRules(["label-content-name-mismatch"])
          .analyze();
        expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
        const checked = results.passes.find((p) => p.id === "label-content-name-mismatch")?.nodes.length ?? 0;
        expect(checked).toBeGreaterThanOrEqual(4);
      },
      TIMEOUT,
    );
  }
});
