import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { buildInvitation, buildLeague, type BuiltUser, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";

let ctx: TestContext;
let owner: BuiltUser;
let member: BuiltUser;
let outsider: BuiltUser;
let siteAdmin: BuiltUser;
let publicId: number;
let privateId: number;

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: "Sunday Sharps",
  description: "Friends from work",
  isPublic: true,
  rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
  ...overrides,
});

const as = (who: BuiltUser | null, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, path, { body, cookie: who?.cookie });

beforeEach(async () => {
  ({
    ctx,
    people: { owner, member, outsider, siteAdmin },
  } = await seededSeason({
    env: { ADMIN_EMAILS: "site@example.com" },
    people: {
      owner: { username: "owner" },
      member: { username: "member" },
      outsider: { username: "outsider" },
      siteAdmin: { username: "site_admin", email: "site@example.com" },
    },
  }));
  // A public league the member joined, and a private one they were invited to and accepted.
  publicId = (await buildLeague(ctx, owner, { description: "Friends from work", members: [member] })).id;
  const invitationOnly = await buildLeague(ctx, owner, {
    name: "Invite Only",
    description: "Friends from work",
    isPublic: false,
  });
  privateId = invitationOnly.id;
  await buildInvitation(ctx, invitationOnly, owner, member, "accepted");
});
afterEach(() => ctx.close());

describe("creating and reading leagues", () => {
  test("the creator is the admin; defaults and optional fields", async () => {
    const res = await as(owner, "POST", "/api/leagues", {
      ...settings({
        name: "  Bankroll Cup ",
        rules: { allowedBetTypes: ["spread"], minWager: "10.50", maxWager: 300 },
      }),
      startingBankroll: 1000,
      startDate: "2026-09-10",
      endDate: "2026-12-31",
      createdBy: owner.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Bankroll Cup",
      isPublic: true,
      isContest: true,
      rules: { allowedBetTypes: ["spread"], minWager: 10.5, maxWager: 300 },
      startingBankroll: 1000,
      startDate: "2026-09-10",
      endDate: "2026-12-31",
      createdBy: owner.user.id,
      members: [{ userId: owner.user.id, username: "owner", role: "admin" }],
    });
    const all = (await as(outsider, "GET", "/api/leagues")).body; // the private league is not theirs to see
    expect(all.map((l: any) => l.name)).toEqual(["Bankroll Cup", "Sunday Sharps"]);
    const mine = (await as(member, "GET", `/api/users/${member.user.id}/leagues`)).body;
    expect(mine.map((l: any) => l.name).sort()).toEqual(["Invite Only", "Sunday Sharps"]);
  });

  test.each([
    [{ name: "" }, "League name is required"],
    [{ name: "   " }, "League name is required"],
    [{ rules: { allowedBetTypes: [] } }, "Please select at least one allowed bet type"],
    [{ startDate: "2026-10-01", endDate: "2026-09-01" }, "End date must be after start date"],
    [{ startDate: "2026-10-01", endDate: "2026-10-01" }, "End date must be after start date"],
    [{ rules: { allowedBetTypes: ["spread"], minWager: -1 } }, "minWager"],
    [
      { rules: { allowedBetTypes: ["spread"], minWager: 50, maxWager: 10 } },
      "Minimum wager must not be above the maximum wager",
    ],
    [{ startingBankroll: 50 }, "Starting bankroll must be at least 100, in steps of 100"],
    [{ startingBankroll: 150 }, "Starting bankroll must be at least 100, in steps of 100"],
    [{ rules: { allowedBetTypes: ["teaser"] } }, "allowedBetTypes"],
    [{ startDate: "next tuesday" }, "startDate"],
  ])("refuses %o with a clear message and writes nothing", async (overrides, message) => {
    const before = (await as(owner, "GET", "/api/leagues")).body.length;
    const res = await as(owner, "POST", "/api/leagues", { ...settings(overrides), createdBy: owner.user.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await as(owner, "GET", "/api/leagues")).body.length).toBe(before);
  });

  // Direction controls make a name read differently from what was stored; impossible dates used to slip through.
  const hostileSettings: [string, Record<string, unknown>, string, string][] = [
    [
      "a right-to-left override in the name",
      { name: "\u202Esprahs yadnuS" },
      "name",
      "name: must not contain text-direction control characters",
    ],
    [
      "an isolate in the name",
      { name: "Sharps \u2067x\u2069" },
      "name",
      "name: must not contain text-direction control characters",
    ],
    [
      "a direction mark in the description",
      { description: "Friends\u200F from work" },
      "description",
      "description: must not contain text-direction control characters",
    ],
    // Issue 25: invisible, blank-looking and control characters in what other players read.
    ...(
      [
        [
          "a zero-width space in the name",
          "Sunday\u200BSharps",
          "name: must not contain invisible characters (U+200B)",
        ],
        ["Hangul fillers for a name", "\u3164\u3164\u3164", "name: must not contain invisible characters (U+3164)"],
        ["a word joiner in the name", "Sharps\u2060", "name: must not contain invisible characters (U+2060)"],
        [
          "a stack of combining marks in the name",
          `Z${"\u0301".repeat(12)}algo`,
          "name: must not stack more than 4 combining marks on one character",
        ],
        ["a Braille-blank name", "\u2800\u2800", "name: must contain visible characters"],
        [
          "a newline in the name",
          "Sunday\nSharps",
          "name: must not contain control characters such as NUL or line breaks",
        ],
        ["a NUL in the name", "Sharps\u0000", "name: must not contain control characters such as NUL"],
      ] as const
    ).map(([label, name, message]): [string, Record<string, unknown>, string, string] => [
      label,
      { name },
      "name",
      message,
    ]),
    [
      "a NUL in the description",
      { description: "Friends\u0000 from work" },
      "description",
      "description: must not contain control characters such as NUL",
    ],
    [
      "a soft hyphen in the description",
      { description: "Friends from wo\u00ADrk" },
      "description",
      "description: must not contain invisible characters (U+00AD)",
    ],
    [
      "a start date with garbage",
      { startDate: "2026-99-99garbage" },
      "startDate",
      "startDate: must be a real calendar date (YYYY-MM-DD)",
    ],
    [
      "a start date in month 99",
      { startDate: "2026-99-99" },
      "startDate",
      "startDate: must be a real calendar date (YYYY-MM-DD)",
    ],
    ["February 30th", { endDate: "2026-02-30" }, "endDate", "endDate: must be a real calendar date (YYYY-MM-DD)"],
    [
      "a date-time at 25 o'clock",
      { endDate: "2026-12-31T25:00:00Z" },
      "endDate",
      "endDate: must be a real calendar date (YYYY-MM-DD)",
    ],
  ];

  test.each(hostileSettings)(
    "create and edit refuse %s with 400 naming the field, writing nothing",
    async (_, overrides, field, message) => {
      const before = (await as(owner, "GET", "/api/leagues")).body;
      const created = await as(owner, "POST", "/api/leagues", { ...settings(overrides), createdBy: owner.user.id });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ message, field });
      expect(typeof created.body.code).toBe("string");
      const edited = await as(owner, "PUT", `/api/leagues/${publicId}`, settings(overrides));
      expect(edited.status).toBe(400);
      expect(edited.body).toMatchObject({ message, field });
      expect((await as(owner, "GET", "/api/leagues")).body).toEqual(before);
    },
  );

  test("a description keeps its line breaks; emoji sequences with joiners stay allowed in names", async () => {
    const res = await as(owner, "POST", "/api/leagues", {
      ...settings({ name: "\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Sharps", description: "Line one\nLine two" }),
      createdBy: owner.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ description: "Line one\nLine two" });
  });

  test("real dates are taken as calendar days, full ISO date-times included; a leap day is real in a leap year", async () => {
    const res = await as(owner, "POST", "/api/leagues", {
      ...settings({ name: "Leap" }),
      startDate: "2028-02-29",
      endDate: "2028-03-01T18:00:00-05:00",
      createdBy: owner.user.id,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ startDate: "2028-02-29", endDate: "2028-03-01" });
  });

  test("details come with members and standings", async () => {
    const res = await as(outsider, "GET", `/api/leagues/${publicId}`);
    expect(res.status).toBe(200);
    expect(res.body.members.map((m: any) => [m.username, m.role])).toEqual([
      ["owner", "admin"],
      ["member", "member"],
    ]);
    expect(res.body.standings.map((s: any) => s.rank)).toEqual([1, 1]);
    expect((await as(outsider, "GET", "/api/leagues/9999")).status).toBe(404);
  });
});

describe("roles × calls (spec §6)", () => {
  // [call, who, expected status]: the server enforces every league role.
  const cases: [string, (ids: { pub: number; priv: number }) => [string, string, unknown?], Record<string, number>][] =
    [
      [
        "edit a league",
        ({ pub }) => ["PUT", `/api/leagues/${pub}`, settings({ name: "Renamed" })],
        { owner: 200, member: 403, outsider: 403, siteAdmin: 403, anonymous: 401 },
      ],
      [
        "see its invitations",
        ({ priv }) => ["GET", `/api/invitations/league/${priv}`],
        { owner: 200, member: 403, outsider: 404, siteAdmin: 404, anonymous: 401 },
      ],
      [
        "get the invite link",
        ({ priv }) => ["GET", `/api/leagues/${priv}/invite-link`],
        { owner: 200, member: 200, outsider: 404, siteAdmin: 404, anonymous: 401 },
      ],
      [
        "rotate the invite token",
        ({ priv }) => ["POST", `/api/leagues/${priv}/invite-link`, {}],
        { owner: 200, member: 403, outsider: 404, anonymous: 401 },
      ],
      [
        "join a private league directly",
        ({ priv }) => ["POST", `/api/leagues/${priv}/join`, { userId: 0 }],
        { outsider: 404, siteAdmin: 404, anonymous: 401 },
      ],
      [
        "join a public league",
        ({ pub }) => ["POST", `/api/leagues/${pub}/join`, { userId: 0 }],
        { outsider: 200, member: 409, anonymous: 401 },
      ],
      ["list all leagues", () => ["GET", "/api/leagues"], { outsider: 200, anonymous: 401 }],
    ];
  const people = () => ({ owner, member, outsider, siteAdmin, anonymous: null });

  for (const [name, request, expected] of cases) {
    test(name, async () => {
      for (const [who, status] of Object.entries(expected)) {
        const person = people()[who as keyof ReturnType<typeof people>];
        const [method, path, body] = request({ pub: publicId, priv: privateId });
        const filled = body && typeof body === "object" && "userId" in body ? { userId: person?.user.id ?? 1 } : body;
        const res = await as(person, method, path, filled);
        expect(res.status, `${who} → ${name}: ${JSON.stringify(res.body)}`).toBe(status);
      }
    });
  }

  test("userId, createdBy and invitedBy must be the signed-in user", async () => {
    expect((await as(outsider, "POST", `/api/leagues/${publicId}/join`, { userId: member.user.id })).status).toBe(403);
    expect((await as(outsider, "POST", "/api/leagues", { ...settings(), createdBy: owner.user.id })).status).toBe(403);
    expect(
      (
        await as(owner, "POST", `/api/leagues/${privateId}/invite`, {
          invitedUserId: "outsider",
          invitedBy: member.user.id,
        })
      ).status,
    ).toBe(403);
    expect((await as(member, "DELETE", `/api/leagues/${publicId}/leave`, { userId: owner.user.id })).status).toBe(403);
  });
});

describe("invitations", () => {
  test("invite by username or id; the invited player sees it and answers it; others cannot", async () => {
    const byName = await as(owner, "POST", `/api/leagues/${privateId}/invite`, {
      invitedUserId: "Outsider",
      invitedBy: owner.user.id,
    });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({
      status: "pending",
      league: { name: "Invite Only" },
      inviter: { username: "owner" },
      invitedUser: { username: "outsider" },
    });
    expect(
      (
        await as(owner, "POST", `/api/leagues/${privateId}/invite`, {
          invitedUserId: outsider.user.id,
          invitedBy: owner.user.id,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await as(owner, "POST", `/api/leagues/${privateId}/invite`, {
          invitedUserId: "member",
          invitedBy: owner.user.id,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await as(owner, "POST", `/api/leagues/${privateId}/invite`, {
          invitedUserId: "nobody_here",
          invitedBy: owner.user.id,
        })
      ).status,
    ).toBe(404);
    const pending = (await as(outsider, "GET", `/api/users/${outsider.user.id}/invitations`)).body;
    expect(pending.map((i: any) => i.id)).toEqual([byName.body.id]);
    expect((await as(member, "GET", `/api/users/${outsider.user.id}/invitations`)).status).toBe(403);
    expect(
      (await as(member, "POST", `/api/invitations/${byName.body.id}/accept`, { userId: member.user.id })).status,
    ).toBe(403);
    const declined = await as(outsider, "POST", `/api/invitations/${byName.body.id}/decline`, {
      userId: outsider.user.id,
    });
    expect(declined.body.status).toBe("declined");
    expect(
      (await as(outsider, "POST", `/api/invitations/${byName.body.id}/accept`, { userId: outsider.user.id })).status,
    ).toBe(409);
    expect((await as(outsider, "GET", `/api/users/${outsider.user.id}/invitations`)).body).toEqual([]);
    const statuses = (await as(owner, "GET", `/api/invitations/league/${privateId}`)).body.map((i: any) => i.status);
    expect(statuses).toEqual(["declined", "accepted"]);
  });

  test("joining by link works for private leagues; a rotated token retires the old link; unknown tokens 404", async () => {
    const { inviteToken } = (await as(member, "GET", `/api/leagues/${privateId}/invite-link`)).body;
    expect(inviteToken.length).toBeGreaterThanOrEqual(24);
    const joined = await as(outsider, "POST", `/api/leagues/join-by-token/${inviteToken}`, {});
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ id: privateId, name: "Invite Only", revealPicks: "kickoff" });
    expect((await as(outsider, "POST", `/api/leagues/join-by-token/${inviteToken}`, {})).status).toBe(409);
    await as(owner, "POST", `/api/leagues/${privateId}/invite-link`, {});
    expect((await as(siteAdmin, "POST", `/api/leagues/join-by-token/${inviteToken}`, {})).status).toBe(404);
  });

  test("an invite link shows a visitor what it leads to: the league, its commissioner and size, no member list", async () => {
    const { inviteToken } = (await as(member, "GET", `/api/leagues/${privateId}/invite-link`)).body;
    const preview = await as(null, "GET", `/api/invites/${inviteToken}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      name: "Invite Only",
      description: "Friends from work",
      isPublic: false,
      isContest: false,
      rules: { allowedBetTypes: ["spread", "total", "moneyline"], minWager: null, maxWager: null },
      startingBankroll: null,
      startDate: null,
      endDate: null,
      memberCount: 2,
      revealPicks: "kickoff",
      format: "bets",
      commissioner: "owner",
    });
    // Once the link is replaced, the old one leads nowhere; a malformed one is refused at the edge.
    await as(owner, "POST", `/api/leagues/${privateId}/invite-link`, {});
    const gone = await as(null, "GET", `/api/invites/${inviteToken}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({
      message: "This invite link is not valid (it may have been replaced)",
      code: "invite_token_unknown",
    });
    expect((await as(null, "GET", `/api/invites/${"x".repeat(500)}`)).status).toBe(400);
  });

  test("when the last admin leaves, the longest-standing member becomes admin", async () => {
    expect((await as(owner, "DELETE", `/api/leagues/${publicId}/leave`, { userId: owner.user.id })).status).toBe(200);
    const league = (await as(member, "GET", `/api/leagues/${publicId}`)).body;
    expect(league.members.map((m: any) => [m.username, m.role])).toEqual([["member", "admin"]]);
    expect((await as(owner, "DELETE", `/api/leagues/${publicId}/leave`, { userId: owner.user.id })).status).toBe(409);
  });
});

describe("league books", () => {
  const bet = (leagueId: number, overrides: Record<string, unknown> = {}) => ({
    gameId: "fake-w1-DAL-PHI",
    betType: "spread",
    selection: "Philadelphia Eagles",
    odds: -110,
    point: -3.5,
    units: 1,
    leagueId,
    ...overrides,
  });

  test("a league bet goes to the league's book, separate from the individual one; a league without a bankroll ranks both", async () => {
    expect((await as(member, "POST", "/api/bets", bet(publicId))).status).toBe(201);
    expect((await as(member, "POST", "/api/bets", bet(publicId))).status).toBe(409);
    const individual = await as(member, "POST", "/api/bets", { ...bet(publicId), leagueId: null });
    expect(individual.status).toBe(201);
    const bets = (await as(member, "GET", `/api/users/${member.user.id}/bets`)).body;
    expect(bets.map((b: any) => b.league?.name ?? "Individual").sort()).toEqual(["Individual", "Sunday Sharps"]);
    await as(siteAdmin, "PATCH", "/api/games/fake-w1-DAL-PHI", { homeScore: 24, awayScore: 17, status: "completed" });
    await settleGame(ctx.db, ctx.clock.now(), "fake-w1-DAL-PHI");
    const standings = (await as(owner, "GET", `/api/leagues/${publicId}`)).body.standings;
    expect(standings.map((s: any) => [s.rank, s.username, s.unitsWon, s.totalBets])).toEqual([
      [1, "member", "1.82", 2],
      [2, "owner", "0.00", 0],
    ]);
    const board = (await as(owner, "GET", "/api/leaderboard/week/1")).body;
    expect(board.map((e: any) => [e.username, e.totalBets])).toEqual([["member", 1]]);
  });

  test("the league's rules apply at bet time: members only, allowed types, wager limits, dates", async () => {
    const strict = (
      await as(owner, "POST", "/api/leagues", {
        ...settings({ name: "Strict", rules: { allowedBetTypes: ["spread"], minWager: 150, maxWager: 200 } }),
        startDate: "2026-09-12",
        createdBy: owner.user.id,
      })
    ).body.id;
    const refusals: [Record<string, unknown>, string][] = [
      [
        bet(strict, { units: 2, betType: "total", selection: "Over", point: 45.5, gameId: "fake-w1-KC-BUF" }),
        "does not allow total bets",
      ],
      [bet(strict, { units: 1, gameId: "fake-w1-KC-BUF", selection: "Buffalo Bills" }), "minimum wager is $150.00"],
      [bet(strict, { units: 3, gameId: "fake-w1-KC-BUF", selection: "Buffalo Bills" }), "maximum wager is $200.00"],
      [bet(strict, { units: 2 }), "only counts games from 2026-09-12"],
    ];
    for (const [body, message] of refusals) {
      const res = await as(owner, "POST", "/api/bets", body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(
      (
        await as(
          outsider,
          "POST",
          "/api/bets",
          bet(strict, { units: 2, gameId: "fake-w1-KC-BUF", selection: "Buffalo Bills" }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await as(
          owner,
          "POST",
          "/api/bets",
          bet(strict, { units: 2, gameId: "fake-w1-KC-BUF", selection: "Buffalo Bills" }),
        )
      ).status,
    ).toBe(201);
  });

  test("a contest league's bankroll is enforced: bankroll + settled profit − pending stakes", async () => {
    const cup = (
      await as(owner, "POST", "/api/leagues", {
        ...settings({ name: "Cup" }),
        startingBankroll: 400,
        createdBy: owner.user.id,
      })
    ).body.id;
    const games = ["fake-w1-DAL-PHI", "fake-w1-KC-BUF", "fake-w1-SF-SEA"];
    const homes = ["Philadelphia Eagles", "Buffalo Bills", "Seattle Seahawks"];
    expect((await as(owner, "POST", "/api/bets", bet(cup, { units: 3 }))).status).toBe(201);
    const over = await as(owner, "POST", "/api/bets", bet(cup, { gameId: games[1], selection: homes[1], units: 2 }));
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("Not enough bankroll in Cup: $100.00 available");
    expect(
      (await as(owner, "POST", "/api/bets", bet(cup, { gameId: games[1], selection: homes[1], units: 1 }))).status,
    ).toBe(201);
    // Replacing frees the old stake.
    expect((await as(owner, "POST", "/api/bets", bet(cup, { units: 2, replaceExisting: true }))).status).toBe(201);
    await as(siteAdmin, "PATCH", `/api/games/${games[0]}`, { homeScore: 10, awayScore: 17, status: "completed" });
    await settleGame(ctx.db, ctx.clock.now(), games[0]!);
    // Lost 200: 400 − 200 − 100 pending = 100 available.
    const after = await as(owner, "POST", "/api/bets", bet(cup, { gameId: games[2], selection: homes[2], units: 2 }));
    expect(after.body.message).toBe("Not enough bankroll in Cup: $100.00 available");
  });
});

describe("commissioner tools", () => {
  const roles = async (id: number) =>
    (await as(owner, "GET", `/api/leagues/${id}`)).body.members.map((m: any) => [m.username, m.role]);
  const leagueBet = {
    gameId: "fake-w1-DAL-PHI",
    betType: "spread",
    selection: "Philadelphia Eagles",
    odds: -110,
    point: -3.5,
    units: 1,
    leagueId: 0,
  };

  test("an admin removes a member: gone from members and standings, their league bets still theirs", async () => {
    expect((await as(member, "POST", "/api/bets", { ...leagueBet, leagueId: publicId })).status).toBe(201);
    expect((await as(member, "DELETE", `/api/leagues/${publicId}/members/${owner.user.id}`)).body).toEqual({
      message: "Only this league's admins can do that",
      code: "league_admin_only",
    });
    const self = await as(owner, "DELETE", `/api/leagues/${publicId}/members/${owner.user.id}`);
    expect([self.status, self.body.code]).toEqual([400, "use_leave"]);
    const removed = await as(owner, "DELETE", `/api/leagues/${publicId}/members/${member.user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.members.map((m: any) => m.username)).toEqual(["owner"]);
    const details = (await as(owner, "GET", `/api/leagues/${publicId}`)).body;
    expect(details.standings.map((s: any) => s.username)).toEqual(["owner"]);
    const bets = (await as(member, "GET", `/api/users/${member.user.id}/bets`)).body;
    expect(bets.map((b: any) => b.league?.name)).toEqual(["Sunday Sharps"]);
    const again = await as(owner, "DELETE", `/api/leagues/${publicId}/members/${member.user.id}`);
    expect([again.status, again.body.code]).toEqual([409, "not_member"]);
    expect((await as(outsider, "DELETE", `/api/leagues/${privateId}/members/${member.user.id}`)).status).toBe(404);
  });

  test("an admin makes a co-admin, or hands the role over and becomes a member", async () => {
    const coAdmin = await as(owner, "POST", `/api/leagues/${publicId}/admins/${member.user.id}`, { stepDown: false });
    expect(coAdmin.status).toBe(200);
    expect(await roles(publicId)).toEqual([
      ["owner", "admin"],
      ["member", "admin"],
    ]);
    const twice = await as(owner, "POST", `/api/leagues/${publicId}/admins/${member.user.id}`, { stepDown: false });
    expect([twice.status, twice.body.code]).toEqual([409, "already_admin"]);

    const handOver = await as(owner, "POST", `/api/leagues/${privateId}/admins/${member.user.id}`, { stepDown: true });
    expect(handOver.body.members.map((m: any) => [m.username, m.role])).toEqual([
      ["owner", "member"],
      ["member", "admin"],
    ]);
    const self = await as(member, "POST", `/api/leagues/${privateId}/admins/${member.user.id}`, { stepDown: false });
    expect([self.status, self.body.code]).toEqual([400, "already_admin"]);
    expect(
      (await as(owner, "POST", `/api/leagues/${privateId}/admins/${member.user.id}`, { stepDown: false })).body.code,
    ).toBe("league_admin_only");
  });

  test("making an admin is refused for non-members and bad bodies", async () => {
    const outside = await as(owner, "POST", `/api/leagues/${publicId}/admins/${outsider.user.id}`, { stepDown: true });
    expect([outside.status, outside.body.code]).toEqual([409, "not_member"]);
    expect((await as(owner, "POST", `/api/leagues/${publicId}/admins/${member.user.id}`, {})).status).toBe(400);
    expect((await as(owner, "POST", `/api/leagues/${publicId}/admins/abc`, { stepDown: true })).status).toBe(400);
    expect(await roles(publicId)).toEqual([
      ["owner", "admin"],
      ["member", "member"],
    ]);
  });

  test("an admin deletes the league: memberships and invitations go, the book's bets stay their players'", async () => {
    expect((await as(member, "POST", "/api/bets", { ...leagueBet, leagueId: publicId })).status).toBe(201);
    await buildInvitation(ctx, { id: privateId }, owner, outsider);
    expect((await as(member, "DELETE", `/api/leagues/${publicId}`)).status).toBe(403);
    for (const id of [publicId, privateId]) {
      const res = await as(owner, "DELETE", `/api/leagues/${id}`);
      expect(res.body).toEqual({ message: "League deleted" });
      expect((await as(owner, "GET", `/api/leagues/${id}`)).status).toBe(404);
    }
    expect((await as(member, "GET", `/api/users/${member.user.id}/leagues`)).body).toEqual([]);
    expect((await as(outsider, "GET", `/api/users/${outsider.user.id}/invitations`)).body).toEqual([]);
    const bets = (await as(member, "GET", `/api/users/${member.user.id}/bets`)).body;
    expect(bets.map((b: any) => [b.status, b.league?.name])).toEqual([["pending", "Deleted league"]]);
    expect((await as(owner, "DELETE", `/api/leagues/${publicId}`)).status).toBe(404);
  });
});
