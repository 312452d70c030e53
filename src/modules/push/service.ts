import type { Config } from "../../config.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { type Db, transaction } from "../../runtime/index.ts";
import type { PushDevice, PushPreferences } from "../../shared/contract/push.ts";
import type { SubscriptionBody } from "./model.ts";
import * as repo from "./repo.ts";
import { DEFAULT_PREFERENCES, endpointProblem, isTimeZone, MAX_DEVICES, type Preferences } from "./rules.ts";
import type { PushPreferencesTable, PushSubscriptionsTable } from "./table.ts";
import { generateKeyPair, isValidKeyPair, isValidSubscriptionKeys, type VapidKeys } from "./webpush.ts";

const keysByDb = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The server's VAPID pair: the operator's (VAPID_PUBLIC_KEY/PRIVATE_KEY) or one generated on first
 * start and kept in the database, so every process on it signs alike. A pair that changed makes
 * every stored subscription useless (push services tie each to the key it was made with): they go.
 */
export function vapidKeys(db: Db, config: Pick<Config, "vapidKeys">, now: Date): Promise<VapidKeys> {
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = loadKeys(db, config, now);
    keysByDb.set(db, keys);
    keys.catch(() => keysByDb.delete(db));
  }
  return keys;
}

async function loadKeys(db: Db, config: Pick<Config, "vapidKeys">, now: Date): Promise<VapidKeys> {
  const stored = await repo.vapidKeys(db);
  if (config.vapidKeys) {
    if (!(await isValidKeyPair(config.vapidKeys)))
      throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not one P-256 key pair");
    if (stored?.public_key !== config.vapidKeys.publicKey) {
      await db.transaction().execute(async (trx) => {
        if (stored) await repo.deleteAllSubscriptions(trx);
        await repo.replaceVapidKeys(trx, config.vapidKeys!.publicKey, config.vapidKeys!.privateKey, now.toISOString());
      });
    }
    return config.vapidKeys;
  }
  if (!stored) {
    const fresh = await generateKeyPair();
    await repo.insertVapidKeys(db, fresh.publicKey, fresh.privateKey, now.toISOString());
    const kept = await repo.vapidKeys(db);
    return { publicKey: kept!.public_key, privateKey: kept!.private_key };
  }
  return { publicKey: stored.public_key, privateKey: stored.private_key };
}

function toDevice(
  row: Pick<PushSubscriptionsTable, "endpoint" | "device" | "created_at" | "last_sent_at"> & { id: number },
): PushDevice {
  return {
    id: row.id,
    device: row.device,
    endpoint: row.endpoint,
    createdAt: row.created_at,
    lastSentAt: row.last_sent_at,
  };
}

/** Turns push on for one browser of the player's (or renews its keys); at most MAX_DEVICES each. */
export async function subscribe(
  db: Db,
  config: Pick<Config, "pushLocalEndpoints">,
  now: Date,
  userId: number,
  body: SubscriptionBody,
): Promise<PushDevice> {
  const problem = endpointProblem(body.endpoint, config.pushLocalEndpoints);
  if (problem) throw badRequest(problem, "invalid_endpoint");
  if (!isValidSubscriptionKeys(body.keys.p256dh, body.keys.auth))
    throw badRequest(
      "keys: p256dh must be a P-256 public key (65 bytes) and auth 16 bytes, both base64url",
      "invalid_keys",
    );
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
    throw badRequest("timeZone: must be an IANA time zone such as America/Chicago", "invalid_time_zone");
  const device = (body.device ?? "").trim() || "This browser";
  // Count, then add: one player's subscriptions change one at a time, in every process (the cap holds).
  return transaction(db, { exclusive: [["push-devices", userId]] }, async (trx) => {
    const existing = await repo.subscriptionByEndpoint(trx, body.endpoint);
    if (existing?.user_id !== userId && (await repo.countSubscriptions(trx, userId)) >= MAX_DEVICES)
      throw conflict(
        `Push is on for ${MAX_DEVICES} devices already: turn it off on one in Settings first`,
        "too_many_devices",
      );
    const row = await repo.upsertSubscription(trx, {
      user_id: userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      device,
      created_at: now.toISOString(),
    });
    await repo.insertPreferencesIfMissing(
      trx,
      toRow(userId, now, { ...DEFAULT_PREFERENCES, timeZone: body.timeZone ?? DEFAULT_PREFERENCES.timeZone }),
    );
    return toDevice(row);
  });
}

export async function devices(db: Db, userId: number): Promise<{ devices: PushDevice[] }> {
  return { devices: (await repo.subscriptionsOf(db, userId)).map(toDevice) };
}

/** Turns push off for one of the player's devices (404 for anyone else's). */
export async function unsubscribe(db: Db, userId: number, id: number): Promise<{ message: string }> {
  if (!(await repo.deleteSubscription(db, userId, id))) throw notFound("No such device", "device_not_found");
  return { message: "Notifications are off on that device" };
}

export function fromRow(row: PushPreferencesTable | undefined): Preferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    kinds: {
      settlements: row.settlements === 1,
      lockReminder: row.lock_reminder === 1,
      friendRequests: row.friend_requests === 1,
      leagueInvitations: row.league_invitations === 1,
      leaguePicks: row.league_picks === 1,
    },
    dailyCap: row.daily_cap,
    quietHours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null,
    timeZone: row.time_zone,
  };
}

function toRow(userId: number, now: Date, prefs: Preferences): PushPreferencesTable {
  const flag = (on: boolean) => (on ? 1 : 0);
  return {
    user_id: userId,
    settlements: flag(prefs.kinds.settlements),
    lock_reminder: flag(prefs.kinds.lockReminder),
    friend_requests: flag(prefs.kinds.friendRequests),
    league_invitations: flag(prefs.kinds.leagueInvitations),
    league_picks: flag(prefs.kinds.leaguePicks),
    daily_cap: prefs.dailyCap,
    quiet_start: prefs.quietHours?.start ?? null,
    quiet_end: prefs.quietHours?.end ?? null,
    time_zone: prefs.timeZone,
    updated_at: now.toISOString(),
  };
}

export async function preferences(db: Db, userId: number): Promise<PushPreferences> {
  return fromRow(await repo.preferencesOf(db, userId));
}

export async function savePreferences(
  db: Db,
  now: Date,
  userId: number,
  body: PushPreferences,
): Promise<PushPreferences> {
  if (!isTimeZone(body.timeZone))
    throw badRequest("timeZone: must be an IANA time zone such as America/Chicago", "invalid_time_zone");
  if (body.quietHours && body.quietHours.start === body.quietHours.end)
    throw badRequest("quietHours: start and end must differ (or turn quiet hours off)", "invalid_quiet_hours");
  await repo.savePreferences(db, toRow(userId, now, body));
  return preferences(db, userId);
}

/**
 * Queues a test notification to every device of the player's; the jobs holder sends it (never on
 * this request's path). One a minute: a second ask within it changes nothing.
 */
export async function sendTest(db: Db, now: Date, userId: number): Promise<{ message: string; devices: number }> {
  const count = await repo.countSubscriptions(db, userId);
  if (count === 0) throw conflict("Turn notifications on on this device first", "no_device");
  await repo.insertPush(db, {
    user_id: userId,
    kind: "test",
    merge_key: `test:${Math.floor(now.getTime() / 60_000)}`,
    data: JSON.stringify({ kind: "test" }),
    due_at: now.toISOString(),
    stale_at: new Date(now.getTime() + 60 * 60_000).toISOString(),
    created_at: now.toISOString(),
  });
  return {
    message:
      count === 1 ? "A test notification is on its way" : `A test notification is on its way to your ${count} devices`,
    devices: count,
  };
}

/** Forgets a deleted account's devices, preferences and pushes, in the caller's transaction. */
export async function forgetPushOf(trx: Db, userId: number): Promise<void> {
  await repo.forget(trx, userId);
}
