import type { Db } from "../../runtime/index.ts";
import { tailedPickText, tailsPlacedBetween } from "../betting/service.ts";
import { picksRevealedBetween } from "../leagues/service.ts";
import * as repo from "./repo.ts";

/** A reveal is news for a few hours (the games are under way); then it is dropped. */
const REVEAL_NEWS_MS = 6 * 60 * 60 * 1000;

/**
 * League pushes for what happened after `since` and by `now` (issue 31 item 3): to each subscribed
 * member of a league, how many of the others' picks it revealed (the feed's own rule, asked at both
 * times, so a push never tells of a pick the feed does not show yet); to a pick's owner, each tail of
 * it. Returns how many pushes were queued.
 */
export async function planLeaguePickPushes(db: Db, since: Date, now: Date): Promise<number> {
  const users = await repo.allSubscribedUsers(db);
  if (users.length === 0) return 0;
  const subscribed = new Set(users);
  const at = now.toISOString();
  let queued = 0;
  for (const league of await picksRevealedBetween(db, since, now, users)) {
    for (const userId of league.memberIds) {
      if (!subscribed.has(userId)) continue;
      let picks = 0;
      for (const [owner, count] of league.byOwner) if (owner !== userId) picks += count;
      if (picks === 0) continue;
      const added = await repo.insertPush(db, {
        user_id: userId,
        kind: "leaguePicks",
        merge_key: `reveal:${league.leagueId}:${since.toISOString()}`,
        data: JSON.stringify({ kind: "picksRevealed", league: league.leagueName, leagueId: league.leagueId, picks }),
        due_at: at,
        stale_at: new Date(now.getTime() + REVEAL_NEWS_MS).toISOString(),
        created_at: at,
      });
      if (added) queued += 1;
    }
  }
  for (const tail of await tailsPlacedBetween(db, since, now)) {
    if (!subscribed.has(tail.ownerId)) continue;
    const added = await repo.insertPush(db, {
      user_id: tail.ownerId,
      kind: "leaguePicks",
      merge_key: `tail:${tail.tailBetId}`,
      data: JSON.stringify({ kind: "pickTailed", by: tail.tailer, pick: tailedPickText(tail) }),
      due_at: at,
      stale_at: null,
      created_at: at,
    });
    if (added) queued += 1;
  }
  return queued;
}
