import { describe, expect, test } from "bun:test";
import { type LeagueBetRules, leagueBetProblem } from "../../src/shared/leagues.ts";

const open: LeagueBetRules = {
  allowedBetTypes: ["spread", "total", "moneyline", "prop", "parlay"],
  minWagerCents: null,
  maxWagerCents: null,
  startDate: null,
  endDate: null,
};
const rules = (over: Partial<LeagueBetRules>): LeagueBetRules => ({ ...open, ...over });
const pick = (betType: string, commenceTime = "2026-09-13T17:00:00Z") => ({ betType, commenceTime });

describe("leagueBetProblem: a league's rules as data, checked by a pure rule", () => {
  test("a bet within every rule is fine, and so is no pick at all", () => {
    expect(leagueBetProblem(open, 100_00, [pick("spread")])).toBeNull();
    expect(leagueBetProblem(rules({ allowedBetTypes: [] }), 100_00, [])).toBeNull();
  });

  test("a type the league does not allow", () => {
    expect(leagueBetProblem(rules({ allowedBetTypes: ["spread"] }), 100_00, [pick("total")])).toBe(
      "This league does not allow total bets",
    );
  });

  test("wager limits, inclusive, in dollars with cents", () => {
    const limited = rules({ minWagerCents: 50_00, maxWagerCents: 250_50 });
    expect(leagueBetProblem(limited, 49_99, [pick("spread")])).toBe("This league's minimum wager is $50.00");
    expect(leagueBetProblem(limited, 50_00, [pick("spread")])).toBeNull();
    expect(leagueBetProblem(limited, 250_50, [pick("spread")])).toBeNull();
    expect(leagueBetProblem(limited, 250_51, [pick("spread")])).toBe("This league's maximum wager is $250.50");
  });

  test("the date window is by the game's kick-off day, both ends included", () => {
    const window = rules({ startDate: "2026-09-13", endDate: "2026-09-20" });
    expect(leagueBetProblem(window, 100_00, [pick("spread", "2026-09-12T23:59:59Z")])).toBe(
      "This league only counts games from 2026-09-13",
    );
    expect(leagueBetProblem(window, 100_00, [pick("spread", "2026-09-13T00:00:00Z")])).toBeNull();
    expect(leagueBetProblem(window, 100_00, [pick("spread", "2026-09-20T23:00:00Z")])).toBeNull();
    expect(leagueBetProblem(window, 100_00, [pick("spread", "2026-09-21T00:30:00Z")])).toBe(
      "This league only counts games until 2026-09-20",
    );
  });

  test("rules are checked in order: type, minimum, maximum, start, end", () => {
    const strict = rules({
      allowedBetTypes: ["spread"],
      minWagerCents: 200_00,
      maxWagerCents: 100_00,
      startDate: "2026-10-01",
      endDate: "2026-08-01",
    });
    expect(leagueBetProblem(strict, 150_00, [pick("total")])).toBe("This league does not allow total bets");
    expect(leagueBetProblem(strict, 150_00, [pick("spread")])).toBe("This league's minimum wager is $200.00");
    expect(leagueBetProblem(rules({ maxWagerCents: 100_00, startDate: "2026-10-01" }), 150_00, [pick("spread")])).toBe(
      "This league's maximum wager is $100.00",
    );
    expect(leagueBetProblem(rules({ startDate: "2026-10-01", endDate: "2026-08-01" }), 100_00, [pick("spread")])).toBe(
      "This league only counts games from 2026-10-01",
    );
  });

  test("picks are checked in order and the first problem is the answer (a parlay: each leg as a parlay, then its own type)", () => {
    const noProps = rules({ allowedBetTypes: ["spread", "parlay"], endDate: "2026-09-20" });
    const legs = (...ls: [string, string][]) => ls.flatMap(([betType, at]) => [pick("parlay", at), pick(betType, at)]);
    expect(
      leagueBetProblem(noProps, 100_00, legs(["spread", "2026-09-13T17:00:00Z"], ["prop", "2026-09-14T17:00:00Z"])),
    ).toBe("This league does not allow prop bets");
    expect(
      leagueBetProblem(noProps, 100_00, legs(["spread", "2026-09-27T17:00:00Z"], ["prop", "2026-09-14T17:00:00Z"])),
    ).toBe("This league only counts games until 2026-09-20");
    expect(
      leagueBetProblem(rules({ allowedBetTypes: ["spread"] }), 100_00, legs(["spread", "2026-09-13T17:00:00Z"])),
    ).toBe("This league does not allow parlay bets");
    expect(
      leagueBetProblem(noProps, 100_00, legs(["spread", "2026-09-13T17:00:00Z"], ["spread", "2026-09-14T17:00:00Z"])),
    ).toBeNull();
  });

  test("the rules are plain data: they survive a JSON round trip unchanged", () => {
    const limited = rules({ allowedBetTypes: ["moneyline"], minWagerCents: 10_00 });
    const copy = JSON.parse(JSON.stringify(limited)) as LeagueBetRules;
    expect(copy).toEqual(limited);
    expect(leagueBetProblem(copy, 5_00, [pick("moneyline")])).toBe(
      leagueBetProblem(limited, 5_00, [pick("moneyline")]),
    );
  });
});
