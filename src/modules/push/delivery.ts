/**
 * What the jobs holder does for push (decision 0055): it reads what happened from the outbox by a
 * cursor of its own and turns it into pushes (merged per game, one per key per player), adds lock
 * reminders, and sends what is due — after commit, never on a request's path, with a timeout, so a
 * slow or failing push service changes nothing a player sees.
 */
import type { Config } from "../../config.ts";
import { type AppEvents, type Db, outboxAfter, outboxEnd } from "../../runtime/index.ts";
import { stringToCents } from "../../shared/money.ts";
import { gameIdsOfBets, individualGameIdsBet } from "../betting/service.ts";
import { playerWeekStatus } from "../contest/service.ts";
import { currentWeek, weekSchedule } from "../games/service.ts";
import { invitationsReceivedSince } from "../leagues/service.ts";
import { requests } from "../social/service.ts";
import * as repo from "./repo.ts";
import {
  LOCK_LEAD_MS,
  MAX_ATTEMPTS,
  type PushData,
  preferenceKind,
  pushMessage,
  quietUntil,
  retryDelayMs,
  SETTLEMENT_MERGE_MS,
  STALE_AFTER_MS,
  startOfLocalDay,
} from "./rules.ts";
import { fromRow, vapidKeys } from "./service.ts";
import { encryptPayload, vapidAuthorization } from "./webpush.ts";

const BATCH = 200;
const SEND_BATCH = 50;
/** A push service that has not answered in this long is a failed attempt (retried later). */
export const SEND_TIMEOUT_MS = 10_000;

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
 * Lock reminders: for each subscribed player who can still make the week's prize (contest's
 * `playerWeekStatus` is "in-reach"), when the first of their unbet open games kicks off within the
 * hour — once per kick-off slot, and worthless (dropped) once that slot has kicked off.
 */
export async function planLockReminders(db: Db, now: Date, adminEmails: readonly string[]): Promise<number> {
  const { season, week } = await currentWeek(db, now);
  const schedule = await weekSchedule(db, season, week, now);
  const soon = schedule.filter((g) => g.open && Date.parse(g.commenceTime) - now.getTime() <= LOCK_LEAD_MS);
  if (soon.length === 0) return 0;
  const firstKickoff = soon.map((g) => g.commenceTime).sort()[0]!;
  const users = await repo.allSubscribedUsers(db);
  const prefs = new Map((await repo.preferencesFor(db, users)).map((p) => [p.user_id, fromRow(p)]));
  let queued = 0;
  for (const userId of users) {
    if (!(prefs.get(userId) ?? fromRow(undefined)).kinds.lockReminder) continue;
    const status = await playerWeekStatus(db, now, userId, season, week, adminEmails);
    if (status.state !== "in-reach") continue;
    const bet = new Set(await individualGameIdsBet(db, userId, season, week));
    const locking = soon.filter((g) => !bet.has(g.id));
    if (locking.length === 0) continue;
    const minutes = Math.round((Date.parse(firstKickoff) - now.getTime()) / 60_000);
    const added = await repo.insertPush(db, {
      user_id: userId,
      kind: "lockReminder",
      merge_key: `lock:${season}:${week}:${firstKickoff}`,
      data: JSON.stringify({ kind: "lockReminder", games: locking.length, needed: status.gamesNeeded, minutes }),
      due_at: now.toISOString(),
      stale_at: firstKickoff,
      created_at: now.toISOString(),
    });
    if (added) queued += 1;
  }
  return queued;
}

export interface DeliveryOptions {
  timeoutMs?: number;
  subject: string;
}

export interface DeliveryReport {
  sent: number;
  dropped: number;
  held: number;
  retried: number;
  removedDevices: number;
}

/** Sends what is due: preferences, quiet hours (held until they end), the daily cap, then every device. */
export async function deliverDue(
  db: Db,
  config: Pick<Config, "vapidKeys">,
  now: Date,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, dropped: 0, held: 0, retried: 0, removedDevices: 0 };
  const due = await repo.duePushes(db, now.toISOString(), SEND_BATCH);
  if (due.length === 0) return report;
  const keys = await vapidKeys(db, config, now);
  const at = now.toISOString();
  for (const push of due) {
    const data = JSON.parse(push.data) as PushData;
    const prefs = fromRow(await repo.preferencesOf(db, push.user_id));
    const kind = preferenceKind(data);
    const drop = async (reason: string) => {
      await repo.finishPush(db, push.id, "dropped", reason, at);
      report.dropped += 1;
    };
    if (push.stale_at && push.stale_at <= at) {
      await drop("stale");
      continue;
    }
    if (kind !== null) {
      if (!prefs.kinds[kind]) {
        await drop("kind off");
        continue;
      }
      const quietEnd = quietUntil(now, prefs);
      if (quietEnd) {
        // Held until the quiet hours end, unless it is worthless by then (a lock reminder after kick-off).
        if (push.stale_at && push.stale_at <= quietEnd.toISOString()) await drop("quiet hours");
        else {
          await repo.postpone(db, push.id, quietEnd.toISOString(), push.attempts, "quiet hours");
          report.held += 1;
        }
        continue;
      }
      const sentToday = await repo.sentSince(db, push.user_id, startOfLocalDay(now, prefs.timeZone).toISOString());
      if (sentToday >= prefs.dailyCap) {
        await drop("daily cap");
        continue;
      }
    }
    const devices = await repo.subscriptionsOf(db, push.user_id);
    if (devices.length === 0) {
      await drop("no device");
      continue;
    }
    const message = pushMessage(data, push.merge_key);
    const body = new TextEncoder().encode(JSON.stringify(message));
    let delivered = 0;
    let transient = 0;
    for (const device of devices) {
      const outcome = await post(device, body, keys, options, now);
      if (outcome === "ok") {
        delivered += 1;
        await repo.markSent(db, device.id, at);
      } else if (outcome === "gone") {
        await repo.deleteSubscriptionById(db, device.id);
        report.removedDevices += 1;
      } else if (outcome === "retry") transient += 1;
    }
    if (delivered > 0) {
      await repo.finishPush(db, push.id, "sent", null, at);
      report.sent += 1;
    } else if (transient > 0 && push.attempts + 1 < MAX_ATTEMPTS) {
      const next = new Date(now.getTime() + retryDelayMs(push.attempts + 1)).toISOString();
      await repo.postpone(db, push.id, next, push.attempts + 1, "push service failed");
      report.retried += 1;
    } else {
      await repo.finishPush(db, push.id, "failed", transient > 0 ? "gave up after retries" : "no device took it", at);
      report.dropped += 1;
    }
  }
  return report;
}

type Outcome = "ok" | "gone" | "retry" | "refused";

/** One push to one device (RFC 8030 §5): 404/410 = the subscription is gone; 429, 5xx, a timeout = try later. */
async function post(
  device: { endpoint: string; p256dh: string; auth: string },
  body: Uint8Array,
  keys: { publicKey: string; privateKey: string },
  options: DeliveryOptions,
  now: Date,
): Promise<Outcome> {
  try {
    const encrypted = await encryptPayload(body, device);
    const response = await fetch(device.endpoint, {
      method: "POST",
      headers: {
        Authorization: await vapidAuthorization(device.endpoint, keys, options.subject, now),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        TTL: String(24 * 60 * 60),
        Urgency: "normal",
      },
      body: encrypted,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return "ok";
    if (response.status === 404 || response.status === 410) return "gone";
    if (response.status === 429 || response.status >= 500) return "retry";
    return "refused";
  } catch {
    return "retry";
  }
}

/** The VAPID subject: the operator's, else the site's own URL, else its first admin's address. */
export function vapidSubject(config: Pick<Config, "vapidSubject" | "publicUrl" | "adminEmails">): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl?.startsWith("https://")) return config.publicUrl;
  return `mailto:${config.adminEmails[0] ?? "admin@localhost"}`;
}

/** Forgets finished pushes older than two days. */
export function pruneFinished(db: Db, now: Date) {
  return repo.pruneFinished(db, new Date(now.getTime() - 2 * STALE_AFTER_MS).toISOString());
}
