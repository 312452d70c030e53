import { expect, test } from "bun:test";
import {
  isTimeZone,
  pushMessage,
  quietUntil,
  retryDelayMs,
  startOfLocalDay,
  unitsText,
} from "../../src/modules/push/rules.ts";

const at = (iso: string) => new Date(iso);
const quiet = (start: string, end: string, timeZone: string) => ({ quietHours: { start, end }, timeZone });

test("quiet hours wrap midnight in the player's zone and end on their wall clock", () => {
  const ny = quiet("22:00", "07:30", "America/New_York");
  expect(quietUntil(at("2026-09-12T06:00:00Z"), ny)?.toISOString()).toBe("2026-09-12T11:30:00.000Z"); // 02:00 EDT
  expect(quietUntil(at("2026-09-12T02:30:00Z"), ny)?.toISOString()).toBe("2026-09-12T11:30:00.000Z"); // 22:30 EDT
  expect(quietUntil(at("2026-09-12T11:30:00Z"), ny)).toBeNull(); // 07:30: over
  expect(quietUntil(at("2026-09-12T16:00:00Z"), ny)).toBeNull(); // noon
  // Across the autumn change (1 Nov 2026, 02:00 EDT → 01:00 EST), 07:30 EST is 12:30 UTC.
  expect(quietUntil(at("2026-11-01T04:30:00Z"), ny)?.toISOString()).toBe("2026-11-01T12:30:00.000Z");
  // A daytime window, and none at all.
  expect(quietUntil(at("2026-09-12T13:00:00Z"), quiet("13:00", "15:00", "UTC"))?.toISOString()).toBe(
    "2026-09-12T15:00:00.000Z",
  );
  expect(quietUntil(at("2026-09-12T13:00:00Z"), { quietHours: null, timeZone: "UTC" })).toBeNull();
});

test("the player's day starts at their midnight, DST days included", () => {
  expect(startOfLocalDay(at("2026-09-13T03:59:00Z"), "America/New_York").toISOString()).toBe(
    "2026-09-12T04:00:00.000Z",
  );
  expect(startOfLocalDay(at("2026-09-13T04:01:00Z"), "America/New_York").toISOString()).toBe(
    "2026-09-13T04:00:00.000Z",
  );
  expect(startOfLocalDay(at("2026-11-01T20:00:00Z"), "America/New_York").toISOString()).toBe(
    "2026-11-01T04:00:00.000Z",
  );
  expect(startOfLocalDay(at("2026-03-29T12:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
  expect(startOfLocalDay(at("2026-09-12T00:30:00Z"), "Asia/Kolkata").toISOString()).toBe("2026-09-11T18:30:00.000Z");
});

test("time zones are IANA names this runtime knows", () => {
  for (const zone of ["UTC", "America/Chicago", "Europe/Berlin", "Asia/Kolkata"]) expect(isTimeZone(zone)).toBe(true);
  for (const zone of ["", "Mars/Olympus", "../../etc/passwd", "America/Chicago\n", "x".repeat(80)])
    expect(isTimeZone(zone)).toBe(false);
});

test("what each push says", () => {
  expect(unitsText(23_896)).toBe("+2.4U");
  expect(unitsText(-10_000)).toBe("-1U");
  expect(unitsText(0)).toBe("0U");
  expect(
    pushMessage({ kind: "settlements", away: "BUF", home: "MIA", bets: 3, profitCents: 24_000 }, "game:g").title,
  ).toBe("3 bets settled on BUF @ MIA: +2.4U");
  expect(
    pushMessage({ kind: "settlements", away: "BUF", home: "MIA", bets: 1, profitCents: -10_000 }, "game:g").title,
  ).toBe("1 bet settled on BUF @ MIA: -1U");
  expect(pushMessage({ kind: "lockReminder", games: 4, needed: 3, minutes: 60 }, "lock").title).toBe(
    "4 games lock in 1 h — 3 left to stay eligible",
  );
  expect(pushMessage({ kind: "lockReminder", games: 1, needed: 1, minutes: 20 }, "lock").title).toBe(
    "1 game locks in 20 min — 1 left to stay eligible",
  );
  expect(pushMessage({ kind: "parlay", legs: 3, status: "won", profitCents: 59_600 }, "parlay:1").title).toBe(
    "Your 3-leg parlay won: +6U",
  );
  expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_920_000]);
});
