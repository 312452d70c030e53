/**
 * Pure league rules (spec §5 league validation; DESIGN "Betting"). Those the browser's league form
 * shares (settings, bet types, the bankroll) are in shared/leagues.ts.
 */
import type { LeagueSettings } from "../../shared/leagues.ts";

/**
 * How many leagues one player may create: a burst budget per hour, and a ceiling on the leagues
 * they created that still exist (a script once made thousands in a second, and every one of them
 * landed in everybody's league list).
 */
export const CREATION_LIMITS = { perHour: 10, total: 25 } as const;

/** GET /api/leagues pages: how many leagues one answer holds by default and at most. */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

/** YYYY-MM-DD, optionally with an ISO-8601 time and offset; `calendarDay` checks the values. */
export const DATE_PATTERN = String.raw`^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$`;
const DATE = new RegExp(DATE_PATTERN);

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

/**
 * The calendar day ("2026-09-10") of a real date written as YYYY-MM-DD, or as an ISO-8601
 * date-time (the day as written, whatever its offset); null for anything else ("2026-02-30",
 * "2026-99-99garbage").
 */
export function calendarDay(text: string): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.map((part) =>
    part === undefined ? undefined : Number(part),
  );
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return null;
  if (hour !== undefined && (hour > 23 || minute! > 59 || (second ?? 0) > 59)) return null;
  if (offsetHours !== undefined && (offsetHours > 23 || offsetMinutes! > 59)) return null;
  return text.slice(0, 10);
}

/**
 * Dollars as whole cents; null when the amount has more than two decimals (0.001 would otherwise
 * be stored as 0 without a word). The tolerance only absorbs binary floating point (0.07 * 100).
 */
export function wholeCents(dollars: number): number | null {
  const cents = Math.round(dollars * 100);
  return Math.abs(dollars * 100 - cents) < 1e-6 ? cents : null;
}

/** What a money field with more than two decimals is told. */
export const notWholeCents = (field: string) => `${field}: must be an amount with at most two decimals`;

/** What a date field that is not a real calendar date is told. */
export const notADate = (field: string) => `${field}: must be a real calendar date (YYYY-MM-DD)`;

/** A league counts as a contest with a starting bankroll or a start or end date (spec §4). */
export function isContest(s: Pick<LeagueSettings, "startingBankrollCents" | "startDate" | "endDate">): boolean {
  return s.startingBankrollCents !== null || s.startDate !== null || s.endDate !== null;
}
