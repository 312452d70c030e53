/**
 * League webhooks (issue 47 item 2): a league's admins add up to three, each a Discord or Slack
 * incoming webhook or any https receiver of signed JSON; the URL obeys the push endpoints' address
 * rules (shared/outbound-targets.ts), checked here and again at every send (delivery.ts).
 */
import type { Config } from "../../config.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/ids.ts";
import { type ResolveHost, resolvePublic } from "../../lib/outbound-network.ts";
import { type Db, transaction } from "../../runtime/index.ts";
import type { Notification } from "../../shared/contract/social.ts";
import type { CreatedWebhook, LeagueWebhook } from "../../shared/contract/webhooks.ts";
import { judgeTarget, type TargetWords } from "../../shared/outbound-targets.ts";
import { MAX_WEBHOOKS, maskedUrl, WEBHOOK_EVENTS, type WebhookEvent } from "../../shared/webhooks.ts";
import * as audit from "../audit/service.ts";
import { leagueIdsOf, leagueMembers, seatIn } from "../leagues/service.ts";
import type { CreateWebhookBody } from "./model.ts";
import * as repo from "./repo.ts";
import type { WebhookRow } from "./repo.ts";

export const WEBHOOK_URL: TargetWords = { field: "url", service: "webhook receiver" };
/** Deliveries each webhook's log shows. */
const LOG_SIZE = 10;

export const eventsOf = (row: Pick<WebhookRow, "events">) =>
  row.events.split(",").filter((e): e is WebhookEvent => WEBHOOK_EVENTS.includes(e as WebhookEvent));

/** The URL must be a public receiver whose name resolves to public addresses only: 400 otherwise, 503 when the lookup fails for now. */
async function assertPublicTarget(url: string, allowLocal: boolean, resolveHost: ResolveHost): Promise<void> {
  const judged = judgeTarget(url, allowLocal, WEBHOOK_URL);
  if (!judged.ok) throw badRequest(judged.problem, "invalid_url");
  if (judged.target.kind === "local") return;
  const resolution = await resolvePublic(judged.target.host, resolveHost);
  if (resolution.ok) return;
  if ("refused" in resolution || resolution.notFound)
    throw badRequest("url must be a public webhook receiver, resolving to public addresses only", "invalid_url");
  throw new AppError(
    503,
    "webhook_unresolved",
    "The receiver's name could not be looked up just now. Try again in a minute.",
    {
      "Retry-After": "30",
    },
  );
}

/** Adds a webhook to a league (its admins; at most MAX_WEBHOOKS); the answer shows its secret, once. Audited. */
export async function createWebhook(
  db: Db,
  now: Date,
  config: Pick<Config, "webhookLocalTargets">,
  actor: { id: number; label: string },
  leagueId: number,
  body: CreateWebhookBody,
  resolveHost: ResolveHost,
): Promise<CreatedWebhook> {
  await seatIn(db, leagueId, actor.id, "manageWebhooks");
  const events = WEBHOOK_EVENTS.filter((e) => body.events.includes(e));
  await assertPublicTarget(body.url, config.webhookLocalTargets, resolveHost);
  const secret = `whsec_${randomToken(24)}`;
  const id = await transaction(db, { exclusive: [["league-webhooks", leagueId]] }, async (trx) => {
    if ((await repo.countWebhooks(trx, leagueId)) >= MAX_WEBHOOKS)
      throw conflict(`A league has at most ${MAX_WEBHOOKS} webhooks: remove one first`, "too_many_webhooks");
    const { id } = await repo.insertWebhook(trx, {
      league_id: leagueId,
      kind: body.kind,
      url: body.url,
      secret,
      events: events.join(","),
      created_by: actor.id,
      created_at: now.toISOString(),
      disabled_at: null,
      disabled_reason: null,
    });
    await audit.record(trx, now, actor, "webhook.create", `league:${leagueId}`, {
      webhook: id,
      kind: body.kind,
      url: maskedUrl(body.url),
      events,
    });
    return id;
  });
  return { id, secret };
}

/** A league's webhooks with their latest deliveries (its admins): the league page's delivery log. */
export async function leagueWebhooks(db: Db, viewerId: number, leagueId: number): Promise<LeagueWebhook[]> {
  await seatIn(db, leagueId, viewerId, "manageWebhooks");
  const hooks = await repo.webhooksOf(db, leagueId);
  const deliveries = Map.groupBy(
    await repo.latestDeliveries(
      db,
      hooks.map((h) => h.id),
      LOG_SIZE,
    ),
    (d) => d.webhook_id,
  );
  return hooks.map((hook) => ({
    id: hook.id,
    kind: hook.kind,
    url: maskedUrl(hook.url),
    events: eventsOf(hook),
    createdAt: hook.created_at,
    status: hook.disabled_at === null ? "active" : "disabled",
    disabledReason: hook.disabled_reason,
    deliveries: (deliveries.get(hook.id) ?? []).map((d) => ({
      id: d.id,
      event: d.event as WebhookEvent,
      status: d.status,
      attempts: d.attempts,
      lastStatus: d.last_status,
      lastError: d.last_error,
      createdAt: d.created_at,
      sentAt: d.sent_at,
      nextAttemptAt: d.status === "pending" ? d.due_at : null,
    })),
  }));
}

/** Removes a webhook (its admins), with its log. Audited. */
export async function deleteWebhook(
  db: Db,
  now: Date,
  actor: { id: number; label: string },
  leagueId: number,
  webhookId: number,
): Promise<{ message: string }> {
  await seatIn(db, leagueId, actor.id, "manageWebhooks");
  await transaction(db, { exclusive: [["league-webhooks", leagueId]] }, async (trx) => {
    if (!(await repo.deleteWebhook(trx, leagueId, webhookId))) throw notFound("No such webhook", "webhook_not_found");
    await audit.record(trx, now, actor, "webhook.delete", `league:${leagueId}`, { webhook: webhookId });
  });
  return { message: "Webhook removed" };
}

/** The bell's entries: webhooks of leagues the player runs that were turned off since `since`. */
export async function webhookNotifications(
  db: Db,
  userId: number,
  since: string,
): Promise<Omit<Notification, "unread">[]> {
  const leagueIds = await leagueIdsOf(db, userId);
  const items: Omit<Notification, "unread">[] = [];
  for (const hook of await repo.disabledSince(db, leagueIds, since)) {
    const league = await leagueMembers(db, hook.league_id);
    if (!league?.adminIds.includes(userId)) continue;
    items.push({
      id: `webhook-${hook.id}`,
      type: "webhook_disabled",
      title: `A webhook of ${league.name} was turned off`,
      body: `${maskedUrl(hook.url)} failed ${hook.failures} times in a row (${hook.disabled_reason ?? "no answer"}). Remove it and add it again once it works.`,
      at: hook.disabled_at!,
      link: `/leagues?league=${hook.league_id}`,
    });
  }
  return items;
}
