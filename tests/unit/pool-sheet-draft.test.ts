/** The pick sheet's draft in the browser (issue 45): sides, distinct confidence points by swapping, a survivor's one team. */
import { describe, expect, test } from "bun:test";
import {
  chooseSide,
  clearPick,
  draftOf,
  isDirty,
  pointChoices,
  setPoints,
  sheetPayload,
  stillNeeded,
} from "../../src/web/features/pools/sheet-draft.ts";

const game = (gameId: string, locked = false) =>
  ({ gameId, awayTeam: `${gameId} away`, homeTeam: `${gameId} home`, locked }) as never;

const sheet = (
  format: "pickem" | "confidence" | "survivor",
  picks: { gameId: string; selection: string; points: number | null }[] = [],
) => ({
  format,
  games: [game("a", true), game("b"), game("c"), game("d")],
  picks: picks as never,
  tiebreaker: null,
  tiebreakerGameId: "d",
});

describe("the sheet's draft", () => {
  test("confidence: a new pick takes the highest points still free; a taken number swaps; a locked pick's points are never on offer", () => {
    const s = sheet("confidence", [{ gameId: "a", selection: "a home", points: 4 }]);
    let d = draftOf(s);
    expect(pointChoices(s, d)).toEqual([1, 2, 3]);
    d = chooseSide(s, d, "b", "b home");
    d = chooseSide(s, d, "c", "c away");
    expect([d.b!.points, d.c!.points]).toEqual([3, 2]);
    d = setPoints(s, d, "c", 3);
    expect([d.b!.points, d.c!.points]).toEqual([2, 3]);
    expect(setPoints(s, d, "c", 4)).toBe(d); // the locked pick's 4
    expect(chooseSide(s, d, "a", "a away")).toBe(d); // a locked game does not change
    expect(stillNeeded(s, d)).toBe(1);
    expect(sheetPayload(s, d, " 45 ")).toEqual({
      picks: [
        { gameId: "a", selection: "a home", points: 4 },
        { gameId: "b", selection: "b home", points: 2 },
        { gameId: "c", selection: "c away", points: 3 },
      ],
      tiebreaker: 45,
    });
    expect(isDirty(s, d, "")).toBe(true);
    expect(isDirty(s, draftOf(s), "")).toBe(false);
  });

  test("survivor: one team for the week; picking another drops the first; a pick can be cleared", () => {
    const s = sheet("survivor");
    let d = chooseSide(s, draftOf(s), "b", "b home");
    d = chooseSide(s, d, "c", "c home");
    expect(d).toEqual({ c: { selection: "c home", points: null } });
    expect(stillNeeded(s, d)).toBe(0);
    expect(clearPick(s, d, "c")).toEqual({});
    expect(stillNeeded(s, {})).toBe(1);
  });

  test("pick'em: no points; an empty tiebreaker is sent as none", () => {
    const s = sheet("pickem");
    const d = chooseSide(s, draftOf(s), "b", "b away");
    expect(sheetPayload(s, d, "")).toEqual({ picks: [{ gameId: "b", selection: "b away" }], tiebreaker: null });
  });
});
