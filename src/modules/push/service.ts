import type { Config } from "../../config.ts";
import { AppError, badRequest, conflict, notFound, unauthorized } from "../../lib/errors.ts";
import { type Db, holdLocks, type LockKey, transaction } from "../../runtime/index.ts";
import type { PushDevice, PushPreferences, SavedPushPreferences } from "../../shared/contract/push.ts";
import type { SubscriptionBody } from "./model.ts";
import * as repo from "./repo.ts";
import { judgeTarget } from "../../shared/outbound-targets.ts";
import { type ResolveHost, resolvePublic } from "../../lib/outbound-network.ts";
import { DEFAULT_PREFERENCES, isTimeZone, MAX_DEVICES, type Preferences } from "./rules.ts";
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

/** The session a device is turned on in: its hash, and when it ends — asked in the subscribing transaction (null: it ended). */
export interface DeviceSession {
  hash: string;
  liveUntil(trx: Db): Promise<string | null>;
}

/** One player's devices change one at a time, in every process (the cap holds; a password change waits). */
const devicesLock = (userId: number): LockKey => ["push-devices", userId];
/** A session's sign-out and a device turned on in it go one after the other: none outlives the session. */
const sessionLock = (sessionHash: string): LockKey => ["push-session", sessionHash];

/**
 * Turns push on for one browser of the player's, in their session (the device ends with it), or
 * renews its keys; at most MAX_DEVICES each. The endpoint must be a public push service, its name
 * resolved now (and again at every send). A browser another player turned push on in moves only
 * for its holder: the same endpoint with the same secret. Anyone else's post makes a row of their
 * own, which changes nothing for the holder (and what it is sent, that browser cannot decrypt).
 */
export async function subscribe(
  db: Db,
  config: Pick<Config, "pushLocalEndpoints">,
  now: Date,
  userId: number,
  session: DeviceSession,
  body: SubscriptionBody,
  resolveHost: ResolveHost,
): Promise<PushDevice> {
  const judged = judgeTarget(body.endpoint, config.pushLocalEndpoints);
  if (!judged.ok) throw badRequest(judged.problem, "invalid_endpoint");
  if (!isValidSubscriptionKeys(body.keys.p256dh, body.keys.auth))
    throw badRequest(
      "keys: p256dh must be a P-256 public key (65 bytes) and auth 16 bytes, both base64url",
      "invalid_keys",
    );
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone))
    throw badRequest("timeZone: must be an IANA time zone such as America/Chicago", "invalid_time_zone");
  if (judged.target.kind === "public") await assertPublicName(judged.target.host, resolveHost);
  const device = (body.device ?? "").trim() || "This browser";
  const at = now.toISOString();
  return transaction(db, { exclusive: [devicesLock(userId), sessionLock(session.hash)] }, async (trx) => {
    // Checked under the locks a sign-out takes: a device is never stored for a session that just ended.
    const liveUntil = await session.liveUntil(trx);
    if (liveUntil === null) throw unauthorized();
    // The browser's older subscription of this player's (another secret) is replaced, not kept beside it.
    await repo.deleteOtherSecretsOf(trx, userId, body.endpoint, body.keys.auth);
    const holder = await repo.subscriptionOfBrowser(trx, body.endpoint, body.keys.auth);
    if (holder?.user_id !== userId && (await repo.countSubscriptions(trx, userId, at)) >= MAX_DEVICES)
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
      session_hash: session.hash,
      session_expires_at: liveUntil,
      created_at: at,
    });
    await repo.insertPreferencesIfMissing(
      trx,
      toRow(userId, now, { ...DEFAULT_PREFERENCES, timeZone: body.timeZone ?? DEFAULT_PREFERENCES.timeZone }),
    );
    return toDevice(row);
  });
}

/** The push service's name must resolve, to public addresses only; a lookup that fails for now is a 503. */
async function assertPublicName(host: string, resolveHost: ResolveHost): Promise<void> {
  const resolution = await resolvePublic(host, resolveHost);
  if (resolution.ok) return;
  // One answer for a name that is not found and one that resolves inside a network: the refusal
  // tells nobody what this server's resolver knows about internal names.
  if ("refused" in resolution || resolution.notFound)
    throw badRequest("endpoint must be a public push service, resolving to public addresses only", "invalid_endpoint");
  throw new AppError(
    503,
    "push_service_unresolved",
    "The push service's name could not be looked up just now. Try again in a minute.",
    { "Retry-After": "30" },
  );
}

export async function devices(db: Db, now: Date, userId: number): Promise<{ devices: PushDevice[] }> {
  return { devices: (await repo.subscriptionsOf(db, userId, now.toISOString())).map(toDevice) };
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

export async function preferences(db: Db, userId: number): Promise<SavedPushPreferences> {
  const row = await repo.preferencesOf(db, userId);
  return { ...fromRow(row), saved: row !== undefined };
}

export async function savePreferences(
  db: Db,
  now: Date,
  userId: number,
  body: PushPreferences,
): Promise<SavedPushPreferences> {
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
  const count = await repo.countSubscriptions(db, userId, now.toISOString());
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
  await holdLocks(trx, { exclusive: [devicesLock(userId)] });
  await repo.forget(trx, userId);
}

/** Ends the devices turned on in a session that ended (a sign-out), in the caller's transaction. */
export async function endSessionDevices(trx: Db, sessionHash: string): Promise<void> {
  await holdLocks(trx, { exclusive: [sessionLock(sessionHash)] });
  await repo.deleteSessionDevices(trx, sessionHash);
}

/**
 * Ends every device of a player whose sessions all ended (a password reset or change, an account
 * deleted), in the caller's transaction. `handOver` moves the devices of the session a password was
 * changed from to the session that replaces it: that browser keeps its own.
 */
export async function endDevicesOf(
  trx: Db,
  userId: number,
  handOver?: { from: string; to: { hash: string; expiresAt: string } },
): Promise<void> {
  await holdLocks(trx, { exclusive: [devicesLock(userId)] });
  if (handOver) await repo.moveSessionDevices(trx, handOver.from, handOver.to);
  await repo.deleteDevicesOf(trx, userId, handOver?.to.hash ?? null);
}
