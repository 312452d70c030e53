import { type Db, holdLocks, isUniqueViolation } from "../../runtime/index.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { signedDollarsText } from "../../shared/money.ts";
import { accounts, findUser, isActiveAccount } from "../users/service.ts";
import { recentSettlements, tailedPickText, tailsOfPicksOf } from "../betting/service.ts";
import { playerWeekStatus } from "../contest/service.ts";
import { currentWeek, listGames } from "../games/service.ts";
import { invitationsReceivedSince } from "../leagues/service.ts";
import { poolNotifications } from "./pool-notifications.ts";
import { publish } from "../realtime/service.ts";
import { statsOf } from "../stats/service.ts";
import type { FriendRequest, Notification } from "../../shared/contract/social.ts";
import { assertAddressee, assertFriends, assertMayAskAgain, seesRequesterEmail } from "./policy.ts";
import * as repo from "./repo.ts";
import { commentNotifications } from "../comments/service.ts";
import { webhookNotifications } from "../webhooks/service.ts";
import { SEARCH_MIN } from "../../shared/limits.ts";

const SEARCH_LIMIT = 20;

type RequestRow = NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>;

/** A request as `viewerId` may see it: the requester's email only for the addressee (spec §3). */
function toRequest(row: RequestRow, viewerId: number): FriendRequest {
  return {
    id: row.id,
    requesterId: row.requester_id,
    addresseeId: row.addressee_id,
    status: row.status,
    createdAt: row.created_at,
    requester: seesRequesterEmail({ addresseeId: row.addressee_id }, viewerId)
      ? { username: row.requester_username, email: row.requester_email }
      : { username: row.requester_username },
    addressee: { username: row.addressee_username },
  };
}

/** A player's friends, with their emails (email is shown only between friends). */
export async function friends(db: Db, userId: number) {
  return repo.friendsOf(db, userId);
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  return (await repo.areFriends(db, a, b)) !== undefined;
}

export async function requests(db: Db, userId: number) {
  const [incoming, outgoing] = await Promise.all([
    repo.pendingFor(db, userId, "incoming"),
    repo.pendingFor(db, userId, "outgoing"),
  ]);
  return { incoming: incoming.map((r) => toRequest(r, userId)), outgoing: outgoing.map((r) => toRequest(r, userId)) };
}

/**
 * Everything between two players (requests both ways, the friendship) changes under one lock, so
 * two processes see each other's writes: c→d and d→c at once end as friends, on both engines.
 */
const lockPair = (trx: Db, a: number, b: number) =>
  holdLocks(trx, { exclusive: [["friends", Math.min(a, b), Math.max(a, b)]] });

const REQUEST_PENDING = () => conflict("You already sent this user a friend request", "request_pending");

/**
 * Sends a friend request; one to someone who already asked you accepts theirs (friendship is
 * symmetric). A deleted account is no one to ask (404); after a decline, the requester waits.
 */
export async function sendRequest(db: Db, now: Date, userId: number, addresseeId: number): Promise<FriendRequest> {
  if (addresseeId === userId)
    throw badRequest("addresseeId: you cannot send a friend request to yourself", "self_request");
  if (!(await isActiveAccount(db, addresseeId))) throw notFound("No such user", "user_not_found");
  const id = await db
    .transaction()
    .execute(async (trx) => {
      await lockPair(trx, userId, addresseeId);
      if (await repo.areFriends(trx, userId, addresseeId)) throw conflict("You are already friends", "already_friends");
      if (await repo.pendingBetween(trx, userId, addresseeId)) throw REQUEST_PENDING();
      const theirs = await repo.pendingBetween(trx, addresseeId, userId);
      if (theirs && (await repo.answerIfPending(trx, theirs.id, "accepted", now.toISOString()))) {
        await repo.befriend(trx, userId, addresseeId, now.toISOString());
        await publish(trx, now, "friend_request", { requestId: theirs.id }, addresseeId);
        return theirs.id;
      }
      assertMayAskAgain(await repo.lastDeclined(trx, userId, addresseeId), now);
      const { id: newId } = await repo.insertRequest(trx, userId, addresseeId, now.toISOString());
      await publish(trx, now, "friend_request", { requestId: newId }, addresseeId);
      return newId;
    })
    .catch((error: unknown) => {
      // The unique index on pending pairs: a writer that took no lock got there first.
      throw isUniqueViolation(error) ? REQUEST_PENDING() : error;
    });
  return toRequest((await repo.findRequest(db, id))!, userId);
}

/** The addressee accepts or declines a pending request. */
export async function answerRequest(
  db: Db,
  now: Date,
  userId: number,
  requestId: number,
  status: "accepted" | "declined",
): Promise<FriendRequest> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findRequest(trx, requestId);
    if (!row) throw notFound("Friend request not found", "request_not_found");
    assertAddressee({ addresseeId: row.addressee_id }, userId);
    await lockPair(trx, row.requester_id, row.addressee_id);
    // Only a pending request changes: of an accept and a decline racing, the second finds it answered.
    if (!(await repo.answerIfPending(trx, requestId, status, now.toISOString()))) {
      const current = (await repo.findRequest(trx, requestId))?.status ?? row.status;
      throw conflict(`This request was already ${current}`, "request_answered");
    }
    if (status === "accepted") {
      await repo.befriend(trx, row.requester_id, row.addressee_id, now.toISOString());
      await publish(trx, now, "friend_request", { requestId }, row.requester_id);
    }
  });
  return toRequest((await repo.findRequest(db, requestId))!, userId);
}

export async function removeFriend(db: Db, userId: number, friendId: number): Promise<{ message: string }> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.areFriends(trx, userId, friendId))) throw notFound("This user is not your friend", "not_friends");
    await repo.unfriend(trx, userId, friendId);
  });
  return { message: "Friend removed" };
}

/** Usernames matching a query of at least 2 characters (trimmed), any case; ids and usernames only. */
export async function search(db: Db, userId: number, query: string) {
  const q = query.trim();
  if (q.length < SEARCH_MIN) throw badRequest(`q: search needs at least ${SEARCH_MIN} characters`, "query_too_short");
  return repo.searchUsers(db, q, userId, SEARCH_LIMIT);
}

/** A friend's figures; friends only (spec §2's error text when not). */
export async function friendAnalytics(db: Db, userId: number, friendId: number) {
  assertFriends((await repo.areFriends(db, userId, friendId)) !== undefined);
  const friend = await findUser(db, friendId);
  if (!friend) throw notFound("No such user", "user_not_found");
  return { user: { username: friend.username, email: friend.email }, stats: await statsOf(db, friendId) };
}

const NOTIFICATION_DAYS = 14;

/**
 * The player's recent events, newest first: settlements, friend requests received and accepted,
 * league invitations, and a reminder while they are short of the week's prize coverage. Derived
 * from what happened (nothing extra is written per event); unread = newer than the last opening.
 */
export async function notifications(
  db: Db,
  now: Date,
  userId: number,
): Promise<{ unread: number; items: Notification[] }> {
  const since = new Date(now.getTime() - NOTIFICATION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const seenAt = (await repo.seenAt(db, userId)) ?? "";
  const items: Omit<Notification, "unread">[] = [];
  for (const s of await recentSettlements(db, userId, since)) {
    const verdict = s.status === "won" ? "Bet won" : s.status === "lost" ? "Bet lost" : "Bet pushed";
    items.push({
      id: `bet-${s.betId}`,
      type: "settlement",
      title: verdict,
      body: `${s.selection} · ${s.game} · ${signedDollarsText(s.result)}`,
      at: s.settledAt,
      link: "/my-bets",
    });
  }
  for (const r of await repo.recentRequestEvents(db, userId, since)) {
    if (r.addressee_id === userId && r.status === "pending") {
      items.push({
        id: `friend-${r.id}`,
        type: "friend_request",
        title: "Friend request",
        body: `${r.requester_username} wants to be friends`,
        at: r.created_at,
        link: "/friends",
        answer: { kind: "friend_request", requestId: r.id },
      });
    } else if (r.requester_id === userId && r.status === "accepted" && r.responded_at) {
      items.push({
        id: `friend-ok-${r.id}`,
        type: "friend_accepted",
        title: "Friend request accepted",
        body: `${r.addressee_username} accepted your friend request`,
        at: r.responded_at,
        link: "/friends",
      });
    }
  }
  for (const i of await invitationsReceivedSince(db, userId, since)) {
    if (i.status !== "pending") continue;
    items.push({
      id: `invite-${i.id}`,
      type: "league_invitation",
      title: "League invitation",
      body: `${i.inviter.username} invited you to ${i.league.name}`,
      at: i.createdAt,
      link: "/leagues",
      answer: { kind: "league_invitation", invitationId: i.id },
    });
  }
  for (const tail of await tailsOfPicksOf(db, userId, since)) {
    items.push({
      id: `tail-${tail.tailBetId}`,
      type: "pick_tailed",
      title: `${tail.tailer} tailed your pick`,
      body: tailedPickText(tail),
      at: tail.placedAt,
      link: "/leagues",
    });
  }
  items.push(...(await commentNotifications(db, now, userId, since)));
  items.push(...(await webhookNotifications(db, userId, since)));
  const reminder = await coverageReminder(db, now, userId);
  if (reminder) items.push(reminder);
  items.push(...(await poolNotifications(db, now, userId, since)));
  items.sort((a, b) => b.at.localeCompare(a.at));
  const withRead = items.map((item) => ({ ...item, unread: item.at > seenAt }));
  return { unread: withRead.filter((i) => i.unread).length, items: withRead };
}

/** While the player is short of the prize's coverage and enough of the week's open games are left to make it up. */
async function coverageReminder(db: Db, now: Date, userId: number): Promise<Omit<Notification, "unread"> | null> {
  const { season, week } = await currentWeek(db, now);
  const games = await listGames(db, now, week);
  if (!games.some((g) => g.status === "upcoming")) return null;
  // The contest status's rule: only while enough open, unbet games are left to qualify.
  const status = await playerWeekStatus(db, now, userId, season, week, []);
  if (status.state !== "in-reach") return null;
  const missing = status.gamesNeeded;
  // Dated once per week — a week before its first kick-off, always past by the time the week is
  // current — so opening the panel marks it read for good; never before the account existed (a
  // minutes-old account was told of a reminder "4 days ago").
  const weekDate = new Date(
    Math.min(now.getTime(), new Date(games[0]!.commenceTime).getTime() - 7 * 24 * 60 * 60 * 1000),
  ).toISOString();
  const signedUp = (await accounts(db, [userId], []))[0]?.createdAt ?? weekDate;
  // biome-ignore lint/complexity/useMathMinMax: ISO strings, which compare in time order (Math.max would give NaN)
  const at = signedUp > weekDate ? signedUp : weekDate;
  return {
    id: `coverage-${season}-${week}`,
    type: "coverage_reminder",
    title: "Weekly prize reminder",
    body: `Bet ${missing} more ${missing === 1 ? "game" : "games"} in Week ${week} to be eligible for the prize.`,
    at,
    link: "/",
  };
}

export async function markNotificationsSeen(db: Db, now: Date, userId: number): Promise<{ unread: number }> {
  await repo.markSeen(db, userId, now.toISOString());
  return { unread: 0 };
}

/** Forgets a deleted account's social ties, in the caller's transaction. */
export async function forgetUser(trx: Db, userId: number): Promise<void> {
  await repo.forget(trx, userId);
}
