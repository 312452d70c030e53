/**
 * What happened, as pushes (decision 0057): the jobs holder reads the outbox after a cursor of its
 * own and queues a push per player and key — a game's settlements merged into one, a friend request
 * or league invitation still waiting — in one transaction with the cursor.
 */
import { type AppEvents, type Db, outboxAfter, outboxEnd } from "../../runtime/index.ts";
import { stringToCents } from "../../shared/money.ts";
import { gameIdsOfBets } from "../betting/service.ts";
import { invitationsReceivedSince } from "../leagues/service.ts";
import { requests } from "../social/service.ts";
import { commentNotice, excerpt } from "../comments/service.ts";
import * as repo from "./repo.ts";
import { type PushData, SETTLEMENT_MERGE_MS, STALE_AFTER_MS } from "./rules.ts";

const BATCH = 200;

type Intent = { userId: number; mergeKey: string; data: PushData; dueAt: Date; staleAt: Date | null };

/** Reads the outbox past the push cursor and queues the pushes it calls for; returns how many events it read. */
export async function ingestEvents(db: Db, now: Date): Promise<number> {
  let cursor = await repo.readCursor(db);
  if (!cursor) {
    // A database that never pushed starts after what already happened: no pushes about the past.
    await repo.saveCursor(db, await outboxEnd(db));
    return 0;
  }
  let read = 0;
  for (;;) {
    const rows = await outboxAfter(db, cursor, BATCH);
    if (rows.length === 0) break;
    const intents: Intent[] = [];
    for (const row of rows) {
      const payload = JSON.parse(row.payload);
      if (row.type === "bet_settlements") intents.push(...(await settlementIntents(db, now, payload)));
      else if (row.type === "friend_request" && row.user_id !== null)
        intents.push(...(await friendRequestIntent(db, now, row.user_id, payload)));
      else if (row.type === "league_invitation" && row.user_id !== null)
        intents.push(...(await invitationIntent(db, now, row.user_id, payload)));
      else if (row.type === "league.comment") intents.push(...(await commentIntents(db, now, payload)));
    }
    const last = rows.at(-1)!;
    cursor = { id: last.id, txid: last.txid };
    const saved = cursor;
    const subscribed = await repo.subscribedUsers(db, [...new Set(intents.map((i) => i.userId))]);
    await db.transaction().execute(async (trx) => {
      for (const intent of intents) if (subscribed.has(intent.userId)) await queue(trx, now, intent);
      await repo.saveCursor(trx, saved);
    });
    read += rows.length;
    if (rows.length < BATCH) break;
  }
  return read;
}

/** Adds the push, or merges a game's further settlements into the one still waiting. */
async function queue(trx: Db, now: Date, intent: Intent): Promise<void> {
  const row = {
    user_id: intent.userId,
    kind: intent.data.kind,
    merge_key: intent.mergeKey,
    data: JSON.stringify(intent.data),
    due_at: intent.dueAt.toISOString(),
    stale_at: intent.staleAt?.toISOString() ?? null,
    created_at: now.toISOString(),
  };
  if (await repo.insertPush(trx, row)) return;
  if (intent.data.kind !== "settlements") return;
  const waiting = await repo.pushByKey(trx, intent.userId, intent.mergeKey);
  if (waiting?.status !== "pending") return; // already sent: one push per game
  const before = JSON.parse(waiting.data) as Extract<PushData, { kind: "settlements" }>;
  const merged = {
    ...before,
    bets: before.bets + intent.data.bets,
    profitCents: before.profitCents + intent.data.profitCents,
  };
  await repo.updatePushData(trx, waiting.id, JSON.stringify(merged));
}

async function settlementIntents(db: Db, now: Date, payload: AppEvents["bet_settlements"]): Promise<Intent[]> {
  // A leg graded inside a pending parlay, or a corrected score (a regrade), is told in the app only.
  const told = payload.settlements.filter((s) => !s.leg && !s.corrected && s.status && s.status !== "pending");
  // Only players with a device get a push: the rest of a big Sunday chunk costs no look-up.
  const subscribed = await repo.subscribedUsers(db, [...new Set(told.map((s) => s.userId))]);
  const final = told.filter((s) => subscribed.has(s.userId));
  if (final.length === 0) return [];
  const games = await gameIdsOfBets(
    db,
    final.map((s) => s.betId!),
  );
  const dueAt = new Date(now.getTime() + SETTLEMENT_MERGE_MS);
  const staleAt = new Date(now.getTime() + STALE_AFTER_MS);
  return final.flatMap((s): Intent[] => {
    const profitCents = s.result ? stringToCents(s.result) : 0;
    if (s.betDetails?.legs) {
      return [
        {
          userId: s.userId,
          mergeKey: `parlay:${s.betId}`,
          data: { kind: "parlay", legs: s.betDetails.legs.length, status: s.status!, profitCents },
          dueAt,
          staleAt,
        },
      ];
    }
    const gameId = games.get(s.betId!);
    const pick = s.betDetails?.pick?.game;
    if (!gameId || !pick) return [];
    return [
      {
        userId: s.userId,
        mergeKey: `game:${gameId}`,
        data: { kind: "settlements", away: pick.awayAbbr, home: pick.homeAbbr, bets: 1, profitCents },
        dueAt,
        staleAt,
      },
    ];
  });
}

async function friendRequestIntent(
  db: Db,
  now: Date,
  userId: number,
  payload: AppEvents["friend_request"],
): Promise<Intent[]> {
  // The event also tells a requester their request was accepted: that one stays in the bell.
  const request = (await requests(db, userId)).incoming.find((r) => r.id === payload.requestId);
  if (!request) return [];
  return [
    {
      userId,
      mergeKey: `friend:${request.id}`,
      data: { kind: "friendRequests", from: request.requester.username },
      dueAt: now,
      staleAt: new Date(now.getTime() + STALE_AFTER_MS),
    },
  ];
}

async function invitationIntent(
  db: Db,
  now: Date,
  userId: number,
  payload: AppEvents["league_invitation"],
): Promise<Intent[]> {
  const since = new Date(now.getTime() - STALE_AFTER_MS).toISOString();
  const invitation = (await invitationsReceivedSince(db, userId, since)).find((i) => i.id === payload.invitationId);
  if (invitation?.status !== "pending") return [];
  return [
    {
      userId,
      mergeKey: `invite:${invitation.id}`,
      data: { kind: "leagueInvitations", from: invitation.inviter.username, league: invitation.league.name },
      dueAt: now,
      staleAt: new Date(now.getTime() + STALE_AFTER_MS),
    },
  ];
}

/**
 * A reply to the player (or a comment on their pick) and a commissioner post in their league: each
 * told once, while the comment is still there and the player may still see its thread.
 */
async function commentIntents(db: Db, now: Date, payload: AppEvents["league.comment"]): Promise<Intent[]> {
  if (payload.notifyIds.length === 0) return [];
  const subscribed = await repo.subscribedUsers(db, payload.notifyIds);
  const intents: Intent[] = [];
  for (const userId of payload.notifyIds) {
    if (!subscribed.has(userId)) continue;
    const notice = await commentNotice(db, now, payload.commentId, userId);
    if (!notice) continue;
    intents.push({
      userId,
      mergeKey: `comment:${notice.commentId}`,
      data: {
        kind: "comment",
        from: notice.from,
        league: notice.league,
        leagueId: notice.leagueId,
        text: excerpt(notice.text),
        post: notice.kind === "post",
      },
      dueAt: now,
      staleAt: new Date(now.getTime() + STALE_AFTER_MS),
    });
  }
  return intents;
}
