import { Elysia, t } from "elysia";
import { type Db, unavailableCode } from "../../runtime/index.ts";
import type { Metrics } from "../../lib/metrics.ts";
import { AppError } from "../../lib/errors.ts";
import { sessionMark } from "../../http/session-cookie.ts";
import { SESSION_MARK_HEADER } from "../../shared/session-hint.ts";
import { ABUSE_LIMITS, RateLimiter } from "../../http/rate-limit.ts";
import { IdempotencyKeyHeader, IdempotencyKeys } from "../../http/idempotency.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { currentSeason } from "../games/service.ts";
import { Bet, BetsSummary, CancelledBet, Coverage } from "../../shared/contract/betting.ts";
import {
  BetListQuery,
  BetParams,
  NoteBody,
  PlaceBetBody,
  PlaceParlayBody,
  UserParams,
  UserWeekParams,
} from "./model.ts";
import { placeParlay } from "./parlays.ts";
import type { Admit, InCommit } from "./placement.ts";
import * as service from "./service.ts";
import { playerWeekStatus } from "../contest/service.ts";
import type { Config } from "../../config.ts";

/** Why a placement was refused, for npt_bets_refused_total: the code its answer carries. */
function refusalReason(error: unknown): string {
  if (error instanceof AppError) return error.code;
  return unavailableCode(error) ?? "internal";
}

/** Placing bets and parlays, a player's bets, and journal notes (spec §7). */
export function bettingRoutes({
  db,
  clock,
  auth,
  config,
  metrics,
}: {
  db: Db;
  clock: Clock;
  auth: AuthPlugin;
  config: Pick<Config, "adminEmails">;
  metrics?: Metrics;
}) {
  const placements = new RateLimiter(db, "bet-placements", ABUSE_LIMITS.betPlacements, 60_000, clock);
  /**
   * A placement counts against the player's budget inside its own commit (no extra write). A refused
   * one (stale price, started game…) rolls that count back, so it is counted again on its own: a
   * script hammering refusals is limited like one placing bets.
   */
  const withinBudget = async <T>(
    kind: "single" | "parlay",
    userId: number,
    record: InCommit<T>["record"],
    place: (inCommit: InCommit<T>) => Promise<T>,
  ): Promise<T> => {
    const key = `user:${userId}`;
    const admit: Admit = (trx) => placements.hit(key, trx);
    try {
      const placed = await place({ admit, record });
      metrics?.betsPlaced.inc({ kind });
      return placed;
    } catch (error) {
      metrics?.betsRefused.inc({ kind, reason: refusalReason(error) });
      if (error instanceof AppError && error.status >= 400 && error.status < 500 && error.status !== 429)
        await placements.hit(key).catch(() => {});
      throw error;
    }
  };
  // A retry of a placement or a cancellation with its Idempotency-Key gets the first answer (http/idempotency.ts).
  const keys = new IdempotencyKeys(db, clock);
  const keyed = (
    request: Request,
    userId: number,
    headers: { "idempotency-key"?: string },
    status: number,
    body?: unknown,
  ) => ({ userId, key: headers["idempotency-key"], request, body, status }) as const;
  return new Elysia({ name: "betting", prefix: "/api", tags: ["Bets"] })
    .use(auth)
    .post(
      "/bets",
      async ({ body, user, set, request, headers }) => {
        set.status = 201;
        return keys.once(keyed(request, user.id, headers, 201, body), set, (record) =>
          withinBudget("single", user.id, record, (inCommit) =>
            service.placeBet(db, clock.now(), user.id, body, inCommit),
          ),
        );
      },
      {
        auth: true,
        headers: IdempotencyKeyHeader,
        body: PlaceBetBody,
        detail: { summary: "Place a bet", operationId: "placeBet" },
        response: { 201: Bet },
      },
    )
    .post(
      "/parlays",
      async ({ body, user, set, request, headers }) => {
        set.status = 201;
        return keys.once(keyed(request, user.id, headers, 201, body), set, (record) =>
          withinBudget("parlay", user.id, record, (inCommit) => placeParlay(db, clock.now(), user.id, body, inCommit)),
        );
      },
      {
        auth: true,
        headers: IdempotencyKeyHeader,
        body: PlaceParlayBody,
        detail: { summary: "Place a parlay", operationId: "placeParlay" },
        response: { 201: Bet },
      },
    )
    .get(
      "/users/:userId/bets",
      ({ params, query, user, sessionToken, set }) => {
        // Whose answer this is, for the service worker: My Bets offline is this session's own (issue 46 item 7).
        set.headers[SESSION_MARK_HEADER] = sessionMark(sessionToken);
        return service.listFilteredBets(db, user.id, params.userId, query);
      },
      {
        auth: true,
        params: UserParams,
        query: BetListQuery,
        detail: { summary: "List one's bets", operationId: "listUserBets" },
        response: { 200: t.Array(Bet) },
      },
    )
    .get(
      "/users/:userId/bets/summary",
      ({ params, user, sessionToken, set }) => {
        set.headers[SESSION_MARK_HEADER] = sessionMark(sessionToken);
        return service.betsSummary(db, user.id, params.userId);
      },
      {
        auth: true,
        params: UserParams,
        detail: { summary: "One's bets in figures: counts and totals by status", operationId: "getBetsSummary" },
        response: { 200: BetsSummary },
      },
    )
    .delete(
      "/bets/:betId",
      ({ params, user, request, headers, set }) =>
        keys.once<typeof CancelledBet.static>(keyed(request, user.id, headers, 200), set, (record) =>
          service.cancelBet(db, clock.now(), user.id, params.betId, { record }),
        ),
      {
        auth: true,
        headers: IdempotencyKeyHeader,
        params: BetParams,
        detail: { summary: "Cancel a pending bet before kick-off", operationId: "cancelBet" },
        response: { 200: CancelledBet },
      },
    )
    .get(
      "/users/:userId/bets/week/:week",
      async ({ params, user }) =>
        service.listWeekBets(db, user.id, params.userId, await currentSeason(db, clock.now()), params.week),
      {
        auth: true,
        params: UserWeekParams,
        detail: { summary: "List one's bets on a week's games", operationId: "listWeekBets" },
        response: { 200: t.Array(Bet) },
      },
    )
    .get(
      "/users/:userId/coverage/week/:week",
      async ({ params, user }) => {
        const now = clock.now();
        const season = await currentSeason(db, now);
        const coverage = await service.weekCoverage(db, user.id, params.userId, season, params.week);
        const contest = await playerWeekStatus(db, now, params.userId, season, params.week, config.adminEmails);
        return { ...coverage, eligible: contest.state === "eligible", contest };
      },
      {
        auth: true,
        params: UserWeekParams,
        detail: { summary: "Which of a week's games one has bet on", operationId: "getWeekCoverage" },
        response: { 200: Coverage },
      },
    )
    .patch("/bets/:betId/note", ({ params, body, user }) => service.updateNote(db, user.id, params.betId, body.note), {
      auth: true,
      params: BetParams,
      body: NoteBody,
      detail: { summary: "Write or clear a bet's note", operationId: "updateBetNote" },
      response: { 200: Bet },
    });
}
