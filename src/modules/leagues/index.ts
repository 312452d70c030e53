import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { ABUSE_LIMITS, RateLimiter } from "../../http/rate-limit.ts";
import { EmptyBody, idNumber, wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "../../shared/games.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import {
  Invitation,
  InviteLink,
  InvitePreview,
  JoinedLeague,
  League,
  LeagueDetails,
  LeagueStandings,
  LeagueSummary,
} from "../../shared/contract/leagues.ts";
import {
  AppointAdminBody,
  CorrectionBody,
  CreateLeagueBody,
  FeedQuery,
  InviteBody,
  LeagueParams,
  LeaguesQuery,
  periodWeek,
  PoolParams,
  PoolSheetBody,
  StandingsParams,
  TokenParams,
  UpdateLeagueBody,
  UserIdBody,
} from "./model.ts";
import { CREATION_LIMITS } from "./rules.ts";
import * as service from "./service.ts";
import { leagueFeed, leagueSweat } from "./feed.ts";
import { LeagueFeed, LeagueSweat, LeagueWeekPicks } from "../../shared/contract/league-feed.ts";
import { leagueWeekPicks } from "./week-picks.ts";
import { leagueRecap } from "./recap.ts";
import { LeagueRecap } from "../../shared/contract/league-recap.ts";
import { LeagueHistory } from "../../shared/contract/league-history.ts";
import { PoolPick, PoolSheet, PoolStandings } from "../../shared/contract/pools.ts";
import { correctLeaguePoolPick, leaguePoolSheet, saveLeaguePoolSheet } from "./pool.ts";

const HOUR_MS = 3_600_000;

/** Where the page after this one is: the same query with the next cursor. */
function nextPageLink(query: LeaguesQuery, cursor: number): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set("limit", String(query.limit));
  if (query.scope !== undefined) params.set("scope", query.scope);
  params.set("cursor", String(cursor));
  return `</api/leagues?${params}>; rel="next"`;
}

const UserParams = t.Object({ userId: idNumber("userId") });
const MemberParams = t.Object({ ...LeagueParams.properties, ...UserParams.properties });
const RecapParams = t.Object({ ...LeagueParams.properties, week: wholeNumber("week", 1, WEEKS) });

/** Leagues, memberships and invitations (spec §7), with the server enforcing spec §6's league roles. */
export function leaguesRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  const invitations = new RateLimiter(db, "invitations", ABUSE_LIMITS.invitations, 60_000, clock);
  const creations = new RateLimiter(db, "league-creations", CREATION_LIMITS.perHour, HOUR_MS, clock);
  return new Elysia({ name: "leagues", prefix: "/api", tags: ["Leagues"] })
    .use(auth)
    .get(
      "/leagues",
      async ({ query, user, set }) => {
        const { leagues, nextCursor } = await service.listLeagues(db, user.id, query);
        if (nextCursor !== null) {
          set.headers["x-next-cursor"] = String(nextCursor);
          set.headers.link = nextPageLink(query, nextCursor);
        }
        return leagues;
      },
      {
        auth: true,
        query: LeaguesQuery,
        detail: { summary: "List leagues", operationId: "listLeagues" },
        response: { 200: t.Array(LeagueSummary) },
      },
    )
    .get("/leagues/:id", ({ params, user }) => service.leagueDetails(db, user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: { summary: "A league with its members and standings", operationId: "getLeague" },
      response: { 200: LeagueDetails },
    })
    .get(
      "/picks/league/:id",
      ({ params, query, user }) => leagueFeed(db, clock.now(), user.id, params.id, query.cursor),
      {
        auth: true,
        params: LeagueParams,
        query: FeedQuery,
        detail: { summary: "A league's revealed picks, newest first (members only)", operationId: "getLeagueFeed" },
        response: { 200: LeagueFeed },
      },
    )
    .get(
      "/recap/league/:id/week/:week",
      ({ params, user }) => leagueRecap(db, clock.now(), user.id, params.id, params.week),
      {
        auth: true,
        params: RecapParams,
        detail: {
          summary:
            "A league's week in review once its games are final: winner, highlights, tail records (members only)",
          operationId: "getLeagueRecap",
        },
        response: { 200: LeagueRecap },
      },
    )
    .get("/picks/league/:id/sweat", ({ params, user }) => leagueSweat(db, clock.now(), user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: {
        summary: "The current week's revealed picks still in play, for the sweat room (members only)",
        operationId: "getLeagueSweat",
      },
      response: { 200: LeagueSweat },
    })
    .get("/picks/league/:id/week", ({ params, user }) => leagueWeekPicks(db, clock.now(), user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: {
        summary:
          "Who has picked each of the current week's open games, and when a pick not shown yet will be (members only)",
        operationId: "getLeagueWeekPicks",
      },
      response: { 200: LeagueWeekPicks },
    })
    .get("/preview/league/:id", ({ params, viewer }) => service.leaguePreview(db, viewer?.id ?? null, params.id), {
      viewer: true,
      params: LeagueParams,
      detail: {
        summary:
          "What a league's page shows someone not in it, signed in or not: its name, rules, commissioner and size (public leagues; a private one only to its members and invited players)",
        operationId: "getLeaguePreview",
      },
      response: { 200: InvitePreview },
    })
    .get(
      "/history/league/:id",
      ({ params, query, user }) => service.leagueHistory(db, user.id, params.id, query.cursor),
      {
        auth: true,
        params: LeagueParams,
        query: FeedQuery,
        detail: {
          summary: "A league's history, newest first: rule and reveal changes, joins, leaves, admins (members only)",
          operationId: "getLeagueHistory",
        },
        response: { 200: LeagueHistory },
      },
    )
    .get(
      "/leagues/:id/standings/:period",
      ({ params, user }) => service.leagueStandings(db, clock.now(), user.id, params.id, periodWeek(params.period)),
      {
        auth: true,
        params: StandingsParams,
        detail: {
          summary:
            "A league's standings for its season or one week of the current season: its bets ranked by its scoring, or its pool's (points, survivors)",
          operationId: "getLeagueStandings",
        },
        response: { 200: t.Union([LeagueStandings, PoolStandings]) },
      },
    )
    .get(
      "/leagues/:id/pool/:week",
      ({ params, user }) => leaguePoolSheet(db, clock.now(), user.id, params.id, params.week),
      {
        auth: true,
        params: PoolParams,
        detail: {
          summary: "A week's pick sheet: the caller's picks, and the others' once locked (members of a pool)",
          operationId: "getPoolSheet",
        },
        response: { 200: PoolSheet },
      },
    )
    .put(
      "/leagues/:id/pool/:week",
      ({ params, body, user }) => saveLeaguePoolSheet(db, clock.now(), user.id, params.id, params.week, body),
      {
        auth: true,
        params: PoolParams,
        body: PoolSheetBody,
        detail: {
          summary:
            "Save the caller's picks for a week: open games' picks as sent, locked ones as they were (members of a pool)",
          operationId: "savePoolSheet",
        },
        response: { 200: PoolSheet },
      },
    )
    .post(
      "/leagues/:id/pool/:week/corrections",
      ({ params, body, user }) => correctLeaguePoolPick(db, clock.now(), user.id, params.id, params.week, body),
      {
        auth: true,
        params: PoolParams,
        body: CorrectionBody,
        detail: {
          summary: "Correct a member's pick on one game, before its lock or after a mistake (the league's admins)",
          operationId: "correctPoolPick",
        },
        response: { 200: PoolPick },
      },
    )
    .post(
      "/leagues",
      async ({ body, user, set }) => {
        set.status = 201;
        return service.createLeague(db, clock.now(), user.id, body, () => creations.hit(`user:${user.id}`));
      },
      {
        auth: true,
        body: CreateLeagueBody,
        detail: { summary: "Create a league", operationId: "createLeague" },
        response: { 201: League },
      },
    )
    .put(
      "/leagues/:id",
      ({ params, body, user }) =>
        service.updateLeague(db, clock.now(), { id: user.id, label: user.username }, params.id, body),
      {
        auth: true,
        params: LeagueParams,
        body: UpdateLeagueBody,
        detail: { summary: "Edit a league (its admins)", operationId: "updateLeague" },
        response: { 200: League },
      },
    )
    .post(
      "/leagues/:id/join",
      ({ params, body, user }) => service.joinLeague(db, clock.now(), user.id, params.id, body.userId),
      {
        auth: true,
        params: LeagueParams,
        body: UserIdBody,
        detail: { summary: "Join a public league", operationId: "joinLeague" },
        response: { 200: League },
      },
    )
    .delete(
      "/leagues/:id/leave",
      ({ params, body, user }) => service.leaveLeague(db, clock.now(), user.id, params.id, body.userId),
      {
        auth: true,
        params: LeagueParams,
        body: UserIdBody,
        detail: { summary: "Leave a league", operationId: "leaveLeague" },
        response: { 200: MessageResponse },
      },
    )
    .delete("/leagues/:id", ({ params, user }) => service.deleteLeague(db, user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: { summary: "Delete a league (its admins)", operationId: "deleteLeague" },
      response: { 200: MessageResponse },
    })
    .delete(
      "/leagues/:id/members/:userId",
      ({ params, user }) => service.removeMember(db, clock.now(), user.id, params.id, params.userId),
      {
        auth: true,
        params: MemberParams,
        detail: { summary: "Remove a member from a league (its admins)", operationId: "removeLeagueMember" },
        response: { 200: League },
      },
    )
    .post(
      "/leagues/:id/admins/:userId",
      ({ params, body, user }) =>
        service.appointAdmin(db, clock.now(), user.id, params.id, params.userId, body.stepDown),
      {
        auth: true,
        params: MemberParams,
        body: AppointAdminBody,
        detail: { summary: "Make a member an admin of the league (its admins)", operationId: "appointLeagueAdmin" },
        response: { 200: League },
      },
    )
    .post(
      "/leagues/:id/invite",
      async ({ params, body, user }) => {
        await invitations.hit(`user:${user.id}`);
        return service.invite(db, clock.now(), user.id, params.id, body);
      },
      {
        auth: true,
        params: LeagueParams,
        body: InviteBody,
        detail: { summary: "Invite a player to a league", operationId: "inviteToLeague" },
        response: { 200: Invitation },
      },
    )
    .get("/leagues/:id/invite-link", ({ params, user }) => service.inviteToken(db, user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: { summary: "A league's invite link (members)", operationId: "getLeagueInviteLink" },
      response: { 200: InviteLink },
    })
    .post("/leagues/:id/invite-link", ({ params, user }) => service.rotateInviteToken(db, user.id, params.id), {
      auth: true,
      params: LeagueParams,
      body: EmptyBody,
      detail: { summary: "Replace a league's invite link (its admins)", operationId: "rotateLeagueInviteLink" },
      response: { 200: InviteLink },
    })
    .get("/invites/:token", ({ params }) => service.invitePreview(db, params.token), {
      params: TokenParams,
      detail: { summary: "What an invite link leads to", operationId: "getInvitePreview" },
      response: { 200: InvitePreview },
    })
    .post(
      "/leagues/join-by-token/:token",
      ({ params, user }) => service.joinByToken(db, clock.now(), user.id, params.token),
      {
        auth: true,
        params: TokenParams,
        body: EmptyBody,
        detail: { summary: "Join a league by its invite link", operationId: "joinLeagueByToken" },
        response: { 200: JoinedLeague },
      },
    )
    .get("/invitations/league/:id", ({ params, user }) => service.leagueInvitations(db, user.id, params.id), {
      auth: true,
      params: LeagueParams,
      detail: { summary: "A league's invitations", operationId: "listLeagueInvitations" },
      response: { 200: t.Array(Invitation) },
    })
    .get("/users/:userId/invitations", ({ params, user }) => service.myInvitations(db, user.id, params.userId), {
      auth: true,
      params: UserParams,
      detail: { summary: "One's league invitations", operationId: "listUserInvitations" },
      response: { 200: t.Array(Invitation) },
    })
    .get("/users/:userId/leagues", ({ params, user }) => service.leaguesOf(db, user.id, params.userId), {
      auth: true,
      params: UserParams,
      detail: { summary: "One's leagues", operationId: "listUserLeagues" },
      response: { 200: t.Array(League) },
    })
    .post(
      "/admin/leagues/:id/admins/:userId",
      ({ params, user }) =>
        service.assignLeagueAdmin(db, clock.now(), { id: user.id, label: user.username }, params.id, params.userId),
      {
        admin: true,
        params: MemberParams,
        body: EmptyBody,
        detail: { summary: "Make a member a league's admin (site admins)", operationId: "assignLeagueAdmin" },
        response: { 200: League },
      },
    )
    .post(
      "/invitations/:id/accept",
      ({ params, body, user }) =>
        service.answerInvitation(db, clock.now(), user.id, params.id, body.userId, "accepted"),
      {
        auth: true,
        params: LeagueParams,
        body: UserIdBody,
        detail: { summary: "Accept a league invitation", operationId: "acceptInvitation" },
        response: { 200: Invitation },
      },
    )
    .post(
      "/invitations/:id/decline",
      ({ params, body, user }) =>
        service.answerInvitation(db, clock.now(), user.id, params.id, body.userId, "declined"),
      {
        auth: true,
        params: LeagueParams,
        body: UserIdBody,
        detail: { summary: "Decline a league invitation", operationId: "declineInvitation" },
        response: { 200: Invitation },
      },
    );
}
