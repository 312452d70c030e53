import { describe, expect, test } from "bun:test";
import {
  centsToString,
  potentialWinCents,
  signedDollarsText,
  stringToCents,
  wagerCents,
} from "../../src/shared/money.ts";

describe("potentialWinCents (spec §5)", () => {
  test.each([
    [1, -110, 9091], // 100 × 100/110 = 90.909… → 90.91
    [2, -110, 18182], // 181.818… → 181.82
    [3, -110, 27273], // 272.727… → 272.73
    [1, 150, 15000],
    [1, -150, 6667], // 66.666… → 66.67
    [1, -200, 5000],
    [1, 100, 10000],
    [1, -100, 10000],
    [3, 125, 37500],
    [1, -105, 9524], // 95.238… → 95.24
    [1, -115, 8696], // 86.956… → 86.96
    [1, -120, 8333], // 83.333… → 83.33
  ])("%i unit(s) at %i → %i cents", (units, odds, cents) => {
    expect(potentialWinCents(wagerCents(units), odds)).toBe(cents);
  });

  test("rounds half up, once", () => {
    // 100 × 100/160 = 62.5 exactly in dollars; in cents 6250 exactly. 1 cent × 100/400 = 0.25 → 0; 2 cents → 0.5 → 1.
    expect(potentialWinCents(2, -400)).toBe(1);
    expect(potentialWinCents(1, -400)).toBe(0);
    expect(potentialWinCents(1, 150)).toBe(2); // 1.5 → 2
  });

  test("refuses odds that are not American odds", () => {
    expect(() => potentialWinCents(10000, 50)).toThrow();
    expect(() => potentialWinCents(10000, -99)).toThrow();
    expect(() => potentialWinCents(10000, 110.5)).toThrow();
  });
});

describe("amount strings", () => {
  test("two decimals, sign kept", () => {
    expect(centsToString(9091)).toBe("90.91");
    expect(centsToString(-10000)).toBe("-100.00");
    expect(centsToString(0)).toBe("0.00");
    expect(centsToString(5)).toBe("0.05");
    expect(centsToString(-5)).toBe("-0.05");
    expect(stringToCents("-100.00")).toBe(-10000);
    expect(stringToCents("90.91")).toBe(9091);
  });
});

describe("signed dollars (the notifications' settlements)", () => {
  test("signed, with thousands separators", () => {
    expect(signedDollarsText("90.91")).toBe("+$90.91");
    expect(signedDollarsText("1088.12")).toBe("+$1,088.12");
    expect(signedDollarsText("-1234567.00")).toBe("-$1,234,567.00");
    expect(signedDollarsText("0.00")).toBe("$0.00");
  });
});
