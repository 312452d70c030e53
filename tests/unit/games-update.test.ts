import { describe, expect, test } from "bun:test";
import type { Bet } from "../../src/shared/contract/betting.ts";
import type { Game } from "../../src/shared/contract/games.ts";
import { followsLastUpdate, forgetLastUpdate, patchedBets, patchedWeek } from "../../src/web/lib/games-update.ts";

const game = (id: string, commenceTime: string, extra: Partial<Game> = {}) =>
  ({ id, season: 2026, week: 1, commenceTime, homeScore: null, awayScore: null, liveStatus: null, ...extra }) as Game;
const update = (version: number, previous: number | null, games: Game[] | null = []) => ({
  version,
  previous,
  games,
  currentWeek: { season: 2026, week: 1 },
});

describe("the sequence of updates", () => {
  test("the first update after an open is taken; the next one only if it follows it; no games means refetch", () => {
    forgetLastUpdate();
    expect(followsLastUpdate(update(10, 4))).toBe(true);
    expect(followsLastUpdate(update(12, 10))).toBe(true);
    expect(followsLastUpdate(update(15, 13))).toBe(false); // 13 was missed
    expect(followsLastUpdate(update(16, 15))).toBe(true); // and the refetch caught up with 15
    expect(followsLastUpdate(update(17, 16, null))).toBe(false);
    forgetLastUpdate();
    expect(followsLastUpdate(update(30, 21))).toBe(true);
  });
});

describe("putting games in place", () => {
  const thu = game("thu", "2026-09-11T00:20:00Z");
  const sun = game("sun", "2026-09-13T17:00:00Z");
  test("a week's shown game is replaced; a new game of that week joins in kick-off order; another week's list is the same list", () => {
    const week = [thu, sun];
    const moved = { ...sun, homeScore: 7 };
    expect(patchedWeek(week, [moved])).toEqual([thu, moved]);
    const early = game("early", "2026-09-12T17:00:00Z");
    expect(patchedWeek(week, [early]).map((g) => g.id)).toEqual(["thu", "early", "sun"]);
    const otherWeek = game("w2", "2026-09-20T17:00:00Z", { week: 2 });
    expect(patchedWeek(week, [otherWeek])).toBe(week);
    expect(patchedWeek([], [moved])).toEqual([]);
  });

  test("bets on an updated game (a parlay's legs too) get its score and state; others stay the same objects", () => {
    const betGame = {
      awayTeam: "A",
      homeTeam: "H",
      awayAbbr: "A",
      homeAbbr: "H",
      commenceTime: sun.commenceTime,
      homeScore: null,
      awayScore: null,
      liveStatus: null,
    };
    const single = { id: 1, gameId: "sun", game: betGame, legs: null } as unknown as Bet;
    const parlay = {
      id: 2,
      gameId: "sun",
      game: betGame,
      legs: [
        { gameId: "thu", game: betGame },
        { gameId: "sun", game: betGame },
      ],
    } as unknown as Bet;
    const other = { id: 3, gameId: "thu", game: betGame, legs: null } as unknown as Bet;
    const live = { ...sun, homeScore: 14, awayScore: 10, liveStatus: "Q3 - 4:12" };
    const [a, b, c] = patchedBets([single, parlay, other], [live]);
    expect(a!.game).toMatchObject({ homeScore: 14, awayScore: 10, liveStatus: "Q3 - 4:12" });
    expect(b!.legs!.map((l) => l.game.homeScore)).toEqual([null, 14]);
    expect(c).toBe(other);
    const untouched = [other];
    expect(patchedBets(untouched, [live])).toBe(untouched);
  });
});
