import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import { EmptyBody } from "../../http/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../runtime/index.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import {
  PushDevice,
  PushDevices,
  PushPreferences,
  PushPublicKey,
  PushTestResult,
  SavedPushPreferences,
} from "../../shared/contract/push.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { sessionHash, sessionLiveUntil } from "../auth/service.ts";
import { SubscriptionBody, SubscriptionParams } from "./model.ts";
import { type ResolveHost, systemResolver } from "../../lib/outbound-network.ts";
import * as service from "./service.ts";

/**
 * Web Push: the server's public key, a player's devices, what they want pushed, a test push (issue 31).
 * `resolveHost` looks push services' names up (the system's resolver unless a test gives its own).
 */
export function pushRoutes({
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
  return new Elysia({ name: "push", prefix: "/api/push", tags: ["Push"] })
    .use(auth)
    .get("/public-key", async () => ({ publicKey: (await service.vapidKeys(db, config, clock.now())).publicKey }), {
      detail: { summary: "The VAPID public key a browser subscribes with", operationId: "getPushPublicKey" },
      response: { 200: PushPublicKey },
    })
    .get("/subscriptions", ({ user }) => service.devices(db, clock.now(), user.id), {
      auth: true,
      detail: { summary: "One's devices with push on", operationId: "listPushSubscriptions" },
      response: { 200: PushDevices },
    })
    .post(
      "/subscriptions",
      async ({ user, sessionToken, body, set }) => {
        const session = {
          hash: sessionHash(sessionToken),
          liveUntil: (trx: Db) => sessionLiveUntil(trx, sessionToken, clock.now()),
        };
        const device = await service.subscribe(db, config, clock.now(), user.id, session, body, resolveHost);
        set.status = 201;
        return device;
      },
      {
        auth: true,
        body: SubscriptionBody,
        detail: {
          summary: "Turn push on for this browser (its PushSubscription, as toJSON() gives it)",
          operationId: "createPushSubscription",
        },
        response: { 201: PushDevice },
      },
    )
    .delete("/subscriptions/:id", ({ user, params }) => service.unsubscribe(db, user.id, params.id), {
      auth: true,
      params: SubscriptionParams,
      detail: { summary: "Turn push off for one of one's devices", operationId: "deletePushSubscription" },
      response: { 200: MessageResponse },
    })
    .get("/preferences", ({ user }) => service.preferences(db, user.id), {
      auth: true,
      detail: { summary: "What one wants pushed, how often and when not", operationId: "getPushPreferences" },
      response: { 200: SavedPushPreferences },
    })
    .put("/preferences", ({ user, body }) => service.savePreferences(db, clock.now(), user.id, body), {
      auth: true,
      body: PushPreferences,
      detail: { summary: "Choose what is pushed, the daily cap and quiet hours", operationId: "setPushPreferences" },
      response: { 200: SavedPushPreferences },
    })
    .post(
      "/test",
      async ({ user, set }) => {
        set.status = 202;
        return service.sendTest(db, clock.now(), user.id);
      },
      {
        auth: true,
        body: EmptyBody,
        detail: { summary: "Send a test notification to each of one's devices", operationId: "sendTestPush" },
        response: { 202: PushTestResult },
      },
    );
}
