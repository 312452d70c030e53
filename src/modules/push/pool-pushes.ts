import type { Db } from "../../runtime/index.ts";
import { gamesCompletedBetween } from "../games/service.ts";
import { poolReminders, survivorNews } from "../leagues/service.ts";
import * as repo from "./repo.ts";
import { LOCK_LEAD_MS } from "./rules.ts";
import { fromRow } from "./service.ts";

/** Survivor news is news for a few hours after its game. */
const NEWS_MS = 6 * 60 * 60 * 1000;

/**
 * Pool pushes (issue 45): to each subscribed member still short of picks in a pool, once the first of
 * their games locks within the hour, "You still need 3 picks in Office Pool — first lock in 1 h" (once
 * per lock, dropped once it has passed; the lock-reminder preference governs it); and after each game
 * that became final after `since` and by `now`, to a survivor pool's members, how many are left and
 * whom it knocked out (the league-picks preference). Caps and quiet hours apply at delivery.
 */
export async function planPoolPushes(db: Db, since: Date, now: Date): Promise<number> {
  const users = await repo.allSubscribedUsers(db);
  if (users.length === 0) return 0;
  const subscribed = new Set(users);
  const prefs = new Map((await repo.preferencesFor(db, users)).map((p) => [p.user_id, fromRow(p)]));
  const at = now.toISOString();
  let queued = 0;
  for (const r of await poolReminders(db, now, users)) {
    const lead = Date.parse(r.nextLockAt) - now.getTime();
    if (lead <= 0 || lead > LOCK_LEAD_MS || !(prefs.get(r.userId) ?? fromRow(undefined)).kinds.lockReminder) continue;
    const added = await repo.insertPush(db, {
      user_id: r.userId,
      kind: "lockReminder",
      merge_key: `pool:${r.leagueId}:${r.season}:${r.week}:${r.nextLockAt}`,
      data: JSON.stringify({
        kind: "poolReminder",
        league: r.league,
        leagueId: r.leagueId,
        needed: r.needed,
        minutes: Math.round(lead / 60_000),
      }),
      due_at: at,
      stale_at: r.nextLockAt,
      created_at: at,
    });
    if (added) queued += 1;
  }
  const games = (await gamesCompletedBetween(db, since, now)).map((g) => ({ ...g, id: g.id }));
  for (const news of await survivorNews(db, now, games, users)) {
    for (const userId of news.memberIds) {
      if (!subscribed.has(userId)) continue;
      const added = await repo.insertPush(db, {
        user_id: userId,
        kind: "leaguePicks",
        merge_key: `survivor:${news.leagueId}:${news.gameId}`,
        data: JSON.stringify({
          kind: "survivorNews",
          league: news.league,
          leagueId: news.leagueId,
          matchup: news.matchup,
          alive: news.alive,
          of: news.of,
          out: news.out.map((o) => o.username),
        }),
        due_at: at,
        stale_at: new Date(now.getTime() + NEWS_MS).toISOString(),
        created_at: at,
      });
      if (added) queued += 1;
    }
  }
  return queued;
}
