import { describe, expect, test } from "bun:test";
import { betRulesOf, ownBookLeagues, placeProblem, slipLimits } from "../../src/web/features/bet-slip/league-limits.ts";
import { leagueBetProblem } from "../../src/shared/leagues.ts";

const league = (over: { allowedBetTypes?: string[]; minWager?: number | null; maxWager?: number | null } = {}) => ({
  rules: {
    allowedBetTypes: over.allowedBetTypes ?? ["spread", "moneyline"],
    minWager: over.minWager ?? null,
    maxWager: over.maxWager ?? null,
  },
  startDate: "2026-09-12",
  endDate: null,
});
const pick = (betType: string, commenceTime = "2026-09-13T17:00:00Z") => ({ betType, gameInfo: { commenceTime } });

describe("the slip's book: only leagues with their own bankroll", () => {
  test("leagues without a starting bankroll are no choice", () => {
    const leagues = [
      { id: 1, startingBankroll: null },
      { id: 2, startingBankroll: 1000 },
    ];
    expect(ownBookLeagues(leagues).map((l) => l.id)).toEqual([2]);
  });
});

describe("slipLimits: what a league's book greys out before Place", () => {
  test("a bet type the league does not allow, and a game before its start date, each with the server's reason", () => {
    const limits = slipLimits(betRulesOf(league()), [
      pick("spread"),
      pick("total"),
      pick("moneyline", "2026-09-11T00:20:00Z"),
    ]);
    expect(limits.pickProblems).toEqual([
      null,
      "This league does not allow total bets",
      "This league only counts games from 2026-09-12",
    ]);
  });

  test("stakes outside the league's wager limits, by unit choice, in dollars with cents", () => {
    const limits = slipLimits(betRulesOf(league({ minWager: 150.5, maxWager: 250 })), [pick("spread")]);
    expect([...limits.unitProblems]).toEqual([
      [1, "This league's minimum wager is $150.50"],
      [2, null],
      [3, "This league's maximum wager is $250.00"],
    ]);
  });

  test("a parlay needs 'parlay' allowed and every leg's type", () => {
    expect(slipLimits(betRulesOf(league()), [pick("spread"), pick("moneyline")]).parlayProblem).toBe(
      "This league does not allow parlay bets",
    );
    const parlays = betRulesOf(league({ allowedBetTypes: ["spread", "parlay"] }));
    expect(slipLimits(parlays, [pick("spread"), pick("spread")]).parlayProblem).toBeNull();
    expect(slipLimits(parlays, [pick("spread"), pick("moneyline")]).parlayProblem).toBe(
      "This league does not allow moneyline bets",
    );
  });

  test("Place goes ahead exactly when the server's rule takes every bet", () => {
    const rules = betRulesOf(league({ allowedBetTypes: ["spread", "parlay"], minWager: 200 }));
    const picks = [pick("spread"), pick("total")];
    const limits = slipLimits(rules, picks);
    for (const units of [1, 2, 3]) {
      const server = picks.map((p) =>
        leagueBetProblem(rules, units * 100_00, [{ betType: p.betType, commenceTime: p.gameInfo.commenceTime }]),
      );
      expect(placeProblem(limits, units, false)).toBe(server.find((s) => s !== null) ?? null);
    }
    expect(placeProblem(limits, 1, false)).toBe("This league's minimum wager is $200.00");
    expect(placeProblem(limits, 2, false)).toBe("This league does not allow total bets");
    expect(placeProblem(slipLimits(rules, [pick("spread")]), 2, false)).toBeNull();
  });
});
