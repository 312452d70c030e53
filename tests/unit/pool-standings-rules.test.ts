/** Pools' standings with hand-made weeks (issue 45): points and tiebreakers, survivor strikes, elimination and boldness. */
import { describe, expect, test } from "bun:test";
import {
  type PointsRow,
  rankSeason,
  rankSurvivors,
  rankWeek,
  type SurvivorPick,
  survivorStatus,
} from "../../src/modules/pools/standings-rules.ts";

const row = (userId: number, points: number, won: number, distance: number | null = null): PointsRow => ({
  userId,
  points,
  won,
  lost: 0,
  pushes: 0,
  distance,
});
const places = (rows: { userId: number; rank: number; tiebreak: string | null }[]) =>
  rows.map((r) => [r.userId, r.rank, r.tiebreak]);

describe("pick'em and confidence standings", () => {
  test("a week: points, then the closest tiebreaker guess (none ranks last), then correct picks; ties share", () => {
    const ranked = rankWeek(
      [row(1, 500, 5, 10), row(2, 700, 6, 30), row(3, 500, 5, 3), row(4, 500, 4, null), row(5, 500, 5, 10)],
      true,
    );
    expect(places(ranked)).toEqual([
      [2, 1, null],
      [3, 2, null],
      [1, 3, "tiebreaker"],
      [5, 3, null],
      [4, 5, "tiebreaker"],
    ]);
  });

  test("a week without a tiebreaker: points, then correct picks", () => {
    expect(places(rankWeek([row(1, 500, 4), row(2, 500, 5)], false))).toEqual([
      [2, 1, null],
      [1, 2, "correct"],
    ]);
  });

  test("the season: points (a priced pick's 2.5 counts as such), then correct picks", () => {
    // Member 1 took two underdogs at +250 (2.5 each); member 2 three favourites at −400 (0.25 each).
    expect(places(rankSeason([row(2, 75, 3), row(1, 500, 2), row(3, 75, 2)]))).toEqual([
      [1, 1, null],
      [2, 2, null],
      [3, 3, "correct"],
    ]);
  });
});

describe("survivor", () => {
  const weeks = (n: number, closedThrough = n) =>
    Array.from({ length: n }, (_, i) => ({ week: i + 1, closed: i + 1 <= closedThrough }));
  const pick = (week: number, result: SurvivorPick["result"], odds: number | null = -200): SurvivorPick => ({
    week,
    result,
    odds,
  });
  const strict = { strikes: 0, tieIs: "win" as const };

  test("wins survive, adding their implied probability; a loss eliminates that week", () => {
    const s = survivorStatus(weeks(3), [pick(1, "won", -400), pick(2, "won", 150), pick(3, "lost")], strict);
    expect(s).toEqual({ alive: false, strikes: 1, eliminatedWeek: 3, survived: 2, boldness: 0.8 + 0.4 });
  });

  test("a strike spends a loss; the next loss eliminates", () => {
    const one = { strikes: 1, tieIs: "win" as const };
    expect(survivorStatus(weeks(3), [pick(1, "lost"), pick(2, "won"), pick(3, "won")], one)).toMatchObject({
      alive: true,
      strikes: 1,
      survived: 2,
    });
    expect(survivorStatus(weeks(3), [pick(1, "lost"), pick(2, "won"), pick(3, "lost")], one)).toMatchObject({
      alive: false,
      strikes: 2,
      eliminatedWeek: 3,
    });
  });

  test("a tie advances, or counts as a loss, as the commissioner set it", () => {
    expect(survivorStatus(weeks(1), [pick(1, "push")], strict)).toMatchObject({ alive: true, survived: 1 });
    expect(survivorStatus(weeks(1), [pick(1, "push")], { strikes: 0, tieIs: "loss" })).toMatchObject({
      alive: false,
      eliminatedWeek: 1,
    });
  });

  test("a closed week without a pick is a loss; an open one, or a pick not graded yet, decides nothing", () => {
    expect(survivorStatus(weeks(2), [pick(1, "won")], strict)).toMatchObject({ alive: false, eliminatedWeek: 2 });
    expect(survivorStatus(weeks(2, 1), [pick(1, "won")], strict)).toMatchObject({ alive: true, survived: 1 });
    expect(survivorStatus(weeks(2), [pick(1, "won"), pick(2, null)], strict)).toMatchObject({
      alive: true,
      survived: 1,
    });
  });

  test("ranked: survivors first, then who lasted longest; ties by fewer strikes, then the boldest picks", () => {
    const status = (
      userId: number,
      alive: boolean,
      eliminatedWeek: number | null,
      strikes: number,
      boldness: number,
    ) => ({
      userId,
      alive,
      eliminatedWeek,
      strikes,
      boldness,
      survived: 0,
    });
    const ranked = rankSurvivors([
      status(1, false, 2, 1, 0.7),
      status(2, true, null, 1, 1.2),
      status(3, true, null, 0, 1.6),
      status(4, true, null, 0, 1.1),
      status(5, false, 3, 1, 2.0),
      status(6, false, 3, 1, 2.0),
    ]);
    expect(places(ranked)).toEqual([
      [4, 1, null],
      [3, 2, "boldness"],
      [2, 3, "strikes"],
      [5, 4, null],
      [6, 4, null],
      [1, 6, null],
    ]);
  });
});
