/** A league's week in review (issue 44 item 7): the winner, highlights and tail records, from what the league shows. */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { settleGame } from "../../src/modules/betting/settlement.ts";
import { ADMIN, type BuiltUser, buildLeague, seededSeason } from "../factories.ts";
import { call, type TestContext } from "../support.ts";
import { LATE, moneyline, over, spread, SUN, THU } from "./league-fixtures.ts";

let ctx: TestContext;
let admin: BuiltUser;
let owner: BuiltUser;
let member: BuiltUser;
let newcomer: BuiltUser;

beforeEach(async () => {
  ({
    ctx,
    people: { admin, owner, member, newcomer },
  } = await seededSeason({
    people: {
      admin: ADMIN,
      owner: { username: "owner" },
      member: { username: "member" },
      newcomer: { username: "newcomer" },
    },
  }));
});
afterEach(() => ctx.close());

async function bet(who: BuiltUser, body: Record<string, unknown>) {
  const res = await call(ctx.app, "POST", "/api/bets", {
    body: { units: 1, leagueId: null, ...body },
    cookie: who.cookie,
  });
  if (res.status !== 201) throw new Error(`placing: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function final(gameId: string, homeScore: number, awayScore: number) {
  const body = { homeScore, awayScore, status: "completed" };
  expect((await call(ctx.app, "PATCH", `/api/games/${gameId}`, { body, cookie: admin.cookie })).status).toBe(200);
  await settleGame(ctx.db, ctx.clock.now(), gameId);
}

const recap = (who: BuiltUser, leagueId: number, week = 1) =>
  call(ctx.app, "GET", `/api/recap/league/${leagueId}/week/${week}`, { cookie: who.cookie });

test("once week 1 is final: its winner, biggest hit, worst beat, most-tailed pick and who follows whom", async () => {
  const league = await buildLeague(ctx, owner, { revealPicks: "picked", members: [member, newcomer] });
  const kc = await bet(owner, { ...moneyline(SUN, "Kansas City Chiefs"), odds: 150 });
  await bet(member, spread(SUN, "Buffalo Bills"));
  const seahawks = await bet(owner, spread(LATE, "Seattle Seahawks"));
  await bet(member, spread(LATE, "San Francisco 49ers", 3.5)); // picking the game shows the owner's pick: tail it
  const tail = await call(ctx.app, "POST", "/api/bets", {
    body: { units: 1, leagueId: null, tailOf: seahawks, replaceExisting: true, ...spread(LATE, "Seattle Seahawks") },
    cookie: member.cookie,
  });
  expect(tail.status).toBe(201);
  await bet(newcomer, over(LATE));

  expect((await recap(member, league.id)).body).toMatchObject({ code: "week_not_final" });
  ctx.clock.set("2026-09-14T12:00:00Z");
  await final(THU, 24, 17);
  await final(SUN, 20, 24); // Kansas City by 4: the +150 hits, Buffalo -3.5 misses by 7.5
  await final(LATE, 27, 24); // Seattle by 3: -3.5 misses by half a point; 51 points: the Over

  const res = await recap(member, league.id);
  expect(res.status).toBe(200);
  const body = res.body;
  expect(body).toMatchObject({ season: 2026, week: 1, winners: [{ username: "newcomer", unitsWon: "0.91" }] });
  expect(body.biggestHit).toMatchObject({
    player: { username: "owner" },
    bet: { id: kc, result: "150.00" },
    figure: 1.5,
  });
  expect(body.worstBeat).toMatchObject({ player: { username: "owner" }, bet: { id: seahawks }, figure: 0.5 });
  expect(body.mostTailed).toMatchObject({ player: { username: "owner" }, bet: { id: seahawks }, figure: 1 });
  expect(body.tailRecords).toEqual([
    {
      tailer: { userId: member.user.id, username: "member" },
      followed: { userId: owner.user.id, username: "owner" },
      won: 0,
      lost: 1,
      pushed: 0,
      unitsWon: "-1.00",
      clvCost: null, // no closing lines in this world
    },
  ]);
  expect(body.biggestHit.bet).not.toHaveProperty("note");

  // Members only; a week not played yet is not final; week 19 does not exist.
  expect((await recap(admin, league.id)).status).toBe(403);
  expect((await recap(member, league.id, 2)).body.code).toBe("week_not_final");
  expect((await recap(member, league.id, 19)).status).toBe(400);
});

test("a league that never shows picks names none: only its winner", async () => {
  const league = await buildLeague(ctx, owner, { revealPicks: "never", members: [member] });
  await bet(member, { ...moneyline(SUN, "Kansas City Chiefs"), odds: 150 });
  ctx.clock.set("2026-09-14T12:00:00Z");
  for (const [game, home, away] of [
    [THU, 24, 17],
    [SUN, 20, 24],
    [LATE, 27, 24],
  ] as const)
    await final(game, home, away);
  const { body } = await recap(owner, league.id);
  expect(body.winners).toEqual([{ userId: member.user.id, username: "member", unitsWon: "1.50" }]);
  expect([body.biggestHit, body.worstBeat, body.bestClv, body.mostTailed, body.tailRecords]).toEqual([
    null,
    null,
    null,
    null,
    [],
  ]);
});
