import { describe, expect, test } from "bun:test";
import { contestStatus, type ContestStatusFacts } from "../../src/shared/contest.ts";
import { contestStatusAction, contestStatusText, newcomerPrize, promoTitle } from "../../src/web/lib/contest-status.ts";

const entrant = { isBot: false, isAdmin: false, registeredAt: "2026-09-01T00:00:00Z" };
const firstKickoff = "2026-11-27T01:15:00Z";

/** A week of `open` games still open and `locked` ones started, the first `bet` of each list bet. */
function facts(
  { open, locked, betOpen = 0, betLocked = 0 }: { open: number; locked: number; betOpen?: number; betLocked?: number },
  more: Partial<ContestStatusFacts> = {},
): ContestStatusFacts {
  return {
    week: 12,
    games: [
      ...Array.from({ length: locked }, (_, i) => ({ open: false, bet: i < betLocked })),
      ...Array.from({ length: open }, (_, i) => ({ open: true, bet: i < betOpen })),
    ],
    firstKickoff: open + locked === 0 ? null : firstKickoff,
    entrant,
    nextWeekKickoff: "2026-12-04T01:15:00Z",
    ...more,
  };
}

describe("contestStatus", () => {
  test("no games: nothing to cover", () => {
    const status = contestStatus(facts({ open: 0, locked: 0 }));
    expect(status).toMatchObject({ state: "no-games", gamesScheduled: 0, gamesRequired: 0, gamesLeft: 0 });
  });

  test("one game: no minimum, eligible without a bet, even once it has started", () => {
    expect(contestStatus(facts({ open: 1, locked: 0 })).state).toBe("eligible");
    expect(contestStatus(facts({ open: 0, locked: 1 })).state).toBe("eligible");
  });

  test("many games, enough still open: in reach, counting only the open games not bet", () => {
    // 14 games, 3 started and bet, 11 open of which 0 bet: 10 more needed, 11 left.
    const status = contestStatus(facts({ open: 11, locked: 3, betLocked: 3 }));
    expect(status).toMatchObject({
      state: "in-reach",
      gamesScheduled: 14,
      gamesBet: 3,
      gamesRequired: 13,
      gamesNeeded: 10,
      gamesLeft: 11,
    });
  });

  test("games already locked: never asks for more games than remain open", () => {
    // The case: 3 of 14 bet, 8 games left open; 10 more needed cannot be found.
    const status = contestStatus(facts({ open: 8, locked: 6, betLocked: 3 }));
    expect(status).toMatchObject({ state: "out-of-reach", gamesBet: 3, gamesLeft: 8, gamesNeeded: 10 });
    expect(status.nextWeek).toEqual({ week: 13, firstKickoff: "2026-12-04T01:15:00Z" });
  });

  test("exactly as many open games as needed is still in reach; one fewer is not", () => {
    expect(contestStatus(facts({ open: 5, locked: 9, betLocked: 8 })).state).toBe("in-reach");
    expect(contestStatus(facts({ open: 4, locked: 10, betLocked: 8 })).state).toBe("out-of-reach");
  });

  test("open games already bet are not left to bet", () => {
    const status = contestStatus(facts({ open: 6, locked: 0, betOpen: 4 }));
    expect(status).toMatchObject({ state: "in-reach", gamesBet: 4, gamesLeft: 2, gamesNeeded: 1 });
  });

  test("all games but one bet: eligible, whatever is locked", () => {
    const status = contestStatus(facts({ open: 1, locked: 13, betLocked: 13 }));
    expect(status).toMatchObject({ state: "eligible", gamesNeeded: 0, gamesLeft: 1 });
  });

  test("the week is over: out of reach unless covered", () => {
    expect(contestStatus(facts({ open: 0, locked: 14, betLocked: 12 })).state).toBe("out-of-reach");
    expect(contestStatus(facts({ open: 0, locked: 14, betLocked: 13 })).state).toBe("eligible");
  });

  test("the last week of the season has no next week", () => {
    const status = contestStatus(facts({ open: 2, locked: 14 }, { week: 18, nextWeekKickoff: null }));
    expect(status).toMatchObject({ state: "out-of-reach", week: 18, nextWeek: null });
  });

  test("barred whatever they bet: bots, site admins, and accounts created at or after the first kick-off", () => {
    const covered = { open: 14, locked: 0, betOpen: 14 };
    expect(contestStatus(facts(covered, { entrant: { ...entrant, isBot: true } }))).toMatchObject({
      state: "barred",
      reasons: ["bot"],
    });
    expect(contestStatus(facts(covered, { entrant: { ...entrant, isAdmin: true } })).reasons).toEqual(["site admin"]);
    expect(contestStatus(facts(covered, { entrant: { ...entrant, registeredAt: firstKickoff } })).reasons).toEqual([
      "registered after the week's first kick-off",
    ]);
    expect(contestStatus(facts(covered, { entrant: { ...entrant, registeredAt: "2026-11-27T01:14:59Z" } })).state).toBe(
      "eligible",
    );
  });
});

describe("contestStatusText", () => {
  const kickoff = (iso: string) => `at ${iso}`;
  const text = (f: ContestStatusFacts) => contestStatusText(contestStatus(f), kickoff);

  test("in reach: counts what is bet, what is left open, and how many more it takes", () => {
    expect(text(facts({ open: 11, locked: 3, betLocked: 3 }))).toBe(
      "Not eligible yet: 3 of 14 bet, 11 games left. Bet 10 more to qualify for the Week 12 prize.",
    );
  });

  test("the issue's case: never '10 more' with 8 games left; the week is lost and the next one named", () => {
    expect(text(facts({ open: 8, locked: 6, betLocked: 3 }))).toBe(
      "Not eligible: Week 12 can no longer be covered (3 of 14 bet, 8 games left). Week 13 opens at 2026-12-04T01:15:00Z.",
    );
    expect(text(facts({ open: 0, locked: 16, betLocked: 3 }, { week: 18, nextWeekKickoff: null }))).toBe(
      "Not eligible: Week 18 can no longer be covered (3 of 16 bet, 0 games left). It was the season's last week.",
    );
  });

  test("eligible, barred and empty weeks", () => {
    expect(text(facts({ open: 2, locked: 12, betLocked: 12, betOpen: 1 }))).toBe(
      "Eligible ✓ for the Week 12 prize: 13 of 14 bet.",
    );
    expect(text(facts({ open: 1, locked: 0 }))).toBe(
      "Eligible ✓ for the Week 12 prize: one game this week, no minimum.",
    );
    expect(text(facts({ open: 3, locked: 0 }, { entrant: { ...entrant, registeredAt: firstKickoff } }))).toBe(
      "Not eligible for Week 12: you joined after its first kick-off. You can win from Week 13.",
    );
    expect(text(facts({ open: 0, locked: 0 }))).toBe("No games scheduled for this week");
  });

  test("the next step: the games not bet while in reach, next week's games once out of reach", () => {
    expect(contestStatusAction(contestStatus(facts({ open: 11, locked: 3, betLocked: 3 })))).toEqual({
      label: "Show the 11 games I haven't bet",
      week: null,
    });
    expect(contestStatusAction(contestStatus(facts({ open: 8, locked: 6, betLocked: 3 })))).toEqual({
      label: "Bet Week 13 games",
      week: 13,
    });
    expect(contestStatusAction(contestStatus(facts({ open: 1, locked: 13, betLocked: 13 })))).toBeNull();
  });
});

describe("newcomerPrize: what a visitor is told before signing up", () => {
  /** A week of 14 games: Thursday night's, then Sunday's from 1 PM Eastern, Monday night's last. */
  const thursday = "2026-12-11T01:15:00Z";
  const sunday1pm = "2026-12-13T18:00:00Z";
  const sunday4pm = "2026-12-13T21:05:00Z";
  const monday = "2026-12-15T01:15:00Z";
  const week = [
    { status: "completed" as const, commenceTime: thursday },
    ...Array.from({ length: 8 }, () => ({ status: "upcoming" as const, commenceTime: sunday1pm })),
    ...Array.from({ length: 4 }, () => ({ status: "upcoming" as const, commenceTime: sunday4pm })),
    { status: "upcoming" as const, commenceTime: monday },
  ];
  const at = (iso: string) => Date.parse(iso);

  test("before the week's first kick-off a newcomer can still win it: nothing to say", () => {
    expect(newcomerPrize(13, week, at("2026-12-10T12:00:00Z"))).toBeNull();
    expect(promoTitle(null)).toBe("Win a $20 gift card every week");
  });

  test("after Thursday's game, the rule on joining bars them: from next week", () => {
    const prize = newcomerPrize(13, week, at("2026-12-12T12:00:00Z"));
    expect(prize).toEqual({
      fromWeek: 14,
      text: "This week's prize is for players who joined before its first kick-off; 1 of 14 games has started — you can win from Week 14, and every bet counts on the boards now.",
    });
    expect(promoTitle(prize)).toBe("Win a $20 gift card from Week 14");
  });

  test("on a Sunday afternoon, more games have started than the prize spares: the count says it", () => {
    // 2:40 PM Eastern: Thursday's and the eight early games have started.
    expect(newcomerPrize(13, week, at("2026-12-13T19:40:00Z"))?.text).toBe(
      "This week's prize needs 13 of 14 games; 9 have started — you can win from Week 14, and every bet counts on the boards now.",
    );
    // A game under way counts as started whatever its kick-off says.
    const live = week.map((g, i) => (i === 1 ? { ...g, status: "live" as const } : g));
    expect(newcomerPrize(13, live, at("2026-12-12T12:00:00Z"))?.text).toStartWith(
      "This week's prize needs 13 of 14 games; 2 have started",
    );
  });

  test("in the season's last week there is no next prize to point at", () => {
    const prize = newcomerPrize(18, week, at("2026-12-13T19:40:00Z"));
    expect(prize).toEqual({
      fromWeek: null,
      text: "This week's prize needs 13 of 14 games; 9 have started — this is the season's last prize week, but every bet counts on the boards now.",
    });
    expect(promoTitle(prize)).toBe("Weekly $20 gift cards: this week is the season's last");
  });

  test("a week without games says nothing", () => {
    expect(newcomerPrize(13, [], at("2026-12-13T19:40:00Z"))).toBeNull();
  });
});
