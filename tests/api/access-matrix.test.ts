/**
 * Every route × every kind of caller, with the status each must get (issue: hardening). A route
 * added to the app without a row here makes the first test fail.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  buildBet,
  buildFriendship,
  buildInvitation,
  buildLeague,
  type BuiltUser,
  SEASON_EVE,
  seededSeason,
} from "../factories.ts";
import { snapshotDatabase, type Snapshot } from "../databases.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

const CALLERS = ["anonymous", "owner", "other", "member", "leagueAdmin", "friend", "siteAdmin"] as const;
type Caller = (typeof CALLERS)[number];

interface World {
  ctx: TestContext;
  people: Record<Exclude<Caller, "anonymous">, BuiltUser>;
  invitee: BuiltUser;
  leagueId: number;
  publicLeagueId: number;
  /** A private pick'em pool: leagueAdmin's, member in it, owner invited. */
  poolId: number;
  inviteToken: string;
  invitationId: number;
  friendRequestId: number;
  betId: number;
  pushDeviceId: number;
  tokenId: number;
  commentId: number;
  webhookId: number;
  calendarPath: string;
}

const ENV = { ADMIN_EMAILS: "site@example.com" };
/** Push services' names resolve to a public address (there is no DNS in tests). */
const RUNTIME = { resolveHost: async () => ["142.250.74.106"] };

/** A small world where each caller has their part: owner's bet, a private league, a friendship, pending requests. */
async function world(): Promise<World> {
  const { ctx, people } = await seededSeason({
    env: ENV,
    runtime: RUNTIME,
    people: {
      owner: { username: "owner" },
      other: { username: "other" },
      member: { username: "member" },
      leagueAdmin: { username: "league_admin" },
      friend: { username: "friend" },
      siteAdmin: { username: "site_admin", email: "site@example.com" },
      invitee: { username: "invitee" },
    },
  });
  const { invitee, ...callers } = people;
  const rules = { allowedBetTypes: ["spread", "total", "moneyline"] as ("spread" | "total" | "moneyline")[] };
  const league = await buildLeague(ctx, people.leagueAdmin, { name: "Private", isPublic: false, rules });
  const publicLeague = await buildLeague(ctx, people.leagueAdmin, { name: "Public", isPublic: true, rules });
  await buildInvitation(ctx, league, people.leagueAdmin, people.member, "accepted");
  const invitationId = (await buildInvitation(ctx, league, people.leagueAdmin, people.owner)).id;
  const pool = await buildLeague(ctx, people.leagueAdmin, { name: "Pool", isPublic: false, rules, format: "pickem" });
  await buildInvitation(ctx, pool, people.leagueAdmin, people.member, "accepted");
  await buildInvitation(ctx, pool, people.leagueAdmin, people.owner);
  await buildFriendship(ctx, people.owner, people.friend);
  const friendRequestId = (await buildFriendship(ctx, people.other, people.owner, { pending: true })).id;
  const betId = (await buildBet(ctx, people.owner, { gameId: "fake-w1-DAL-PHI", selection: "Philadelphia Eagles" })).id;
  const pushDeviceId = (
    await call(ctx.app, "POST", "/api/push/subscriptions", {
      cookie: people.owner.cookie,
      body: pushSubscription("owner"),
    })
  ).body.id as number;
  const tokenId = (
    await call(ctx.app, "POST", "/api/tokens", {
      cookie: people.owner.cookie,
      body: { name: "owner's script", scopes: ["read"] },
    })
  ).body.id as number;
  const commentId = (
    await call(ctx.app, "POST", `/api/leagues/${league.id}/comments`, {
      cookie: people.member.cookie,
      body: { text: "Who's in for week 1?" },
    })
  ).body.id as number;
  await call(ctx.app, "POST", `/api/comments/${commentId}/report`, {
    cookie: people.leagueAdmin.cookie,
    body: { reason: "testing the reports" },
  });
  const webhookId = (
    await call(ctx.app, "POST", `/api/leagues/${league.id}/webhooks`, {
      cookie: people.leagueAdmin.cookie,
      body: { url: "https://hooks.example.org/in", kind: "json", events: ["commissioner_post"] },
    })
  ).body.id as number;
  const calendarPath = new URL(
    (await call(ctx.app, "POST", "/api/user/calendar", { cookie: people.owner.cookie, body: {} })).body.url,
  ).pathname;
  return {
    ctx,
    people: callers,
    invitee,
    leagueId: league.id,
    publicLeagueId: publicLeague.id,
    poolId: pool.id,
    inviteToken: league.inviteToken,
    invitationId,
    friendRequestId,
    betId,
    pushDeviceId,
    tokenId,
    commentId,
    webhookId,
    calendarPath,
  };
}

// A browser's subscription as PushSubscription.toJSON() gives it (a P-256 point and a 16-byte secret).
const pushSubscription = (name: string) => ({
  endpoint: `https://push.example.com/send/${name}`,
  keys: {
    p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
    auth: "BTBZMqHH6r4Tts7J_aSIgg",
  },
});

type Request = [method: string, path: string, body?: unknown];
type Row = {
  request: (w: World, me: BuiltUser | null) => Request;
  expect: Partial<Record<Caller, number>>;
  otherwise: number;
};

const everyone = (status: number): Row["expect"] => Object.fromEntries(CALLERS.map((c) => [c, status]));
const signedIn = (status: number): Row["expect"] => ({ ...everyone(status), anonymous: 401 });
/** Only `who` gets `ok`; other signed-in callers get `denied`; anonymous 401. */
const only = (who: Caller[], ok: number, denied = 403): Row["expect"] => ({
  ...signedIn(denied),
  ...Object.fromEntries(who.map((c) => [c, ok])),
});

/**
 * The private league does not exist for those neither in it nor invited to it (`owner` is invited):
 * 404 as for a missing league, whatever the call.
 */
const notForOutsiders: Row["expect"] = { other: 404, friend: 404, siteAdmin: 404 };

const U = (w: World) => w.people.owner.user.id;
const myId = (me: BuiltUser | null) => me?.user.id ?? 1;

const ROWS: Record<string, Row> = {
  "GET /metrics": { request: () => ["GET", "/metrics"], expect: everyone(200), otherwise: 200 }, // in-process calls come from the machine itself
  "GET /api/health": { request: () => ["GET", "/api/health"], expect: everyone(200), otherwise: 200 },
  "GET /livez": { request: () => ["GET", "/livez"], expect: everyone(200), otherwise: 200 },
  "GET /readyz": { request: () => ["GET", "/readyz"], expect: everyone(200), otherwise: 200 },
  "GET /api/openapi.json": { request: () => ["GET", "/api/openapi.json"], expect: everyone(200), otherwise: 200 },
  "GET /api/asyncapi.json": { request: () => ["GET", "/api/asyncapi.json"], expect: everyone(200), otherwise: 200 },
  "POST /api/register": {
    request: (_w, me) => [
      "POST",
      "/api/register",
      { email: `new_${myId(me)}@example.com`, username: `fresh_${myId(me)}`, password: "password123" },
    ],
    expect: everyone(201),
    otherwise: 201,
  },
  "POST /api/login": {
    request: () => ["POST", "/api/login", { email: "player1@example.com", password: "wrong-password" }],
    expect: everyone(401),
    otherwise: 401,
  },
  "POST /api/logout": { request: () => ["POST", "/api/logout"], expect: signedIn(200), otherwise: 200 },
  "POST /api/password/forgot": {
    request: () => ["POST", "/api/password/forgot", { email: "owner@example.com" }],
    expect: everyone(503),
    otherwise: 503,
  },
  "POST /api/password/reset": {
    request: () => ["POST", "/api/password/reset", { token: "not-a-token", password: "password123" }],
    expect: everyone(400),
    otherwise: 400,
  },
  "POST /api/email/verify": {
    // Signed in only (as the link's own account): an unknown token is then a 400.
    request: () => ["POST", "/api/email/verify", { token: "not-a-token" }],
    expect: signedIn(400),
    otherwise: 400,
  },
  "GET /api/user": { request: () => ["GET", "/api/user"], expect: signedIn(200), otherwise: 200 },
  "PUT /api/user/username": {
    request: (_w, me) => ["PUT", "/api/user/username", { username: `renamed_${myId(me)}` }],
    expect: signedIn(200),
    otherwise: 200,
  },
  "PUT /api/user/password": {
    request: () => [
      "PUT",
      "/api/user/password",
      { currentPassword: "correct-horse-1", newPassword: "correct-horse-1" },
    ],
    expect: signedIn(200),
    otherwise: 200,
  },
  "GET /api/users/:userId/export/bets.csv": {
    request: (w) => ["GET", `/api/users/${U(w)}/export/bets.csv`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/users/:userId/export/account.json": {
    request: (w) => ["GET", `/api/users/${U(w)}/export/account.json`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "DELETE /api/user": {
    request: () => ["DELETE", "/api/user", { password: "correct-horse-1" }],
    expect: signedIn(200),
    otherwise: 200,
  },
  "GET /api/games": { request: () => ["GET", "/api/games?week=1"], expect: everyone(200), otherwise: 200 },
  "GET /api/games/:id/lines": {
    request: () => ["GET", "/api/games/fake-w1-KC-BUF/lines"],
    expect: everyone(200),
    otherwise: 200,
  },
  "GET /api/weeks/current": { request: () => ["GET", "/api/weeks/current"], expect: everyone(200), otherwise: 200 },
  "GET /api/contest/winners": {
    request: () => ["GET", "/api/contest/winners"],
    expect: everyone(200),
    otherwise: 200,
  },
  "PATCH /api/games/:id": {
    request: () => ["PATCH", "/api/games/fake-w1-KC-BUF", { homeScore: 1, awayScore: 0, status: "completed" }],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "POST /api/bets": {
    request: () => [
      "POST",
      "/api/bets",
      { gameId: "fake-w1-KC-BUF", betType: "total", selection: "Over", odds: -110, point: 45.5, units: 1 },
    ],
    expect: signedIn(201),
    otherwise: 201,
  },
  "POST /api/parlays": {
    request: () => [
      "POST",
      "/api/parlays",
      {
        legs: [
          { gameId: "fake-w1-KC-BUF", betType: "total", selection: "Over", odds: -110, point: 45.5 },
          { gameId: "fake-w1-SF-SEA", betType: "total", selection: "Under", odds: -110, point: 45.5 },
        ],
        units: 1,
      },
    ],
    expect: signedIn(201),
    otherwise: 201,
  },
  "GET /api/users/:userId/bets": {
    request: (w) => ["GET", `/api/users/${U(w)}/bets`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/users/:userId/bets/summary": {
    request: (w) => ["GET", `/api/users/${U(w)}/bets/summary`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "DELETE /api/bets/:betId": {
    request: (w) => ["DELETE", `/api/bets/${w.betId}`],
    // Another player's bet does not exist for them (as a missing one).
    expect: only(["owner"], 200, 404),
    otherwise: 404,
  },
  "GET /api/users/:userId/bets/week/:week": {
    request: (w) => ["GET", `/api/users/${U(w)}/bets/week/1`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/users/:userId/coverage/week/:week": {
    request: (w) => ["GET", `/api/users/${U(w)}/coverage/week/1`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "PATCH /api/bets/:betId/note": {
    request: (w) => ["PATCH", `/api/bets/${w.betId}/note`, { note: "mine" }],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/users/:userId/stats": {
    request: (w) => ["GET", `/api/users/${U(w)}/stats`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/leaderboard/week/:week": {
    request: () => ["GET", "/api/leaderboard/week/1"],
    expect: everyone(200),
    otherwise: 200,
  },
  "GET /api/leaderboard": { request: () => ["GET", "/api/leaderboard"], expect: everyone(200), otherwise: 200 },
  "GET /api/leagues": { request: () => ["GET", "/api/leagues"], expect: signedIn(200), otherwise: 200 },
  "GET /api/leagues/:id": {
    request: (w) => ["GET", `/api/leagues/${w.leagueId}`],
    expect: { ...signedIn(200), ...notForOutsiders },
    otherwise: 200,
  },
  "GET /api/picks/league/:id": {
    request: (w) => ["GET", `/api/picks/league/${w.leagueId}`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/recap/league/:id/week/:week": {
    request: (w) => ["GET", `/api/recap/league/${w.leagueId}/week/1`],
    expect: { ...only(["member", "leagueAdmin"], 409), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/picks/league/:id/sweat": {
    request: (w) => ["GET", `/api/picks/league/${w.leagueId}/sweat`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/picks/league/:id/week": {
    request: (w) => ["GET", `/api/picks/league/${w.leagueId}/week`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  // The league's page for someone not in it: a private league only to those who can see it (its invited owner).
  "GET /api/preview/league/:id": {
    request: (w) => ["GET", `/api/preview/league/${w.leagueId}`],
    expect: { ...everyone(200), anonymous: 404, ...notForOutsiders },
    otherwise: 200,
  },
  "GET /api/history/league/:id": {
    request: (w) => ["GET", `/api/history/league/${w.leagueId}`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/leagues/:id/standings/:period": {
    request: (w) => ["GET", `/api/leagues/${w.leagueId}/standings/season`],
    expect: { ...signedIn(200), ...notForOutsiders },
    otherwise: 200,
  },
  "GET /api/leagues/:id/pool/:week": {
    request: (w) => ["GET", `/api/leagues/${w.poolId}/pool/1`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "PUT /api/leagues/:id/pool/:week": {
    request: (w) => [
      "PUT",
      `/api/leagues/${w.poolId}/pool/1`,
      { picks: [{ gameId: "fake-w1-KC-BUF", selection: "Buffalo Bills" }] },
    ],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/pool/:week/corrections": {
    request: (w) => [
      "POST",
      `/api/leagues/${w.poolId}/pool/1/corrections`,
      { userId: w.people.member.user.id, gameId: "fake-w1-KC-BUF", selection: "Kansas City Chiefs" },
    ],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues": {
    request: (_w, me) => [
      "POST",
      "/api/leagues",
      { name: "Mine", isPublic: true, rules: { allowedBetTypes: ["spread"] }, createdBy: myId(me) },
    ],
    expect: signedIn(201),
    otherwise: 201,
  },
  "PUT /api/leagues/:id": {
    request: (w) => [
      "PUT",
      `/api/leagues/${w.leagueId}`,
      { name: "Renamed", isPublic: false, rules: { allowedBetTypes: ["spread"] } },
    ],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/join": {
    request: (w, me) => ["POST", `/api/leagues/${w.publicLeagueId}/join`, { userId: myId(me) }],
    expect: { ...signedIn(200), leagueAdmin: 409 },
    otherwise: 200,
  },
  "DELETE /api/leagues/:id/leave": {
    request: (w, me) => ["DELETE", `/api/leagues/${w.leagueId}/leave`, { userId: myId(me) }],
    expect: { ...only(["member", "leagueAdmin"], 200, 409), ...notForOutsiders },
    otherwise: 409,
  },
  "DELETE /api/leagues/:id": {
    request: (w) => ["DELETE", `/api/leagues/${w.leagueId}`],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "DELETE /api/leagues/:id/members/:userId": {
    request: (w) => ["DELETE", `/api/leagues/${w.leagueId}/members/${w.people.member.user.id}`],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/admins/:userId": {
    request: (w) => ["POST", `/api/leagues/${w.leagueId}/admins/${w.people.member.user.id}`, { stepDown: false }],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/invite": {
    request: (w, me) => [
      "POST",
      `/api/leagues/${w.leagueId}/invite`,
      { invitedUserId: w.invitee.user.id, invitedBy: myId(me) },
    ],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/leagues/:id/invite-link": {
    request: (w) => ["GET", `/api/leagues/${w.leagueId}/invite-link`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/invite-link": {
    request: (w) => ["POST", `/api/leagues/${w.leagueId}/invite-link`, {}],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/invites/:token": {
    request: (w) => ["GET", `/api/invites/${w.inviteToken}`],
    expect: everyone(200),
    otherwise: 200,
  },
  "POST /api/leagues/join-by-token/:token": {
    request: (w) => ["POST", `/api/leagues/join-by-token/${w.inviteToken}`, {}],
    expect: { ...signedIn(200), member: 409, leagueAdmin: 409 },
    otherwise: 200,
  },
  "GET /api/invitations/league/:id": {
    request: (w) => ["GET", `/api/invitations/league/${w.leagueId}`],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/users/:userId/invitations": {
    request: (w) => ["GET", `/api/users/${U(w)}/invitations`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/users/:userId/leagues": {
    request: (w) => ["GET", `/api/users/${U(w)}/leagues`],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "POST /api/admin/leagues/:id/admins/:userId": {
    request: (w) => ["POST", `/api/admin/leagues/${w.leagueId}/admins/${w.people.member.user.id}`, {}],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "POST /api/invitations/:id/accept": {
    request: (w, me) => ["POST", `/api/invitations/${w.invitationId}/accept`, { userId: myId(me) }],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "POST /api/invitations/:id/decline": {
    request: (w, me) => ["POST", `/api/invitations/${w.invitationId}/decline`, { userId: myId(me) }],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "GET /api/friends": { request: () => ["GET", "/api/friends"], expect: signedIn(200), otherwise: 200 },
  "GET /api/friends/requests": {
    request: () => ["GET", "/api/friends/requests"],
    expect: signedIn(200),
    otherwise: 200,
  },
  "POST /api/friends/requests": {
    request: (w) => ["POST", "/api/friends/requests", { addresseeId: w.invitee.user.id }],
    expect: signedIn(201),
    otherwise: 201,
  },
  "PATCH /api/friends/requests/:id": {
    request: (w) => ["PATCH", `/api/friends/requests/${w.friendRequestId}`, { status: "accepted" }],
    expect: only(["owner"], 200),
    otherwise: 403,
  },
  "DELETE /api/friends/:id": {
    request: (w) => ["DELETE", `/api/friends/${U(w)}`],
    expect: only(["friend"], 200, 404),
    otherwise: 404,
  },
  "GET /api/friends/:friendId/analytics": {
    request: (w) => ["GET", `/api/friends/${U(w)}/analytics`],
    expect: only(["friend"], 200),
    otherwise: 403,
  },
  // The owner's profile: friends only by default (the owner and their friend); bots' are public.
  "GET /api/players/:username": {
    request: () => ["GET", "/api/players/owner"],
    expect: { ...everyone(403), owner: 200, friend: 200 },
    otherwise: 403,
  },
  "GET /api/user/profile-visibility": {
    request: () => ["GET", "/api/user/profile-visibility"],
    expect: signedIn(200),
    otherwise: 200,
  },
  "PUT /api/user/profile-visibility": {
    request: () => ["PUT", "/api/user/profile-visibility", { visibility: "everyone" }],
    expect: signedIn(200),
    otherwise: 200,
  },
  "GET /api/users/search": { request: () => ["GET", "/api/users/search?q=ow"], expect: signedIn(200), otherwise: 200 },
  "GET /api/push/public-key": { request: () => ["GET", "/api/push/public-key"], expect: everyone(200), otherwise: 200 },
  "GET /api/push/subscriptions": {
    request: () => ["GET", "/api/push/subscriptions"],
    expect: signedIn(200),
    otherwise: 200,
  },
  "POST /api/push/subscriptions": {
    request: (_w, me) => ["POST", "/api/push/subscriptions", pushSubscription(`caller-${myId(me)}`)],
    expect: signedIn(201),
    otherwise: 201,
  },
  // Only the owner's own device: anyone else's answer is that no such device exists.
  "DELETE /api/push/subscriptions/:id": {
    request: (w) => ["DELETE", `/api/push/subscriptions/${w.pushDeviceId}`],
    expect: only(["owner"], 200, 404),
    otherwise: 404,
  },
  "GET /api/push/preferences": {
    request: () => ["GET", "/api/push/preferences"],
    expect: signedIn(200),
    otherwise: 200,
  },
  "PUT /api/push/preferences": {
    request: () => [
      "PUT",
      "/api/push/preferences",
      {
        kinds: {
          settlements: true,
          lockReminder: false,
          friendRequests: true,
          leagueInvitations: true,
          leaguePicks: true,
        },
        dailyCap: 4,
        quietHours: null,
        timeZone: "Europe/Berlin",
      },
    ],
    expect: signedIn(200),
    otherwise: 200,
  },
  // Only a player with a device has anything to test (the others: 409, turn push on first).
  "POST /api/push/test": {
    request: () => ["POST", "/api/push/test"],
    expect: only(["owner"], 202, 409),
    otherwise: 409,
  },
  "GET /api/leagues/:id/comments": {
    request: (w) => ["GET", `/api/leagues/${w.leagueId}/comments`],
    expect: { ...only(["member", "leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/comments": {
    request: (w) => ["POST", `/api/leagues/${w.leagueId}/comments`, { text: "Good luck all" }],
    expect: { ...only(["member", "leagueAdmin"], 201), ...notForOutsiders },
    otherwise: 403,
  },
  // Its author and the league's admins; to anyone else who cannot see the league's talk it does not exist.
  "DELETE /api/comments/:id": {
    request: (w) => ["DELETE", `/api/comments/${w.commentId}`],
    expect: only(["member", "leagueAdmin"], 200, 404),
    otherwise: 404,
  },
  "PUT /api/comments/:id/reactions/:reaction": {
    request: (w) => ["PUT", `/api/comments/${w.commentId}/reactions/fire`],
    expect: only(["member", "leagueAdmin"], 200, 404),
    otherwise: 404,
  },
  "DELETE /api/comments/:id/reactions/:reaction": {
    request: (w) => ["DELETE", `/api/comments/${w.commentId}/reactions/fire`],
    expect: only(["member", "leagueAdmin"], 200, 404),
    otherwise: 404,
  },
  // The author may not report their own (400); the league's admin reported it already (409).
  "POST /api/comments/:id/report": {
    request: (w) => ["POST", `/api/comments/${w.commentId}/report`, { reason: "spam" }],
    expect: { ...signedIn(404), member: 400, leagueAdmin: 409 },
    otherwise: 404,
  },
  "GET /api/leagues/:id/webhooks": {
    request: (w) => ["GET", `/api/leagues/${w.leagueId}/webhooks`],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "POST /api/leagues/:id/webhooks": {
    request: (w) => [
      "POST",
      `/api/leagues/${w.leagueId}/webhooks`,
      { url: "https://chat.example.net/hook", kind: "slack", events: ["picks_revealed", "weekly_recap"] },
    ],
    expect: { ...only(["leagueAdmin"], 201), ...notForOutsiders },
    otherwise: 403,
  },
  "DELETE /api/leagues/:id/webhooks/:webhookId": {
    request: (w) => ["DELETE", `/api/leagues/${w.leagueId}/webhooks/${w.webhookId}`],
    expect: { ...only(["leagueAdmin"], 200), ...notForOutsiders },
    otherwise: 403,
  },
  "GET /api/admin/comment-reports": {
    request: () => ["GET", "/api/admin/comment-reports"],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "POST /api/admin/comment-reports/:id/dismiss": {
    request: (w) => ["POST", `/api/admin/comment-reports/${w.commentId}/dismiss`, {}],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "DELETE /api/admin/comments/:id": {
    request: (w) => ["DELETE", `/api/admin/comments/${w.commentId}`],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "GET /api/user/calendar": {
    request: () => ["GET", "/api/user/calendar"],
    expect: signedIn(200),
    otherwise: 200,
  },
  "POST /api/user/calendar": {
    request: () => ["POST", "/api/user/calendar", {}],
    expect: signedIn(200),
    otherwise: 200,
  },
  "DELETE /api/user/calendar": {
    request: () => ["DELETE", "/api/user/calendar"],
    expect: signedIn(200),
    otherwise: 200,
  },
  // The secret URL is the key: whoever holds it reads the feed, signed in or not.
  "GET /api/calendar/:file": {
    request: (w) => ["GET", w.calendarPath],
    expect: everyone(200),
    otherwise: 200,
  },
  "GET /api/tokens": { request: () => ["GET", "/api/tokens"], expect: signedIn(200), otherwise: 200 },
  "POST /api/tokens": {
    request: () => ["POST", "/api/tokens", { name: "a script", scopes: ["read", "bets"] }],
    expect: signedIn(201),
    otherwise: 201,
  },
  // Only the owner's own token: anyone else's answer is that no such token exists.
  "DELETE /api/tokens/:id": {
    request: (w) => ["DELETE", `/api/tokens/${w.tokenId}`],
    expect: only(["owner"], 200, 404),
    otherwise: 404,
  },
  "GET /api/notifications": { request: () => ["GET", "/api/notifications"], expect: signedIn(200), otherwise: 200 },
  "POST /api/notifications/seen": {
    request: () => ["POST", "/api/notifications/seen"],
    expect: signedIn(200),
    otherwise: 200,
  },
  "GET /api/admin/bots/stats": {
    request: () => ["GET", "/api/admin/bots/stats"],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "POST /api/admin/bots/ensure": {
    request: () => ["POST", "/api/admin/bots/ensure", { count: 2 }],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "POST /api/admin/bots/weekly-update": {
    request: () => ["POST", "/api/admin/bots/weekly-update", {}],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "GET /api/admin/games": {
    request: () => ["GET", "/api/admin/games?week=1"],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "GET /api/admin/jobs": {
    request: () => ["GET", "/api/admin/jobs"],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "GET /api/admin/contest/weeks": {
    request: () => ["GET", "/api/admin/contest/weeks"],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "POST /api/admin/contest/weeks/:week/winners": {
    // Week 1 has not been played in this world: the admin is told so (409), everyone else refused first.
    request: () => ["POST", "/api/admin/contest/weeks/1/winners", {}],
    expect: only(["siteAdmin"], 409),
    otherwise: 403,
  },
  "GET /api/admin/audit": {
    request: () => ["GET", "/api/admin/audit"],
    expect: only(["siteAdmin"], 200),
    otherwise: 403,
  },
  "ALL /api/*": { request: () => ["GET", "/api/no/such/route"], expect: everyone(404), otherwise: 404 },
  "GET /*": { request: () => ["GET", "/leaderboard"], expect: everyone(200), otherwise: 200 },
};

/**
 * Public reads whose answer to a signed-in caller is built for them (the board carries the
 * viewer's own row): private then, like every signed-in-only route (those a signed-out caller gets
 * 401 from).
 */
const SIGNED_IN_VARIANTS = new Set([
  "GET /api/leaderboard",
  "GET /api/leaderboard/week/:week",
  "GET /api/players/:username",
]);
const builtForCaller = (route: string, row: Row, caller: Caller) =>
  caller !== "anonymous" && (row.expect.anonymous === 401 || SIGNED_IN_VARIANTS.has(route));

/** Routes tested elsewhere, with where. */
const ELSEWHERE: Record<string, string> = {
  "WS /ws": "tests/api/realtime.test.ts: signed-in, visitor and foreign-origin upgrades",
};

/**
 * The world is built once per file and frozen; every route × caller then runs on a private copy of
 * it (a file copy, not 406 migrations and seedings) with an app of its own, so no call sees another's
 * writes, exactly as when each built its own world.
 */
let frozen: { snapshot: Snapshot; world: Omit<World, "ctx"> } | undefined;

async function freshWorld(): Promise<World> {
  if (!frozen) throw new Error("the world is frozen in beforeAll");
  const ctx = await makeTestApp({
    env: ENV,
    now: SEASON_EVE,
    database: await frozen.snapshot.open(),
    runtime: RUNTIME,
  });
  return { ...frozen.world, ctx };
}

describe("access matrix", () => {
  beforeAll(async () => {
    const { ctx, ...rest } = await world();
    frozen = { snapshot: await snapshotDatabase(ctx.handle), world: rest };
  });
  afterAll(async () => {
    await frozen?.snapshot.drop();
  });

  test("every route of the app has a row", async () => {
    const ctx = await makeTestApp();
    const routes = ctx.app.routes.map((r) => `${r.method} ${r.path}`);
    const missing = routes.filter((r) => !(r in ROWS) && !(r in ELSEWHERE));
    expect(missing).toEqual([]);
    const stale = Object.keys(ROWS).filter((r) => !routes.includes(r));
    expect(stale).toEqual([]);
    await ctx.close();
  });

  test("a copy of the frozen world holds exactly what a freshly built one holds", async () => {
    const built = await world();
    const copied = await freshWorld();
    const tables = [
      ...["users", "sessions", "games", "game_props", "bets", "bet_legs", "user_week_stats", "user_book_stats"],
      ...["leagues", "league_members", "league_invitations", "friend_requests", "friendships", "outbox", "audit_log"],
    ];
    for (const table of tables) {
      const count = async (w: World) =>
        Number(
          (
            await w.ctx.db
              .selectFrom(table as "users")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect({ table, rows: await count(copied) }).toEqual({ table, rows: await count(built) });
    }
    const { ctx: _built, ...builtIds } = built;
    const { ctx: _copied, ...copiedIds } = copied;
    expect(copiedIds.leagueId).toBe(builtIds.leagueId);
    expect(copiedIds.betId).toBe(builtIds.betId);
    expect(copiedIds.invitationId).toBe(builtIds.invitationId);
    expect(copiedIds.friendRequestId).toBe(builtIds.friendRequestId);
    await built.ctx.close();
    await copied.ctx.close();
  });

  for (const [route, row] of Object.entries(ROWS)) {
    test(route, async () => {
      const statuses: Record<string, number> = {};
      const wanted: Record<string, number> = {};
      // Every successful answer built for its caller says so: no shared cache may keep it.
      const caching: Record<string, string | null> = {};
      const wantedCaching: Record<string, string | null> = {};
      for (const caller of CALLERS) {
        const w = await freshWorld();
        const me = caller === "anonymous" ? null : w.people[caller];
        const [method, path, body] = row.request(w, me);
        const res = await call(w.ctx.app, method, path, { body, cookie: me?.cookie });
        statuses[caller] = res.status;
        wanted[caller] = row.expect[caller] ?? row.otherwise;
        if (res.status < 300 && builtForCaller(route, row, caller)) {
          const cacheControl = res.headers.get("cache-control");
          caching[caller] = cacheControl;
          wantedCaching[caller] = cacheControl?.startsWith("private, ") ? cacheControl : "private, …";
        }
        await w.ctx.close();
      }
      expect(statuses).toEqual(wanted);
      expect(caching).toEqual(wantedCaching);
    });
  }
});
