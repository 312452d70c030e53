import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * Every "read, then write" rule of leagues and friends, raced by parallel requests alternating
 * between two real `serve` processes on one PostgreSQL database (the PostgreSQL run of tests/api
 * only): each answer is 200/201 or 409, never 500, and the rows left keep the rule.
 */
describe.skipIf(!onPostgres)("races between two serve processes on one PostgreSQL database", () => {
  const { a, b, query, send, register } = twoServesOnPostgres("racer");

  /** `n` copies of one request at once, alternating between the two processes; their statuses and bodies. */
  async function race(n: number, request: (on: RunningServe, i: number) => Promise<Response>) {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => request(i % 2 ? b : a, i)));
    return Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as any })));
  }

  const statuses = (answers: { status: number }[]) => answers.map((r) => r.status).sort();

  const leagueBody = (createdBy: number, isPublic = true) => ({
    name: `Race league ${Math.random().toString(36).slice(2, 8)}`,
    isPublic,
    rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
    createdBy,
  });

  async function createLeague(owner: { cookie: string; id: number }, isPublic = true) {
    const res = await send(a, "POST", "/api/leagues", leagueBody(owner.id, isPublic), owner.cookie);
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  }

  const count = async (from: string, params: unknown[]) =>
    (await query<{ n: number }>(`select count(*)::int as n from ${from}`, params)).rows[0]!.n;

  test("10 joins of one public league at once: one 200, nine 409 already_member, one membership", async () => {
    const owner = await register();
    const player = await register();
    const league = await createLeague(owner);
    const answers = await race(10, (on) =>
      send(on, "POST", `/api/leagues/${league.id}/join`, { userId: player.id }, player.cookie),
    );
    expect(statuses(answers)).toEqual([200, ...new Array(9).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "already_member")).toBe(true);
    expect(await count("league_members where league_id = $1 and user_id = $2", [league.id, player.id])).toBe(1);
  }, 30_000);

  test("10 joins by one invite link at once: one 200, nine 409 already_member, one membership", async () => {
    const owner = await register();
    const player = await register();
    const league = await createLeague(owner, false);
    const { inviteToken } = (await (
      await fetch(`${a.url}/api/leagues/${league.id}/invite-link`, { headers: { cookie: owner.cookie } })
    ).json()) as { inviteToken: string };
    const answers = await race(10, (on) =>
      send(on, "POST", `/api/leagues/join-by-token/${inviteToken}`, {}, player.cookie),
    );
    expect(statuses(answers)).toEqual([200, ...new Array(9).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "already_member")).toBe(true);
    expect(await count("league_members where league_id = $1 and user_id = $2", [league.id, player.id])).toBe(1);
  }, 30_000);

  test("10 invitations of one player at once: one 200, nine 409 already_invited, one pending invitation", async () => {
    const owner = await register();
    const invited = await register();
    const league = await createLeague(owner, false);
    const answers = await race(10, (on) =>
      send(
        on,
        "POST",
        `/api/leagues/${league.id}/invite`,
        { invitedUserId: invited.id, invitedBy: owner.id },
        owner.cookie,
      ),
    );
    expect(statuses(answers)).toEqual([200, ...new Array(9).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "already_invited")).toBe(true);
    expect(
      await count("league_invitations where league_id = $1 and invited_user_id = $2", [league.id, invited.id]),
    ).toBe(1);
  }, 30_000);

  test("an accept and a decline of one invitation at once: one 200, one 409 invitation_answered, rows agree", async () => {
    const owner = await register();
    const league = await createLeague(owner, false);
    for (let round = 0; round < 4; round++) {
      const invited = await register();
      const invitation = (await (
        await send(
          a,
          "POST",
          `/api/leagues/${league.id}/invite`,
          { invitedUserId: invited.id, invitedBy: owner.id },
          owner.cookie,
        )
      ).json()) as { id: number };
      const answers = await race(2, (on, i) =>
        send(
          on,
          "POST",
          `/api/invitations/${invitation.id}/${i ? "decline" : "accept"}`,
          { userId: invited.id },
          invited.cookie,
        ),
      );
      expect(statuses(answers)).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe("invitation_answered");
      const winner = answers.find((r) => r.status === 200)!.body.status as string;
      const { rows } = await query("select status from league_invitations where id = $1", [invitation.id]);
      expect(rows[0].status).toBe(winner);
      const members = await count("league_members where league_id = $1 and user_id = $2", [league.id, invited.id]);
      expect(members).toBe(winner === "accepted" ? 1 : 0);
    }
  }, 60_000);

  test("a player at 24 of 25 leagues creates 6 at once: one 201, five 409 league_limit_reached, 25 in all", async () => {
    const owner = await register();
    for (let i = 0; i < 24; i++) {
      await query(
        `insert into leagues (name, is_public, allowed_bet_types, created_by, invite_token, created_at)
         values ($1, 1, '["spread"]', $2, $3, $4)`,
        [`Old league ${i}`, owner.id, `race-token-${owner.id}-${i}`, new Date().toISOString()],
      );
    }
    const answers = await race(6, (on) => send(on, "POST", "/api/leagues", leagueBody(owner.id), owner.cookie));
    expect(statuses(answers)).toEqual([201, ...new Array(5).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "league_limit_reached")).toBe(true);
    expect(await count("leagues where created_by = $1", [owner.id])).toBe(25);
  }, 30_000);

  test("10 friend requests a→b at once: one 201, nine 409 request_pending, one pending request", async () => {
    const asker = await register();
    const asked = await register();
    const answers = await race(10, (on) =>
      send(on, "POST", "/api/friends/requests", { addresseeId: asked.id }, asker.cookie),
    );
    expect(statuses(answers)).toEqual([201, ...new Array(9).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "request_pending")).toBe(true);
    expect(
      await count("friend_requests where requester_id = $1 and addressee_id = $2 and status = 'pending'", [
        asker.id,
        asked.id,
      ]),
    ).toBe(1);
  }, 30_000);

  test("c→d and d→c at once end as one friendship with nothing pending, every time", async () => {
    for (let round = 0; round < 4; round++) {
      const c = await register();
      const d = await register();
      const answers = await race(2, (on, i) =>
        i
          ? send(on, "POST", "/api/friends/requests", { addresseeId: c.id }, d.cookie)
          : send(on, "POST", "/api/friends/requests", { addresseeId: d.id }, c.cookie),
      );
      expect(statuses(answers)).toEqual([201, 201]);
      // The second to take the pair's lock accepts the first's request (the first may answer before that: "pending").
      expect(answers.map((r) => r.body.status)).toContain("accepted");
      const pair = [c.id, d.id];
      expect(await count("friendships where user_id = any($1) and friend_id = any($1)", [pair])).toBe(2);
      expect(
        await count("friend_requests where requester_id = any($1) and addressee_id = any($1) and status = 'pending'", [
          pair,
        ]),
      ).toBe(0);
    }
  }, 60_000);

  test("an accept and a decline of one friend request at once: one 200, one 409 request_answered", async () => {
    for (let round = 0; round < 4; round++) {
      const asker = await register();
      const asked = await register();
      const request = (await (
        await send(a, "POST", "/api/friends/requests", { addresseeId: asked.id }, asker.cookie)
      ).json()) as { id: number };
      const answers = await race(2, (on, i) =>
        send(on, "PATCH", `/api/friends/requests/${request.id}`, { status: i ? "declined" : "accepted" }, asked.cookie),
      );
      expect(statuses(answers)).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe("request_answered");
      const winner = answers.find((r) => r.status === 200)!.body.status as string;
      const { rows } = await query("select status from friend_requests where id = $1", [request.id]);
      expect(rows[0].status).toBe(winner);
      const friends = await count("friendships where user_id = $1 and friend_id = $2", [asker.id, asked.id]);
      expect(friends).toBe(winner === "accepted" ? 1 : 0);
    }
  }, 60_000);

  /** The `skip`-th game still open a day from now, and a moneyline bet on its home side at the current price. */
  async function openGameBet(skip: number) {
    const { rows } = await query<{ id: string; home_team: string; odds: string }>(
      "select id, home_team, odds from games where completed_at is null and commence_time > $1 order by commence_time, id offset $2 limit 1",
      [new Date(Date.now() + 86_400_000).toISOString(), skip],
    );
    const game = rows[0]!;
    const h2h = (JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]).find(
      (m) => m.marketType === "h2h",
    )!;
    const odds = h2h.outcomes.find((o) => o.name === game.home_team)!.price;
    return {
      gameId: game.id,
      body: { gameId: game.id, betType: "moneyline", selection: game.home_team, odds, units: 2 },
    };
  }

  async function siteAdmin() {
    const admin = await register(b);
    await query("update users set role = 'admin', email_verified_at = $2 where id = $1", [
      admin.id,
      new Date().toISOString(),
    ]);
    return admin;
  }

  const settledBets = async (userId: number) =>
    (
      await query<{ n: number }>("select coalesce(sum(settled), 0)::int as n from user_book_stats where user_id = $1", [
        userId,
      ])
    ).rows[0]!.n;

  // Placements share transactions in batches (runtime/group-commit.ts): a player's placements in one
  // process run in turn in one batch, and batches in two processes meet on the player's book lock.
  test("12 placements of one bet at once: one 201, eleven 409 bet_exists, one bet", async () => {
    const player = await register();
    const { body } = await openGameBet(0);
    const answers = await race(12, (on) => send(on, "POST", "/api/bets", body, player.cookie));
    expect(statuses(answers)).toEqual([201, ...new Array(11).fill(409)]);
    expect(answers.filter((r) => r.status === 409).every((r) => r.body.code === "bet_exists")).toBe(true);
    expect(await count("bets where user_id = $1", [player.id])).toBe(1);
  }, 30_000);

  test("12 replacements of one bet at once: every one 201, one pending bet left, the stake counted once", async () => {
    const player = await register();
    const { body } = await openGameBet(0);
    expect((await send(a, "POST", "/api/bets", body, player.cookie)).status).toBe(201);
    const answers = await race(12, (on, i) =>
      send(on, "POST", "/api/bets", { ...body, units: 1 + (i % 3), replaceExisting: true }, player.cookie),
    );
    expect(statuses(answers)).toEqual(new Array(12).fill(201));
    expect(await count("bets where user_id = $1 and status = 'pending'", [player.id])).toBe(1);
  }, 30_000);

  test("a $500 league bankroll and ten $100 bets on ten games at once, five rounds: five 201, five 400 bankroll_exceeded", async () => {
    const bets = await Promise.all(Array.from({ length: 10 }, (_, i) => openGameBet(i)));
    for (let round = 0; round < 5; round++) {
      const player = await register();
      const res = await send(
        a,
        "POST",
        "/api/leagues",
        { ...leagueBody(player.id), startingBankroll: 500 },
        player.cookie,
      );
      expect(res.status).toBe(201);
      const league = (await res.json()) as { id: number };
      const answers = await race(10, (on, i) =>
        send(on, "POST", "/api/bets", { ...bets[i]!.body, units: 1, leagueId: league.id }, player.cookie),
      );
      expect(statuses(answers)).toEqual([...new Array(5).fill(201), ...new Array(5).fill(400)]);
      expect(answers.filter((r) => r.status === 400).every((r) => r.body.code === "bankroll_exceeded")).toBe(true);
      const { rows } = await query<{ cents: number }>(
        "select coalesce(sum(wager_cents), 0)::int as cents from bets where user_id = $1 and book_id = $2",
        [player.id, league.id],
      );
      expect(rows[0]!.cents).toBe(50_000);
    }
  }, 60_000);

  test("10 cancels of one bet at once: one 200 with the stake back, nine 404, no bet left", async () => {
    const player = await register();
    const { body } = await openGameBet(0);
    const placed = await send(a, "POST", "/api/bets", body, player.cookie);
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: number };
    const answers = await race(10, (on) => send(on, "DELETE", `/api/bets/${id}`, undefined, player.cookie));
    expect(statuses(answers)).toEqual([200, ...new Array(9).fill(404)]);
    expect(answers.find((r) => r.status === 200)!.body).toEqual({ id, stakeReturned: "200.00" });
    expect(await count("bets where user_id = $1", [player.id])).toBe(0);
  }, 30_000);

  test("a cancel racing the game's resolve: either the bet is gone and never settled, or it is settled and the cancel 409", async () => {
    const admin = await siteAdmin();
    for (let round = 0; round < 4; round++) {
      const player = await register();
      const { gameId, body } = await openGameBet(1 + round);
      const placed = await send(a, "POST", "/api/bets", body, player.cookie);
      expect(placed.status).toBe(201);
      const { id } = (await placed.json()) as { id: number };
      const [cancelled, resolved] = await Promise.all([
        send(a, "DELETE", `/api/bets/${id}`, undefined, player.cookie),
        send(b, "PATCH", `/api/games/${gameId}`, { homeScore: 27, awayScore: 13, status: "completed" }, admin.cookie),
      ]);
      expect(resolved.status).toBe(200);
      expect([200, 409]).toContain(cancelled.status);
      if (cancelled.status === 200) {
        // Give the settlement the resolve started time to run: it must find nothing of this player's.
        await Bun.sleep(1500);
        expect(await count("bets where user_id = $1", [player.id])).toBe(0);
        expect(await settledBets(player.id)).toBe(0);
      } else {
        expect(((await cancelled.json()) as { code: string }).code).toMatch(/^(game_locked|bet_settled)$/);
        const deadline = Date.now() + 10_000;
        while ((await settledBets(player.id)) === 0 && Date.now() < deadline) await Bun.sleep(100);
        expect(await settledBets(player.id)).toBe(1);
        expect(await count("bets where user_id = $1 and status = 'won'", [player.id])).toBe(1);
      }
    }
  }, 90_000);
  /** A public league whose owner made `other` a co-admin. */
  async function twoAdminLeague(owner: { cookie: string; id: number }, other: { cookie: string; id: number }) {
    const league = await createLeague(owner);
    expect((await send(a, "POST", `/api/leagues/${league.id}/join`, { userId: other.id }, other.cookie)).status).toBe(
      200,
    );
    const appointed = await send(
      a,
      "POST",
      `/api/leagues/${league.id}/admins/${other.id}`,
      { stepDown: false },
      owner.cookie,
    );
    expect(appointed.status).toBe(200);
    return league;
  }

  test("two admins removing each other at once, five times: one 200, one 403, always one admin left", async () => {
    const first = await register();
    const second = await register();
    for (let round = 0; round < 5; round++) {
      const league = await twoAdminLeague(first, second);
      const answers = await race(2, (on, i) => {
        const [me, them] = i === 0 ? [first, second] : [second, first];
        return send(on, "DELETE", `/api/leagues/${league.id}/members/${them.id}`, undefined, me.cookie);
      });
      expect(statuses(answers)).toEqual([200, 403]);
      expect(await count("league_members where league_id = $1 and role = 'admin'", [league.id])).toBe(1);
    }
  }, 60_000);

  test("an admin removing the other admin while that one leaves: one 200, one 409 not_member, one admin left", async () => {
    const first = await register();
    const second = await register();
    for (let round = 0; round < 3; round++) {
      const league = await twoAdminLeague(first, second);
      const answers = await race(2, (on, i) =>
        i === 0
          ? send(on, "DELETE", `/api/leagues/${league.id}/members/${second.id}`, undefined, first.cookie)
          : send(on, "DELETE", `/api/leagues/${league.id}/leave`, { userId: second.id }, second.cookie),
      );
      expect(statuses(answers)).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.code).toBe("not_member");
      expect(await count("league_members where league_id = $1", [league.id])).toBe(1);
      expect(await count("league_members where league_id = $1 and role = 'admin'", [league.id])).toBe(1);
    }
  }, 60_000);

  test("two admins deleting one league at once, while a third hands over: one delete 200, no league, no members", async () => {
    const first = await register();
    const second = await register();
    const league = await twoAdminLeague(first, second);
    const answers = await race(4, (on, i) => {
      const me = i % 2 ? second : first;
      return i < 2
        ? send(on, "DELETE", `/api/leagues/${league.id}`, undefined, me.cookie)
        : send(on, "POST", `/api/leagues/${league.id}/admins/${first.id}`, { stepDown: true }, second.cookie);
    });
    const deletes = answers.slice(0, 2).map((r) => r.status);
    expect(deletes.filter((s) => s === 200)).toHaveLength(1);
    expect(answers.every((r) => [200, 403, 404, 409].includes(r.status))).toBe(true);
    expect(await count("leagues where id = $1", [league.id])).toBe(0);
    expect(await count("league_members where league_id = $1", [league.id])).toBe(0);
  }, 30_000);
});

describe.skipIf(!onPostgres)("a tail racing the cancel of the pick it follows (two processes)", () => {
  // A Saturday: the week's Thursday game has kicked off, so a 'week_start' league shows Sunday's picks.
  const { a, b, query, send, register } = twoServesOnPostgres("tailer", { CLOCK_START: "2026-10-10T12:00:00Z" });

  test("fourteen rounds: every cancel 200, every tail 201 or 404 pick_not_found (never a 500), no tail points at nothing", async () => {
    const owner = await register();
    const follower = await register(b);
    const created = await send(
      a,
      "POST",
      "/api/leagues",
      {
        name: `Tail race ${Math.random().toString(36).slice(2, 8)}`,
        isPublic: true,
        rules: { allowedBetTypes: ["spread", "total", "moneyline"] },
        revealPicks: "week_start",
        createdBy: owner.id,
      },
      owner.cookie,
    );
    expect(created.status).toBe(201);
    const league = (await created.json()) as { id: number };
    expect(
      (await send(b, "POST", `/api/leagues/${league.id}/join`, { userId: follower.id }, follower.cookie)).status,
    ).toBe(200);
    const { rows: games } = await query<{ id: string; home_team: string; odds: string }>(
      "select id, home_team, odds from games where season = 2026 and week = 6 and commence_time > $1 order by commence_time, id limit 14",
      ["2026-10-11T00:00:00Z"],
    );
    expect(games.length).toBe(14);
    const tails: { status: number; code?: string }[] = [];
    let round = 0;
    for (const game of games) {
      const h2h = (JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]).find(
        (m) => m.marketType === "h2h",
      )!;
      const bet = {
        gameId: game.id,
        betType: "moneyline",
        selection: game.home_team,
        odds: h2h.outcomes.find((o) => o.name === game.home_team)!.price,
        units: 1,
      };
      const placed = await send(a, "POST", "/api/bets", bet, owner.cookie);
      expect(placed.status).toBe(201);
      const { id } = (await placed.json()) as { id: number };
      // The cancel a little later each round, so one falls between the tail's check and its write.
      const [tail, cancel] = await Promise.all([
        send(b, "POST", "/api/bets", { ...bet, tailOf: id }, follower.cookie),
        Bun.sleep(round++ * 2).then(() => send(a, "DELETE", `/api/bets/${id}`, undefined, owner.cookie)),
      ]);
      expect(cancel.status).toBe(200);
      tails.push({ status: tail.status, code: ((await tail.json()) as { code?: string }).code });
    }
    for (const t of tails) expect(t.status === 201 || (t.status === 404 && t.code === "pick_not_found")).toBe(true);
    const dangling = await query<{ n: number }>(
      "select count(*)::int as n from bets t where t.tailed_from_bet_id is not null and not exists (select 1 from bets o where o.id = t.tailed_from_bet_id)",
    );
    expect(dangling.rows[0]!.n).toBe(0);
  }, 60_000);
});
