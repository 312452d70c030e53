/**
 * What happened, as deliveries (issue 47 item 2): the jobs holder reads the outbox after a cursor
 * of its own (commissioner posts, settled bets) and, once a minute, the picks leagues revealed and
 * the weeks that became final; each becomes one delivery per webhook that wants it (merge keys: a
 * game's settlements merge into one summary while it waits).
 */
import { type AppEvents, type Db, outboxAfter, outboxEnd } from "../../runtime/index.ts";
import { gameIdsOfBets } from "../betting/service.ts";
import { commissionerPost } from "../comments/service.ts";
import { currentWeek } from "../games/service.ts";
import { groupRecap, picksRevealedIn, picksShownIn } from "../leagues/service.ts";
import * as repo from "./repo.ts";
import type { WebhookRow } from "./repo.ts";
import { type DeliveryData, SETTLED_MERGE_MS } from "./rules.ts";

const BATCH = 200;

async function queue(db: Db, hook: WebhookRow, mergeKey: string, data: DeliveryData, dueAt: Date, now: Date) {
  return repo.insertDelivery(db, {
    webhook_id: hook.id,
    event: data.event,
    merge_key: mergeKey,
    data: JSON.stringify(data),
    due_at: dueAt.toISOString(),
    created_at: now.toISOString(),
  });
}

/** Reads the outbox past the webhooks' cursor and queues what it calls for; returns how many events it read. */
export async function ingestEvents(db: Db, now: Date): Promise<number> {
  let cursor = await repo.readCursor(db);
  if (!cursor) {
    // A database that never delivered starts after what already happened: nothing about the past.
    await repo.saveCursor(db, await outboxEnd(db));
    return 0;
  }
  let read = 0;
  for (;;) {
    const rows = await outboxAfter(db, cursor, BATCH);
    if (rows.length === 0) break;
    const settled: number[] = [];
    const posts: AppEvents["league.comment"][] = [];
    for (const row of rows) {
      const payload = JSON.parse(row.payload);
      if (row.type === "bet_settlements") settled.push(...finalBetIds(payload));
      else if (row.type === "league.comment" && payload.pinned) posts.push(payload);
    }
    for (const post of posts) await queuePost(db, now, post);
    if (settled.length > 0) await queueSettled(db, now, settled);
    const last = rows.at(-1)!;
    cursor = { id: last.id, txid: last.txid };
    await repo.saveCursor(db, cursor);
    read += rows.length;
    if (rows.length < BATCH) break;
  }
  return read;
}

/** Bets a settlement event settled for good: not a parlay's graded leg, not a regrade. */
function finalBetIds(payload: AppEvents["bet_settlements"]): number[] {
  return payload.settlements
    .filter((s) => !s.leg && !s.corrected && s.status && s.status !== "pending" && s.betId !== undefined)
    .map((s) => s.betId!);
}

async function queuePost(db: Db, now: Date, event: AppEvents["league.comment"]): Promise<void> {
  const hooks = (await repo.activeWebhooksFor(db, "commissioner_post")).filter((h) => h.league_id === event.leagueId);
  if (hooks.length === 0) return;
  const post = await commissionerPost(db, event.commentId);
  if (!post) return;
  for (const hook of hooks)
    await queue(
      db,
      hook,
      `post:${event.commentId}`,
      { event: "commissioner_post", leagueId: hook.league_id, commentId: event.commentId },
      now,
      now,
    );
}

/** One summary per game per league: the settled bets the league shows to everyone, merged while the summary waits. */
async function queueSettled(db: Db, now: Date, betIds: number[]): Promise<void> {
  const hooks = await repo.activeWebhooksFor(db, "bets_settled");
  if (hooks.length === 0) return;
  const games = await gameIdsOfBets(db, betIds);
  for (const [leagueId, leagueHooks] of Map.groupBy(hooks, (h) => h.league_id)) {
    const shown = await picksShownIn(db, now, leagueId, null, betIds);
    for (const [gameId, ids] of Map.groupBy(shown, (id) => games.get(id) ?? "")) {
      if (!gameId) continue;
      for (const hook of leagueHooks) {
        const data: DeliveryData = { event: "bets_settled", leagueId, gameId, betIds: ids };
        const key = `settled:${gameId}`;
        if (await queue(db, hook, key, data, new Date(now.getTime() + SETTLED_MERGE_MS), now)) continue;
        const waiting = await repo.deliveryByKey(db, hook.id, key);
        if (waiting?.status !== "pending") continue; // already sent: one summary per game
        const before = JSON.parse(waiting.data) as Extract<DeliveryData, { event: "bets_settled" }>;
        const merged = { ...before, betIds: [...new Set([...before.betIds, ...ids])] };
        await repo.updateDeliveryData(db, waiting.id, JSON.stringify(merged));
      }
    }
  }
}

/**
 * The picks each league with a picks_revealed webhook showed for the first time after `since` and by
 * `now` (the feed's own rule, asked at both times): one message per league and window. Returns how many were queued.
 */
export async function planReveals(db: Db, since: Date, now: Date): Promise<number> {
  const hooks = await repo.activeWebhooksFor(db, "picks_revealed");
  if (hooks.length === 0) return 0;
  const byLeague = Map.groupBy(hooks, (h) => h.league_id);
  let queued = 0;
  for (const revealed of await picksRevealedIn(db, since, now, [...byLeague.keys()])) {
    for (const hook of byLeague.get(revealed.leagueId) ?? []) {
      const data: DeliveryData = { event: "picks_revealed", leagueId: revealed.leagueId, pickIds: revealed.pickIds };
      if (await queue(db, hook, `reveal:${since.toISOString()}`, data, now, now)) queued += 1;
    }
  }
  return queued;
}

/** The recap of the latest week whose games are all final, once per webhook and week. Returns how many were queued. */
export async function planRecaps(db: Db, now: Date): Promise<number> {
  const hooks = await repo.activeWebhooksFor(db, "weekly_recap");
  if (hooks.length === 0) return 0;
  const { season, week } = await currentWeek(db, now);
  let queued = 0;
  for (const hook of hooks) {
    for (const candidate of [week, week - 1].filter((w) => w >= 1)) {
      const key = `recap:${season}:${candidate}`;
      if (await repo.deliveryByKey(db, hook.id, key)) break;
      if (!(await groupRecap(db, now, hook.league_id, candidate))) continue;
      const data: DeliveryData = { event: "weekly_recap", leagueId: hook.league_id, season, week: candidate };
      if (await queue(db, hook, key, data, now, now)) queued += 1;
      break;
    }
  }
  return queued;
}
