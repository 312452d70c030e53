/**
 * The bell's pool items (issue 45): picks still needed before the next lock, survivor news after
 * each game of the last week, and a commissioner's corrections of the player's own picks. Derived
 * from what is, like the coverage reminder: nothing is written per item.
 */
import type { Db } from "../../runtime/index.ts";
import type { Notification } from "../../shared/contract/social.ts";
import { picksText } from "../../shared/pools.ts";
import { gamesCompletedBetween } from "../games/service.ts";
import { poolCorrections, poolReminders, survivorNews } from "../leagues/service.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** A reminder shows once the player's next lock is this close. */
const REMIND_WITHIN_MS = 2 * DAY_MS;
/** Survivor news stays in the bell this long. */
const NEWS_DAYS = 7;

type Item = Omit<Notification, "unread">;

/** "5 min", "3 h", "2 days". */
export function lockInText(ms: number): string {
  if (ms < 55 * 60_000) return `${Math.max(1, Math.round(ms / 60_000))} min`;
  if (ms < DAY_MS) return `${Math.round(ms / HOUR_MS)} h`;
  const days = Math.round(ms / DAY_MS);
  return days === 1 ? "1 day" : `${days} days`;
}

/** "bob", "bob and carol", "bob, carol and dan". */
const names = (list: readonly string[]) =>
  list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;

export async function poolNotifications(db: Db, now: Date, userId: number, since: string): Promise<Item[]> {
  const items: Item[] = [];
  for (const r of await poolReminders(db, now, [userId])) {
    const lead = Date.parse(r.nextLockAt) - now.getTime();
    if (lead > REMIND_WITHIN_MS) continue;
    items.push({
      id: `pool-${r.leagueId}-${r.season}-${r.week}-${r.nextLockAt}`,
      type: "pool_reminder",
      title: "Picks needed",
      body: `You still need ${picksText(r.needed)} in ${r.league} — first lock in ${lockInText(lead)}`,
      // Dated once per lock (a day before it, never in the future): opening the bell marks it read for good.
      at: new Date(Math.min(now.getTime(), Date.parse(r.nextLockAt) - DAY_MS)).toISOString(),
      link: `/leagues/${r.leagueId}/pool?week=${r.week}`,
    });
  }
  const recent = await gamesCompletedBetween(db, new Date(now.getTime() - NEWS_DAYS * DAY_MS), now);
  const completedAt = new Map(recent.map((g) => [g.id, g.completedAt]));
  for (const news of await survivorNews(db, now, recent, [userId])) {
    const out = news.out.map((o) => (o.userId === userId ? "you" : o.username));
    items.push({
      id: `survivor-${news.leagueId}-${news.gameId}`,
      type: "survivor_news",
      title: `${news.league}: ${news.alive} of ${news.of} still alive`,
      body:
        out.length === 0 ? `Everyone who took ${news.matchup} survived.` : `Out after ${news.matchup}: ${names(out)}.`,
      at: completedAt.get(news.gameId)!,
      link: `/leagues/${news.leagueId}/pool`,
    });
  }
  for (const c of await poolCorrections(db, userId, since)) {
    items.push({
      id: `correction-${c.id}`,
      type: "pool_correction",
      title: "Pick corrected",
      body: `${c.by ?? "An admin"} corrected your pick on ${c.matchup} in ${c.league} (week ${c.week})`,
      at: c.at,
      link: `/leagues/${c.leagueId}/pool?week=${c.week}`,
    });
  }
  return items;
}
