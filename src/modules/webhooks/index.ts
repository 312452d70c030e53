import { Elysia, t } from "elysia";
import type { Config } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import { type ResolveHost, systemResolver } from "../../lib/outbound-network.ts";
import type { Db } from "../../runtime/index.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import { CreatedWebhook, LeagueWebhook } from "../../shared/contract/webhooks.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { CreateWebhookBody, LeagueParams, WebhookParams } from "./model.ts";
import * as service from "./service.ts";

/** League webhooks (issue 47 item 2): a league's admins add, list (with the delivery log) and remove them. */
export function webhooksRoutes({
  db,
  clock,
  config,
  auth,
  resolveHost = systemResolver,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthPlugin;
  resolveHost?: ResolveHost;
}) {
  const actor = (user: { id: number; username: string }) => ({ id: user.id, label: user.username });
  return new Elysia({ name: "webhooks", prefix: "/api", tags: ["Leagues"] })
    .use(auth)
    .get("/leagues/:id/webhooks", ({ params, user }) => service.leagueWebhooks(db, user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: {
        summary: "A league's webhooks with their latest deliveries (its admins)",
        operationId: "listLeagueWebhooks",
      },
      response: { 200: t.Array(LeagueWebhook) },
    })
    .post(
      "/leagues/:id/webhooks",
      async ({ params, body, user, set }) => {
        const created = await service.createWebhook(db, clock.now(), config, actor(user), params.id, body, resolveHost);
        set.status = 201;
        return created;
      },
      {
        auth: true,
        params: LeagueParams,
        body: CreateWebhookBody,
        detail: {
          summary:
            "Add a Discord, Slack or signed-JSON webhook to a league (its admins, at most 3); the secret is shown once",
          operationId: "createLeagueWebhook",
        },
        response: { 201: CreatedWebhook },
      },
    )
    .delete(
      "/leagues/:id/webhooks/:webhookId",
      ({ params, user }) => service.deleteWebhook(db, clock.now(), actor(user), params.id, params.webhookId),
      {
        auth: true,
        params: WebhookParams,
        detail: { summary: "Remove a league's webhook (its admins)", operationId: "deleteLeagueWebhook" },
        response: { 200: MessageResponse },
      },
    );
}
