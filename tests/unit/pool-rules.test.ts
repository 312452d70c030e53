/** Pools' pure rules with hand-made weeks (issue 45): a sheet's checks, prices, grades and the automatic pick. */
import { describe, expect, test } from "bun:test";
import {
  autoPickKickoff,
  autoPickOf,
  gradePick,
  pickPrice,
  planSheet,
  scoreOf,
  seasonWeeks,
  type SheetGame,
  weekCounts,
} from "../../src/modules/pools/rules.ts";
import {
  DEFAULT_POOL,
  impliedProbability,
  pickWorth,
  poolOptionsOf,
  poolProblem,
  priceMultiplier,
} from "../../src/shared/pools.ts";

const games: SheetGame[] = [
  { id: "g1", awayTeam: "Dallas", homeTeam: "Philadelphia", locked: true },
  { id: "g2", awayTeam: "Kansas City", homeTeam: "Buffalo", locked: false },
  { id: "g3", awayTeam: "San Francisco", homeTeam: "Seattle", locked: false },
];

const codeOf = (outcome: ReturnType<typeof planSheet>) => ("problem" in outcome ? outcome.problem.code : "ok");

describe("a sheet's save", () => {
  test("open games take the sent picks; a locked pick stays as it was, and an open one left out goes", () => {
    const stored = [
      { gameId: "g1", selection: "Dallas", points: null },
      { gameId: "g3", selection: "Seattle", points: null },
    ];
    const outcome = planSheet("pickem", 1, games, stored, [{ gameId: "g2", selection: "Buffalo" }]);
    expect(outcome).toEqual({
      plan: { write: [{ gameId: "g2", selection: "Buffalo", points: null }], remove: ["g3"] },
    });
    // Sending the locked pick back unchanged is fine; changing it is 409.
    expect(codeOf(planSheet("pickem", 1, games, stored, [{ gameId: "g1", selection: "Dallas" }]))).toBe("ok");
    const locked = planSheet("pickem", 1, games, stored, [{ gameId: "g1", selection: "Philadelphia" }]);
    expect("problem" in locked && locked.problem).toEqual({
      status: 409,
      code: "game_locked",
      message: "Dallas @ Philadelphia is locked: its pick can no longer change",
    });
    // A first pick on a locked game is as locked.
    expect(codeOf(planSheet("pickem", 1, games, [], [{ gameId: "g1", selection: "Dallas" }]))).toBe("game_locked");
  });

  test("bad input: a game not in the week, twice the same game, a selection naming neither team, points outside confidence", () => {
    expect(codeOf(planSheet("pickem", 1, games, [], [{ gameId: "g9", selection: "Dallas" }]))).toBe("game_not_in_week");
    expect(
      codeOf(
        planSheet(
          "pickem",
          1,
          games,
          [],
          [
            { gameId: "g2", selection: "Buffalo" },
            { gameId: "g2", selection: "Kansas City" },
          ],
        ),
      ),
    ).toBe("duplicate_game");
    expect(codeOf(planSheet("pickem", 1, games, [], [{ gameId: "g2", selection: "Dallas" }]))).toBe(
      "invalid_selection",
    );
    expect(codeOf(planSheet("pickem", 1, games, [], [{ gameId: "g2", selection: "Buffalo", points: 2 }]))).toBe(
      "points_not_used",
    );
  });

  test("confidence: points 1..N (N = the week's games), never twice, the locked picks' points counted", () => {
    const stored = [{ gameId: "g1", selection: "Dallas", points: 3 }];
    const send = (p2: number | null, p3: number | null) =>
      codeOf(
        planSheet("confidence", 1, games, stored, [
          { gameId: "g2", selection: "Buffalo", points: p2 },
          { gameId: "g3", selection: "Seattle", points: p3 },
        ]),
      );
    expect(send(1, 2)).toBe("ok");
    expect(send(2, 2)).toBe("duplicate_points");
    expect(send(3, 1)).toBe("duplicate_points"); // the locked pick holds 3
    expect(send(4, 1)).toBe("invalid_points"); // three games: 1 to 3
    expect(send(0, 1)).toBe("invalid_points");
    expect(send(null, 1)).toBe("invalid_points");
    // Only the points changed: the pick is written again, with the same side.
    const moved = planSheet(
      "confidence",
      1,
      games,
      [...stored, { gameId: "g2", selection: "Buffalo", points: 1 }],
      [{ gameId: "g2", selection: "Buffalo", points: 2 }],
    );
    expect(moved).toEqual({ plan: { write: [{ gameId: "g2", selection: "Buffalo", points: 2 }], remove: [] } });
  });

  test("survivor: one team a week, never a team used in another week", () => {
    expect(
      codeOf(
        planSheet(
          "survivor",
          1,
          games,
          [],
          [
            { gameId: "g2", selection: "Buffalo" },
            { gameId: "g3", selection: "Seattle" },
          ],
        ),
      ),
    ).toBe("survivor_one_pick");
    // A locked pick is the week's pick: another one on an open game makes two.
    expect(
      codeOf(
        planSheet(
          "survivor",
          1,
          games,
          [{ gameId: "g1", selection: "Dallas", points: null }],
          [{ gameId: "g2", selection: "Buffalo" }],
        ),
      ),
    ).toBe("survivor_one_pick");
    expect(
      codeOf(planSheet("survivor", 1, games, [], [{ gameId: "g2", selection: "Buffalo" }], new Set(["Buffalo"]))),
    ).toBe("team_used");
    expect(
      codeOf(planSheet("survivor", 1, games, [], [{ gameId: "g2", selection: "Buffalo" }], new Set(["Seattle"]))),
    ).toBe("ok");
  });
});

describe("prices and grades", () => {
  const game = {
    homeTeam: "Buffalo",
    awayTeam: "Kansas City",
    odds: [
      {
        marketType: "h2h",
        outcomes: [
          { name: "Kansas City", price: 150 },
          { name: "Buffalo", price: -175 },
        ],
      },
      {
        marketType: "spreads",
        outcomes: [
          { name: "Kansas City", price: -110, point: 3.5 },
          { name: "Buffalo", price: -105, point: -3.5 },
        ],
      },
    ],
  };

  test("straight up the moneyline; against the spread the spread and its price, frozen in the pick", () => {
    expect(pickPrice(game, "straight", "Kansas City")).toEqual({ odds: 150, point: null });
    expect(pickPrice(game, "spread", "Buffalo")).toEqual({ odds: -105, point: -3.5 });
    expect(pickPrice({ ...game, odds: [] }, "spread", "Buffalo")).toBeNull();
    expect(pickPrice({ ...game, odds: [] }, "straight", "Buffalo")).toEqual({ odds: null, point: null });
  });

  test("a final score grades straight up (a tie pushes) and against the frozen spread (landing on it pushes)", () => {
    const final = (home: number, away: number) => ({
      homeTeam: "Buffalo",
      awayTeam: "Kansas City",
      homeScore: home,
      awayScore: away,
    });
    expect(gradePick({ selection: "Buffalo", point: null }, final(24, 17))).toBe("won");
    expect(gradePick({ selection: "Kansas City", point: null }, final(24, 17))).toBe("lost");
    expect(gradePick({ selection: "Buffalo", point: null }, final(20, 20))).toBe("push");
    expect(gradePick({ selection: "Buffalo", point: -7.5 }, final(24, 17))).toBe("lost");
    expect(gradePick({ selection: "Kansas City", point: 7 }, final(24, 17))).toBe("push");
    expect(gradePick({ selection: "Kansas City", point: 7.5 }, final(24, 17))).toBe("won");
  });

  test("what a pick is worth: 1, its confidence points, or its price when the pool is priced; a push half", () => {
    const priced = { ...DEFAULT_POOL, priced: true };
    expect(pickWorth(DEFAULT_POOL, null, 250)).toBe(100);
    expect(pickWorth(DEFAULT_POOL, 7, 250)).toBe(700);
    expect(pickWorth(priced, null, 250)).toBe(250); // an underdog at +250 scores 2.5
    expect(pickWorth(priced, null, -400)).toBe(25); // a −400 favourite 0.25
    expect(pickWorth(priced, 3, -110)).toBe(273);
    expect(pickWorth(priced, null, null)).toBe(100);
    expect(pickWorth({ ...priced, against: "spread" }, null, 250)).toBe(100);
    expect(scoreOf("won", 250)).toBe(250);
    expect(scoreOf("push", 250)).toBe(125);
    expect(scoreOf("push", 100)).toBe(50);
    expect(scoreOf("lost", 250)).toBe(0);
    expect(priceMultiplier(-400)).toBe(0.25);
    expect(impliedProbability(-400)).toBe(0.8);
    expect(impliedProbability(250)).toBeCloseTo(0.2857, 4);
  });

  test("pool options: the format's own fields as given, the others at their defaults; priced needs straight up", () => {
    expect(poolOptionsOf("survivor", { strikes: 2, priced: true })).toEqual({ ...DEFAULT_POOL, strikes: 2 });
    expect(poolProblem("pickem", poolOptionsOf("pickem", { priced: true, against: "spread" }))?.field).toBe(
      "pool.priced",
    );
    expect(poolProblem("survivor", poolOptionsOf("survivor", { strikes: 2 }))).toBeNull();
  });
});

describe("the season's weeks and the automatic pick", () => {
  const season = [
    { week: 1, commenceTime: "2026-09-11T00:20:00Z" },
    { week: 1, commenceTime: "2026-09-13T20:25:00Z" },
    { week: 1, commenceTime: "2026-09-13T17:00:00Z" },
    { week: 2, commenceTime: "2026-09-20T17:00:00Z" },
  ];

  test("a week counts from a pool's start when a pick could still be made after it", () => {
    const [w1, w2] = seasonWeeks(season, "game");
    expect(w1).toEqual({
      week: 1,
      firstKickoff: "2026-09-11T00:20:00Z",
      lastKickoff: "2026-09-13T20:25:00Z",
      deadline: "2026-09-13T20:25:00Z",
    });
    expect(weekCounts(w1!, "2026-09-12T10:00:00.000Z", null)).toBe(true); // Sunday's games were still open
    expect(weekCounts(seasonWeeks(season, "week")[0]!, "2026-09-12T10:00:00.000Z", null)).toBe(false); // the week had locked
    expect(weekCounts(w2!, "2026-09-01T00:00:00.000Z", "2026-09-15")).toBe(false); // after the end date
  });

  test("the automatic pick waits for the week's busiest kick-off (its first when the week locks at once)", () => {
    const kickoffs = ["2026-09-11T00:20:00Z", "2026-09-13T17:00:00Z", "2026-09-13T17:00:00Z", "2026-09-15T00:15:00Z"];
    expect(autoPickKickoff(kickoffs, "game")).toBe("2026-09-13T17:00:00Z");
    expect(autoPickKickoff(kickoffs, "week")).toBe("2026-09-11T00:20:00Z");
    expect(autoPickKickoff([], "game")).toBeNull();
  });

  test("the largest home favourite still open and not used; else the largest favourite left", () => {
    const open = [
      {
        id: "a",
        homeTeam: "Buffalo",
        awayTeam: "Kansas City",
        commenceTime: "2026-09-13T17:00:00Z",
        homePrice: -175,
        awayPrice: 150,
      },
      {
        id: "b",
        homeTeam: "Seattle",
        awayTeam: "San Francisco",
        commenceTime: "2026-09-13T20:25:00Z",
        homePrice: 120,
        awayPrice: -300,
      },
      {
        id: "c",
        homeTeam: "Detroit",
        awayTeam: "Chicago",
        commenceTime: "2026-09-13T17:00:00Z",
        homePrice: -250,
        awayPrice: 200,
      },
    ];
    expect(autoPickOf(open, new Set())).toEqual({ gameId: "c", selection: "Detroit" });
    expect(autoPickOf(open, new Set(["Detroit"]))).toEqual({ gameId: "a", selection: "Buffalo" });
    // No home favourite left: the biggest favourite of any side (San Francisco at −300).
    expect(autoPickOf(open, new Set(["Detroit", "Buffalo"]))).toEqual({ gameId: "b", selection: "San Francisco" });
    expect(autoPickOf(open.slice(0, 1), new Set(["Buffalo", "Kansas City"]))).toBeNull();
  });
});
