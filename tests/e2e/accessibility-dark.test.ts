/**
 * Issue 27: axe finds nothing serious or critical in the dark colour scheme either, on every screen
 * and dialog of the spec's routes, at 1280×800, 820×1180 and 390×844. Only the colour rules run here (contrast,
 * links told apart from text): every other rule reads the markup, which the scheme does not change,
 * and runs in the light sweep (accessibility.test.ts).
 */
import { describe, expect, test } from "bun:test";
import {
  accessibilitySuite,
  adminSteps,
  auditStepsInDark,
  people,
  playerSteps,
  report,
  visitorSteps,
} from "./accessibility-fixture.ts";

const suite = accessibilitySuite();
const TIMEOUT = 240_000;

describe("accessibility in the dark scheme (1280×800, 820×1180 and 390×844, demo bots on the boards): contrast and links", () => {
  test(
    "signed out, every screen and dialog: no serious or critical violation",
    async () => {
      expect(report(await auditStepsInDark(null, visitorSteps()))).toBe("");
    },
    TIMEOUT,
  );

  test(
    "signed in as a player with bets, every screen and dialog: no serious or critical violation",
    async () => {
      expect(report(await auditStepsInDark(people().alice, playerSteps()))).toBe("");
    },
    TIMEOUT,
  );

  test(
    "as the admin, the admin pages: no serious or critical violation",
    async () => {
      expect(report(await auditStepsInDark(suite.server.admin, adminSteps()))).toBe("");
    },
    TIMEOUT,
  );
});
