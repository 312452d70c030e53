import { expect, test } from "bun:test";
import { highlights, type RecapPick, tailRecords } from "../../src/modules/leagues/recap-rules.ts";

const pick = (id: number, over: Partial<RecapPick>): RecapPick => ({
  id,
  userId: 1,
  status: "won",
  profitCents: 0,
  wagerCents: 10000,
  clv: null,
  margin: null,
  tails: 0,
  ...over,
});

test("the week's highlights: the largest win, the closest loss, the best CLV, the most tailed", () => {
  const picks = [
    pick(1, { status: "won", profitCents: 9091, clv: 2.5, margin: 7 }),
    pick(2, { status: "won", profitCents: 25000, clv: -1, tails: 2 }),
    pick(3, { status: "lost", profitCents: -10000, margin: -0.5, clv: 4.1 }),
    pick(4, { status: "lost", profitCents: -30000, wagerCents: 30000, margin: -0.5 }),
    pick(5, { status: "lost", profitCents: -10000, margin: -14 }),
    pick(6, { status: "push", tails: 1 }),
    pick(7, { status: "pending", clv: 9 }),
  ];
  expect(highlights(picks)).toEqual({
    biggestHit: { id: 2, profitCents: 25000 },
    worstBeat: { id: 4, missedBy: 0.5 }, // as close as 3, with the bigger stake
    bestClv: { id: 3, clv: 4.1 },
    mostTailed: { id: 2, tails: 2 },
  });
  expect(highlights([pick(1, { status: "lost", margin: null })])).toEqual({
    biggestHit: null,
    worstBeat: null,
    bestClv: null,
    mostTailed: null,
  });
});

test("each member's record following another: W-L-P, units and the average CLV cost", () => {
  expect(
    tailRecords([
      { tailerId: 2, followedId: 1, status: "won", profitCents: 9091, clvCost: 1 },
      { tailerId: 2, followedId: 1, status: "lost", profitCents: -10000, clvCost: null },
      { tailerId: 2, followedId: 1, status: "won", profitCents: 9091, clvCost: 0.5 },
      { tailerId: 3, followedId: 1, status: "push", profitCents: 0, clvCost: null },
    ]),
  ).toEqual([
    { tailerId: 2, followedId: 1, won: 2, lost: 1, pushed: 0, profitCents: 8182, clvCost: 0.8 },
    { tailerId: 3, followedId: 1, won: 0, lost: 0, pushed: 1, profitCents: 0, clvCost: null },
  ]);
});
