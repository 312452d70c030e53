/**
 * Sending what is due (issue 47 item 2), by the jobs holder only — after commit, never on a request's
 * path, with a timeout — to an address judged at this very send (the push endpoints' rules); retried
 * with backoff, and a webhook that keeps failing is turned off and its league's admins told.
 */
import type { Config } from "../../config.ts";
import { fetchFirstReachable, type ResolveHost, resolvePublic, systemResolver } from "../../lib/outbound-network.ts";
import { type Db, transaction } from "../../runtime/index.ts";
import { judgeTarget } from "../../shared/outbound-targets.ts";
import { leagueMembers } from "../leagues/service.ts";
import { publish } from "../realtime/service.ts";
import { renderDelivery } from "./messages.ts";
import * as repo from "./repo.ts";
import type { DeliveryRow, WebhookRow } from "./repo.ts";
import { DISABLE_AFTER, isTransient, MAX_ATTEMPTS, retryDelayMs, SEND_TIMEOUT_MS } from "./rules.ts";
import { WEBHOOK_URL } from "./service.ts";

const SEND_BATCH = 100;
/** Webhooks posted to at once. */
const SENDERS = 8;

export interface WebhookDeliveryOptions {
  timeoutMs?: number;
  /** Looks receivers' names up at each send (the system's resolver unless a test gives its own). */
  resolveHost?: ResolveHost;
}

export interface WebhookReport {
  sent: number;
  retried: number;
  failed: number;
  dropped: number;
  disabled: number;
}

/** How one attempt went: the receiver's status (null: no answer), and whether its address is now one we never post to. */
interface Attempt {
  ok: boolean;
  status: number | null;
  error: string | null;
  forbidden?: boolean;
}

/** Sends every due delivery: each webhook's in order, several webhooks at once. */
export async function deliverDue(
  db: Db,
  config: Pick<Config, "webhookLocalTargets" | "publicUrl">,
  now: Date,
  options: WebhookDeliveryOptions = {},
): Promise<WebhookReport> {
  const report: WebhookReport = { sent: 0, retried: 0, failed: 0, dropped: 0, disabled: 0 };
  const due = await repo.dueDeliveries(db, now.toISOString(), SEND_BATCH);
  const hooks = [...Map.groupBy(due, (d) => d.webhook_id).entries()];
  const work = async () => {
    for (let next = hooks.shift(); next; next = hooks.shift()) {
      const [webhookId, deliveries] = next;
      for (const delivery of deliveries) {
        // Read again each time: the one before may have turned it off.
        const hook = await repo.webhook(db, webhookId);
        await deliverOne(db, config, now, options, hook, delivery, report);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SENDERS, hooks.length) }, work));
  return report;
}

async function deliverOne(
  db: Db,
  config: Pick<Config, "webhookLocalTargets" | "publicUrl">,
  now: Date,
  options: WebhookDeliveryOptions,
  hook: WebhookRow | undefined,
  delivery: DeliveryRow,
  report: WebhookReport,
): Promise<void> {
  const at = now.toISOString();
  const drop = async (reason: string) => {
    await repo.finishDelivery(db, delivery.id, {
      status: "dropped",
      attempts: delivery.attempts,
      last_status: null,
      last_error: reason,
      sent_at: null,
    });
    report.dropped += 1;
  };
  if (!hook || hook.disabled_at !== null) return drop("the webhook is turned off");
  const rendered = await renderDelivery(db, now, config.publicUrl, hook, delivery);
  if ("drop" in rendered) return drop(rendered.drop);
  const attempt = await post(hook, rendered, delivery, { ...options, allowLocal: config.webhookLocalTargets });
  const attempts = delivery.attempts + 1;
  if (attempt.ok) {
    await repo.finishDelivery(db, delivery.id, {
      status: "sent",
      attempts,
      last_status: attempt.status,
      last_error: null,
      sent_at: at,
    });
    if (hook.failures > 0) await repo.setFailures(db, hook.id, 0);
    report.sent += 1;
    return;
  }
  if (!attempt.forbidden && isTransient(attempt.status) && attempts < MAX_ATTEMPTS) {
    await repo.retryDelivery(db, delivery.id, {
      attempts,
      due_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
      last_status: attempt.status,
      last_error: attempt.error,
    });
    report.retried += 1;
  } else {
    await repo.finishDelivery(db, delivery.id, {
      status: "failed",
      attempts,
      last_status: attempt.status,
      last_error: attempt.error,
      sent_at: null,
    });
    report.failed += 1;
  }
  const failures = hook.failures + 1;
  await repo.setFailures(db, hook.id, failures);
  if (attempt.forbidden || failures >= DISABLE_AFTER) {
    const why = attempt.forbidden ? (attempt.error ?? "its address is refused") : `${failures} failures in a row`;
    if (await turnOff(db, now, hook, why)) report.disabled += 1;
  }
}

/** Turns a webhook off, drops what it still had to send, and tells its league's admins (their bell, their sockets). */
async function turnOff(db: Db, now: Date, hook: WebhookRow, reason: string): Promise<boolean> {
  return transaction(db, {}, async (trx) => {
    if (!(await repo.disable(trx, hook.id, now.toISOString(), reason))) return false;
    await repo.dropPending(trx, hook.id, "the webhook was turned off");
    const league = await leagueMembers(trx, hook.league_id);
    await publish(trx, now, "webhook.disabled", {
      leagueId: hook.league_id,
      webhookId: hook.id,
      adminIds: league?.adminIds ?? [],
    });
    return true;
  });
}

/** The X-Signature of a JSON body: HMAC-SHA256 with the webhook's secret, hex. */
export function signature(secret: string, body: string): string {
  return `sha256=${new Bun.CryptoHasher("sha256", secret).update(body).digest("hex")}`;
}

/**
 * One attempt: the URL judged again and its name resolved now, the post to an address so judged
 * (lib/outbound-network.ts), no redirects followed; 2xx is delivered.
 */
async function post(
  hook: WebhookRow,
  rendered: { contentType: string; body: string },
  delivery: DeliveryRow,
  options: WebhookDeliveryOptions & { allowLocal: boolean },
): Promise<Attempt> {
  const judged = judgeTarget(hook.url, options.allowLocal, WEBHOOK_URL);
  if (!judged.ok) return { ok: false, status: null, error: judged.problem, forbidden: true };
  try {
    let addresses: string[] = [];
    if (judged.target.kind === "public") {
      const resolution = await resolvePublic(judged.target.host, options.resolveHost ?? systemResolver);
      if (!resolution.ok) {
        if ("refused" in resolution)
          return { ok: false, status: null, error: `its name resolves to ${resolution.refused}`, forbidden: true };
        return { ok: false, status: null, error: `its name could not be looked up (${resolution.unresolved})` };
      }
      addresses = resolution.addresses;
    }
    const headers: Record<string, string> = {
      "Content-Type": rendered.contentType,
      "User-Agent": "NFL-Paper-Trading-Webhooks/1",
      "X-Webhook-Event": delivery.event,
      "X-Webhook-Delivery": String(delivery.id),
    };
    if (hook.kind === "json") headers["X-Signature"] = signature(hook.secret, rendered.body);
    const init: RequestInit = {
      method: "POST",
      headers,
      body: rendered.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
    };
    const response =
      judged.target.kind === "public"
        ? await fetchFirstReachable(judged.target.url, judged.target.host, addresses, init)
        : await fetch(hook.url, init);
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, error: ok ? null : `the receiver answered ${response.status}` };
  } catch (error) {
    const timedOut = (error as { name?: string }).name === "TimeoutError";
    return { ok: false, status: null, error: timedOut ? "no answer in time" : "could not connect" };
  }
}

/** Forgets finished deliveries older than two weeks: the log keeps the recent ones. */
export async function pruneFinished(db: Db, now: Date): Promise<void> {
  await repo.pruneFinished(db, new Date(now.getTime() - 14 * 24 * 60 * 60 * 1000).toISOString());
}
