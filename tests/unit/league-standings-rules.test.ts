import { describe, expect, test } from "bun:test";
import { countedKickoffs, keepsOwnBook } from "../../src/shared/leagues.ts";

describe("which leagues keep their own book (decision 0052)", () => {
  test("a starting bankroll makes a contest league with its own book; dates alone do not", () => {
    expect(keepsOwnBook({ startingBankrollCents: 1000_00 })).toBe(true);
    expect(keepsOwnBook({ startingBankrollCents: null })).toBe(false);
  });
});

describe("countedKickoffs: the kick-offs a league without its own book counts", () => {
  const created = "2026-09-09T12:00:00.000Z";

  test("without dates: from the league's creation, unbounded after", () => {
    expect(countedKickoffs({ startDate: null, endDate: null }, created)).toEqual({ from: created, before: null });
  });

  test("a start date wins over the creation, earlier or later", () => {
    expect(countedKickoffs({ startDate: "2026-09-01", endDate: null }, created).from).toBe("2026-09-01");
    expect(countedKickoffs({ startDate: "2026-09-12", endDate: null }, created).from).toBe("2026-09-12");
  });

  test("the end date's whole UTC day counts, across a month's and a year's end", () => {
    expect(countedKickoffs({ startDate: null, endDate: "2026-09-13" }, created).before).toBe("2026-09-14");
    expect(countedKickoffs({ startDate: null, endDate: "2026-09-30" }, created).before).toBe("2026-10-01");
    expect(countedKickoffs({ startDate: null, endDate: "2026-12-31" }, created).before).toBe("2027-01-01");
    expect(countedKickoffs({ startDate: null, endDate: "2028-02-28" }, created).before).toBe("2028-02-29");
  });

  test("bounds compare as text with kick-offs as leagueBetProblem compares their day", () => {
    const { from, before } = countedKickoffs({ startDate: "2026-09-12", endDate: "2026-09-13" }, created);
    const counted = (kickoff: string) => kickoff >= from && (before === null || kickoff < before);
    expect(counted("2026-09-11T23:59:59Z")).toBe(false);
    expect(counted("2026-09-12T00:00:00Z")).toBe(true);
    expect(counted("2026-09-13T23:59:59Z")).toBe(true);
    expect(counted("2026-09-14T00:00:00Z")).toBe(false);
  });
});
