/**
 * A private deadlines feed per player (issue 47 item 4): a secret URL a calendar app polls, with the
 * lock times of this week's games they have not bet yet; replaced on demand (the old URL stops).
 */
import { notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/ids.ts";
import type { Db } from "../../runtime/index.ts";
import { individualGameIdsBet } from "../betting/service.ts";
import { currentWeek, weekSchedule } from "../games/service.ts";
import * as repo from "./repo.ts";
import { type Deadline, icsCalendar } from "./rules.ts";

/** The feed's path: the token, and ".ics" so calendar apps know it. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The player's feed URL, or null while they have none. */
export async function calendarLink(db: Db, userId: number, origin: string): Promise<{ url: string | null }> {
  const feed = await repo.feedOf(db, userId);
  return { url: feed ? `${origin}${feedPath(feed.token)}` : null };
}

/** Makes the player's feed, or replaces its URL (the old one stops working at once). */
export async function newCalendarLink(db: Db, now: Date, userId: number, origin: string): Promise<{ url: string }> {
  const token = randomToken(32);
  await repo.replaceToken(db, userId, token, now.toISOString());
  return { url: `${origin}${feedPath(token)}` };
}

/** Turns the feed off: its URL answers 404 from now on. */
export async function removeCalendarLink(db: Db, userId: number): Promise<{ message: string }> {
  await repo.deleteFeed(db, userId);
  return { message: "Calendar feed turned off" };
}

/**
 * The feed of a token (404 for one nobody holds): an event at the kick-off of each of this week's
 * games still open that the player has no individual bet on (the ones the weekly prize counts).
 */
export async function deadlinesFeed(db: Db, now: Date, token: string, origin: string): Promise<string> {
  const owner = await repo.ownerOf(db, token);
  if (!owner) throw notFound("No such calendar", "calendar_not_found");
  const { season, week } = await currentWeek(db, now);
  const bet = new Set(await individualGameIdsBet(db, owner.user_id, season, week));
  const deadlines: Deadline[] = (await weekSchedule(db, season, week, now))
    .filter((g) => g.open && !bet.has(g.id))
    .map((g) => ({
      uid: `lock-${g.id}@nfl-paper-trading`,
      summary: `Bets lock: ${g.awayAbbr} @ ${g.homeAbbr}`,
      description: `Week ${week}: you have not bet ${g.awayAbbr} @ ${g.homeAbbr} yet. Betting locks at kick-off.`,
      at: g.commenceTime,
      url: `${origin}/`,
    }));
  return icsCalendar("NFL Paper Trading deadlines", deadlines, now);
}

/** Forgets a deleted account's feed, in the caller's transaction. */
export async function forgetCalendarOf(trx: Db, userId: number): Promise<void> {
  await repo.deleteFeed(trx, userId);
}
