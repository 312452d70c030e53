/**
 * Sending what is due (decision 0057), by the jobs holder only — after commit, never on a request's
 * path, with a timeout, so a slow or failing push service changes nothing a player sees.
 */
import type { Selectable } from "kysely";
import type { Config } from "../../config.ts";
import type { Db } from "../../runtime/index.ts";
import * as repo from "./repo.ts";
import {
  MAX_ATTEMPTS,
  type PushData,
  preferenceKind,
  pushMessage,
  quietUntil,
  retryDelayMs,
  STALE_AFTER_MS,
  startOfLocalDay,
} from "./rules.ts";
import { fromRow, vapidKeys } from "./service.ts";
import type { PushOutboxTable } from "./table.ts";
import { judgeTarget } from "../../shared/outbound-targets.ts";
import { fetchFirstReachable, type ResolveHost, resolvePublic, systemResolver } from "../../lib/outbound-network.ts";
import { encryptPayload, type VapidKeys, vapidAuthorization } from "./webpush.ts";

type PushOutboxRow = Selectable<PushOutboxTable>;

const SEND_BATCH = 200;
/** Players whose pushes are sent at once. */
const SENDERS = 16;
/** A push service that has not answered in this long is a failed attempt (retried later). */
export const SEND_TIMEOUT_MS = 10_000;

export interface DeliveryOptions {
  timeoutMs?: number;
  subject: string;
  /** Looks push services' names up at each send (the system's resolver unless a test gives its own). */
  resolveHost?: ResolveHost;
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
  config: Pick<Config, "vapidKeys" | "pushLocalEndpoints">,
  now: Date,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, dropped: 0, held: 0, retried: 0, removedDevices: 0 };
  const due = await repo.duePushes(db, now.toISOString(), SEND_BATCH);
  if (due.length === 0) return report;
  const keys = await vapidKeys(db, config, now);
  const sending: Sending = {
    ...options,
    allowLocal: config.pushLocalEndpoints,
    resolveHost: options.resolveHost ?? systemResolver,
  };
  // Players side by side (a push service's answer takes tens of milliseconds), each player's own
  // pushes in turn, so the daily cap counts what was just sent.
  const players = [...Map.groupBy(due, (push) => push.user_id).values()];
  const work = async () => {
    for (let next = players.shift(); next; next = players.shift())
      for (const push of next) await deliverOne(db, push, keys, now, sending, report);
  };
  await Promise.all(Array.from({ length: Math.min(SENDERS, players.length) }, work));
  return report;
}

/** One push: dropped, held, or sent to each of the player's devices (retried later when none took it). */
async function deliverOne(
  db: Db,
  push: PushOutboxRow,
  keys: VapidKeys,
  now: Date,
  options: Sending,
  report: DeliveryReport,
): Promise<void> {
  const at = now.toISOString();
  const data = JSON.parse(push.data) as PushData;
  const prefs = fromRow(await repo.preferencesOf(db, push.user_id));
  const kind = preferenceKind(data);
  const drop = async (reason: string) => {
    await repo.finishPush(db, push.id, "dropped", reason, at);
    report.dropped += 1;
  };
  if (push.stale_at && push.stale_at <= at) {
    await drop("stale");
    return;
  }
  if (kind !== null) {
    if (!prefs.kinds[kind]) {
      await drop("kind off");
      return;
    }
    const quietEnd = quietUntil(now, prefs);
    if (quietEnd) {
      // Held until the quiet hours end, unless it is worthless by then (a lock reminder after kick-off).
      if (push.stale_at && push.stale_at <= quietEnd.toISOString()) await drop("quiet hours");
      else {
        await repo.postpone(db, push.id, quietEnd.toISOString(), push.attempts, "quiet hours");
        report.held += 1;
      }
      return;
    }
    const sentToday = await repo.sentSince(db, push.user_id, startOfLocalDay(now, prefs.timeZone).toISOString());
    if (sentToday >= prefs.dailyCap) {
      await drop("daily cap");
      return;
    }
  }
  const devices = await repo.subscriptionsOf(db, push.user_id, at);
  if (devices.length === 0) {
    await drop("no device");
    return;
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
    } else if (outcome === "gone" || outcome === "forbidden") {
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

/** How delivery posts: the options, whether local push services are allowed, who resolves names. */
interface Sending extends DeliveryOptions {
  allowLocal: boolean;
  resolveHost: ResolveHost;
}

/** "forbidden": an endpoint we never post to (shared/outbound-targets.ts), now or any more: the device goes. */
type Outcome = "ok" | "gone" | "retry" | "refused" | "forbidden";

/**
 * One push to one device (RFC 8030 §5): 404/410 = the subscription is gone; 429, 5xx, a timeout =
 * try later. The endpoint is judged again first and its name resolved now, and the post goes to an
 * address so judged (network.ts): what was public at subscribe may point inside the network today.
 */
async function post(
  device: { endpoint: string; p256dh: string; auth: string },
  body: Uint8Array,
  keys: { publicKey: string; privateKey: string },
  options: Sending,
  now: Date,
): Promise<Outcome> {
  const judged = judgeTarget(device.endpoint, options.allowLocal);
  if (!judged.ok) return "forbidden";
  try {
    const signal = AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS);
    let addresses: string[] = [];
    if (judged.target.kind === "public") {
      const resolution = await resolvePublic(judged.target.host, options.resolveHost);
      if (!resolution.ok) return "refused" in resolution ? "forbidden" : "retry";
      addresses = resolution.addresses;
    }
    const encrypted = await encryptPayload(body, device);
    const init: RequestInit = {
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
      signal,
    };
    const response =
      judged.target.kind === "public"
        ? await fetchFirstReachable(judged.target.url, judged.target.host, addresses, init)
        : await fetch(device.endpoint, init);
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

/** Forgets finished pushes older than two days, and the devices of sessions that expired. */
export async function pruneFinished(db: Db, now: Date): Promise<void> {
  await repo.pruneFinished(db, new Date(now.getTime() - 2 * STALE_AFTER_MS).toISOString());
  await repo.pruneExpiredDevices(db, now.toISOString());
}
