import { Elysia } from "elysia";
import { sql } from "kysely";
import type { Config } from "./config.ts";
import type { Db } from "./runtime/connection.ts";
import { errorHandler } from "./http/errors.ts";
import { databaseCheck, HealthResponse } from "./http/health.ts";
import { metricsRoute } from "./http/metrics.ts";
import { probeRoutes, readiness } from "./http/probes.ts";
import { DatabaseHealth } from "./runtime/database-health.ts";
import { Metrics, type PoolStats } from "./lib/metrics.ts";
import { openapiRoute } from "./http/openapi.ts";
import { asyncapiRoute } from "./http/asyncapi.ts";
import type { Server } from "bun";
import { fastReadRoutes } from "./http/fast-reads.ts";
import { httpPipeline, requestRecorder } from "./http/pipeline.ts";
import { securityHeaders } from "./http/security.ts";
import { requestIdOf } from "./http/request-id.ts";
import { webRoutes } from "./http/web-assets.ts";
import { firstScreens } from "./http/ssr/index.ts";
import { shareCards } from "./http/ssr/share-card-route.ts";
import { recapCards } from "./http/ssr/recap-card-route.ts";
import type { Clock } from "./lib/clock.ts";
import { notFound } from "./lib/errors.ts";
import type { Logger } from "./lib/logger.ts";
import type { EventBus } from "./runtime/events.ts";
import type { OutboxCursor } from "./runtime/outbox-order.ts";
import type { Mailer } from "./lib/mailer.ts";
import { accountRoutes } from "./modules/account/index.ts";
import { auditRoutes } from "./modules/audit/index.ts";
import { authRoutes } from "./modules/auth/index.ts";
import { authPlugin, type RouteInfo, sessionFirst, sessionUser } from "./modules/auth/plugin.ts";
import { isAdmin } from "./modules/auth/policy.ts";
import { outboxLag } from "./modules/realtime/service.ts";
import { bettingRoutes } from "./modules/betting/index.ts";
import { adminRoutes } from "./modules/admin/index.ts";
import { botsRoutes } from "./modules/bots/index.ts";
import { gamesRoutes } from "./modules/games/index.ts";
import { fastGamesReads, gamesReads } from "./modules/games/reads.ts";
import type { ProviderStatus } from "./modules/feeds/scheduler.ts";
import { leaguesRoutes } from "./modules/leagues/index.ts";
import { socialRoutes } from "./modules/social/index.ts";
import { profilesRoutes } from "./modules/profiles/index.ts";
import { pushRoutes } from "./modules/push/index.ts";
import { tokensRoutes } from "./modules/tokens/index.ts";
import { commentsRoutes } from "./modules/comments/index.ts";
import { webhooksRoutes } from "./modules/webhooks/index.ts";
import { calendarRoutes } from "./modules/calendar/index.ts";
import type { ResolveHost } from "./lib/outbound-network.ts";
import { contestRoutes } from "./modules/contest/index.ts";
import { statsRoutes } from "./modules/stats/index.ts";
import { boardReads } from "./modules/stats/reads.ts";
import type { SocketHub } from "./modules/realtime/hub.ts";
import { MAX_CLIENT_MESSAGE, realtimeRoutes } from "./modules/realtime/index.ts";
import { wireModules } from "./wiring.ts";

/** What the app is built from: src/runtime/start.ts (startRuntime) makes them, for serve and the tests alike. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  bus: EventBus;
  hub: SocketHub;
  /** Sends password-reset mail; null or absent without SMTP. */
  mailer?: Mailer | null;
  /** Shared with serve's background jobs; a fresh set when absent. */
  metrics?: Metrics;
  /** The odds provider's sync state for GET /api/health; serve passes its scheduler's. */
  providerStatus?: () => ProviderStatus;
  /** True once serve got SIGTERM: /readyz answers 503 while the last requests finish. */
  draining?: () => boolean;
  /** The PostgreSQL pool's counts for /metrics; absent on SQLite. */
  poolStats?: () => PoolStats;
  /** What the process's statements found of the database (runtime/database-health.ts); a fresh one when absent. */
  health?: DatabaseHealth;
  /** Where this process's outbox delivery got to (the lag on /metrics counts from it). */
  outboxCursor?: () => OutboxCursor | null;
  /** Whether the database's storage is this process's alone (SQLite): writes failing for it make /readyz 503. */
  ownStorage?: boolean;
  /** Looks push services' names up (lib/outbound-network.ts); the system's resolver when absent. */
  resolveHost?: ResolveHost;
}

/** The whole HTTP app: API modules, the live channel and the browser app. */
export function createApp(deps: AppDeps) {
  wireModules();
  const { config, db, clock, logger, hub } = deps;
  // Routes are read on first use, once all are registered: a bearer token's scope depends on the route.
  const auth = authPlugin({ ...deps, routes: (): RouteInfo[] => app.routes as unknown as RouteInfo[] });
  const databaseAnswers = databaseCheck(() => sql`select 1`.execute(db));
  const metrics = deps.metrics ?? new Metrics();
  const health = deps.health ?? new DatabaseHealth();
  const ready = readiness({
    db,
    health,
    draining: deps.draining ?? (() => false),
    storageBlocksReadiness: deps.ownStorage ?? false,
  });

  const games = gamesReads(db, clock);
  const boards = boardReads(deps);
  const fastReads = fastReadRoutes(fastGamesReads(games), {
    headers: securityHeaders(config),
    fallback: (request, server) =>
      (app.fetch as (request: Request, server: Server<unknown>) => Response | Promise<Response>)(request, server),
    record: requestRecorder({ logger, metrics, trustProxy: config.trustProxy }),
    requestId: (request) => requestIdOf(request, config.trustProxy),
  });
  const app = new Elysia({
    // Reject unknown fields (additionalProperties: false) instead of silently dropping them.
    normalize: false,
    // Far above BODY_LIMIT on purpose: our pipeline answers oversized bodies (by Content-Length, or
    // by counting a chunked body as it reads) with JSON and our headers; Bun's own 413 has neither.
    // The Games screen's reads take Bun's router straight to their cached answers (http/fast-reads.ts).
    serve: { maxRequestBodySize: 2 ** 40, routes: fastReads },
    // Bun pings sockets idle this long and closes those that do not answer.
    websocket: { idleTimeout: 60, sendPings: true, maxPayloadLength: MAX_CLIENT_MESSAGE },
  })
    .use(errorHandler(logger, config))
    .use(
      httpPipeline({
        ...deps,
        metrics,
        sessionFirst: sessionFirst(deps, (): RouteInfo[] => app.routes as unknown as RouteInfo[]),
      }),
    )
    .use(
      metricsRoute({
        metrics,
        token: config.metricsToken,
        isAdmin: async (request) => isAdmin(await sessionUser(db, clock, config, request)),
        refresh: async () => {
          const { notReady, database } = await ready();
          metrics.ready.set(notReady ? 0 : 1);
          metrics.databaseReachable.set(database === "reachable" ? 1 : 0);
          metrics.storageWritable.set(health.storageProblem ? 0 : 1);
          metrics.sockets.set(hub.size);
          // Unknown while the database does not answer: the gauge keeps its last value.
          await outboxLag(db, deps.outboxCursor?.()).then(
            (lag) => metrics.outboxLag.set(lag),
            () => {},
          );
          metrics.setPool(deps.poolStats?.() ?? null);
          const provider = deps.providerStatus?.();
          metrics.setOddsQuota(provider?.name ?? "", provider?.requestsRemaining);
        },
      }),
    )
    .use(probeRoutes({ ready }))
    // The database decides the status; a failing odds provider is reported, not fatal: the app
    // keeps serving the last good data.
    .get(
      "/api/health",
      async ({ set }) => {
        const provider = deps.providerStatus ? { provider: deps.providerStatus() } : {};
        if (await databaseAnswers()) return { status: "ok", ...provider };
        set.status = 503;
        return { status: "unavailable", ...provider };
      },
      {
        detail: {
          summary: "Health: the database answers, and how the odds provider fares",
          operationId: "getHealth",
          tags: ["Service"],
        },
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    )
    .use(
      authRoutes({
        ...deps,
        auth,
        mailer: deps.mailer ?? null,
        onSessionsEnded: (ended) => hub.endSessions(ended),
      }),
    )
    .use(accountRoutes({ ...deps, auth, onSessionsEnded: (ended) => hub.endSessions(ended) }))
    .use(gamesRoutes({ ...deps, auth, reads: games }))
    .use(bettingRoutes({ ...deps, auth, metrics }))
    .use(statsRoutes({ ...deps, auth, games, boards }))
    .use(contestRoutes({ ...deps, auth }))
    .use(leaguesRoutes({ ...deps, auth }))
    .use(commentsRoutes({ ...deps, auth }))
    .use(webhooksRoutes({ ...deps, auth }))
    .use(socialRoutes({ ...deps, auth }))
    .use(profilesRoutes({ ...deps, auth }))
    .use(pushRoutes({ ...deps, auth }))
    .use(tokensRoutes({ ...deps, auth }))
    .use(calendarRoutes({ ...deps, auth }))
    .use(botsRoutes({ ...deps, auth }))
    .use(adminRoutes({ ...deps, auth }))
    .use(auditRoutes({ ...deps, auth }))
    .use(realtimeRoutes(deps))
    .use(openapiRoute())
    .use(asyncapiRoute())
    .all("/api/*", () => {
      throw notFound("No such API route", "no_route");
    })
    .use(
      webRoutes({
        renderPage: firstScreens({ ...deps, games, boards }),
        shareCard: shareCards(deps),
        recapCard: recapCards(deps),
        logger,
      }),
    );
  // Odds updates reach every open socket through Bun's native pub/sub, not a loop in JS.
  hub.publishThrough({ publish: (topic, data) => app.server?.publish(topic, data) });
  return app;
}

export type App = ReturnType<typeof createApp>;
