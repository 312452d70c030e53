import { describe, expect, test } from "bun:test";
import { calendarDay, wholeCents } from "../../src/modules/leagues/rules.ts";
import { settingsProblem, type LeagueSettings } from "../../src/shared/leagues.ts";

describe("calendarDay: only real calendar dates", () => {
  test.each([
    ["2026-09-10", "2026-09-10"],
    ["2026-12-31", "2026-12-31"],
    ["2028-02-29", "2028-02-29"],
    ["2000-02-29", "2000-02-29"],
    ["2026-09-10T00:00:00Z", "2026-09-10"],
    ["2026-09-10T23:59:59.999Z", "2026-09-10"],
    ["2026-09-10T18:30", "2026-09-10"],
    // The day as written, not as UTC: a league's day is a calendar day, not an instant.
    ["2026-09-10T23:00:00-05:00", "2026-09-10"],
  ])("%s → %s", (text, day) => {
    expect(calendarDay(text)).toBe(day);
  });

  test.each([
    "2026-99-99garbage",
    "2026-99-99",
    "2026-13-01",
    "2026-00-10",
    "2026-09-00",
    "2026-09-31",
    "2026-02-29",
    "1900-02-29",
    "0000-01-01",
    "2026-9-10",
    "26-09-10",
    "2026/09/10",
    " 2026-09-10",
    "2026-09-10 ",
    "2026-09-10T",
    "2026-09-10T24:00:00Z",
    "2026-09-10T12:60:00Z",
    "2026-09-10T12:00:61Z",
    "2026-09-10T12:00:00+25:00",
    "2026-09-10T12:00:00Zjunk",
    "2026-09-10\n",
    "next tuesday",
    "",
  ])("refuses %p", (text) => {
    expect(calendarDay(text)).toBeNull();
  });
});

describe("settingsProblem: text-direction controls", () => {
  const fine: LeagueSettings = {
    name: "Sunday Sharps",
    description: "Friends from work",
    allowedBetTypes: ["spread"],
    minWagerCents: null,
    maxWagerCents: null,
    startingBankrollCents: null,
    startDate: null,
    endDate: null,
  };

  test("plain names and descriptions, Arabic and Hebrew included, are fine", () => {
    expect(settingsProblem(fine)).toBeNull();
    expect(settingsProblem({ ...fine, name: "دوري الأصدقاء", description: "ליגה של חברים" })).toBeNull();
    expect(settingsProblem({ ...fine, description: null })).toBeNull();
  });

  test.each([
    ["name", "\u202Egnirts desrever"],
    ["name", "Sharps\u2066x\u2069"],
    ["name", "left\u200Eright"],
    ["description", "fine, then \u202Bembedded\u202C"],
    ["description", "\u061C"],
  ] as const)("refuses a %s with a direction control, naming the field", (field, text) => {
    expect(settingsProblem({ ...fine, [field]: text })).toEqual({
      field,
      message: `${field}: must not contain text-direction control characters`,
    });
  });
});

describe("wholeCents: money with at most two decimals", () => {
  test("whole cents are kept exactly, floating point noise included", () => {
    expect([0, 0.07, 0.1 + 0.2, 10.5, 19.99, 1_000_000, 1234.56].map(wholeCents)).toEqual([
      0, 7, 30, 1050, 1999, 100_000_000, 123456,
    ]);
  });
  test("more than two decimals is refused, not rounded", () => {
    for (const amount of [0.001, 0.005, 1.999, 10.005, 0.0001]) expect(wholeCents(amount)).toBeNull();
  });
});
