/** The recap's words (web/features/leagues/recap-text.ts): the page's Recap section and the share card say these. */
import { describe, expect, test } from "bun:test";
import type { LeagueRecap } from "../../src/shared/contract/league-recap.ts";
import { recapText } from "../../src/web/features/leagues/recap-text.ts";

const pat = { userId: 1, username: "pat" };
const sam = { userId: 2, username: "sam" };
const lee = { userId: 3, username: "lee" };

const bet = (over: Partial<NonNullable<LeagueRecap["biggestHit"]>["bet"]> = {}) =>
  ({
    id: 7,
    gameId: "g",
    betType: "spread",
    selection: "Buffalo Bills",
    odds: "150",
    point: "-3.5",
    units: "1",
    isParlay: false,
    status: "won",
    result: "150.00",
    placedAt: "2026-09-13T12:00:00.000Z",
    settledAt: "2026-09-14T03:00:00.000Z",
    game: null,
    prop: null,
    closingLine: null,
    clv: null,
    legs: null,
    ...over,
  }) as unknown as NonNullable<LeagueRecap["biggestHit"]>["bet"];

const recap = (over: Partial<LeagueRecap> = {}): LeagueRecap => ({
  season: 2026,
  week: 3,
  winners: [{ ...pat, unitsWon: "4.20" }],
  biggestHit: null,
  worstBeat: null,
  bestClv: null,
  mostTailed: null,
  tailRecords: [],
  ...over,
});

describe("recapText", () => {
  test("the winner, a tie, and a week nobody settled a bet", () => {
    expect(recapText(recap(), "Sunday Sharps")).toMatchObject({
      title: "Sunday Sharps · Week 3 in review",
      winner: "pat won the week with +4.20U.",
    });
    const tie = recap({
      winners: [
        { ...pat, unitsWon: "1.00" },
        { ...sam, unitsWon: "1.00" },
        { ...lee, unitsWon: "1.00" },
      ],
    });
    expect(recapText(tie, "x").winner).toBe("pat, sam and lee tied for the week with +1.00U.");
    expect(recapText(recap({ winners: [] }), "x").winner).toBe("Nobody settled a bet in Week 3.");
  });

  test("each highlight in order with its pick, price and figure; none left out or made up", () => {
    const text = recapText(
      recap({
        biggestHit: { player: pat, bet: bet(), figure: 1.5 },
        worstBeat: { player: sam, bet: bet({ selection: "Seattle Seahawks", odds: "-110" }), figure: 0.5 },
        mostTailed: {
          player: lee,
          bet: bet({ betType: "total", selection: "Over", point: "45.5", odds: "-110" }),
          figure: 1,
        },
      }),
      "x",
    );
    expect(text.highlights).toEqual([
      { label: "Biggest hit", player: "pat", text: "Buffalo Bills -3.5 (+150) · +1.50U" },
      { label: "Worst beat", player: "sam", text: "Seattle Seahawks -3.5 (-110) · missed by 0.5" },
      { label: "Most tailed", player: "lee", text: "Over 45.5 (-110) · tailed once" },
    ]);
  });

  test("tail records: the record, the units and what following cost in closing-line value", () => {
    const record = (clvCost: number | null, pushed = 0) => ({
      tailer: lee,
      followed: sam,
      won: 7,
      lost: 3,
      pushed,
      unitsWon: "4.10",
      clvCost,
    });
    const lines = recapText(recap({ tailRecords: [record(0.8), record(-0.5, 1), record(0), record(null)] }), "x").tails;
    expect(lines).toEqual([
      "lee following sam this season: 7-3, +4.10U, CLV cost 0.8%",
      "lee following sam this season: 7-3-1, +4.10U, CLV gained 0.5%",
      "lee following sam this season: 7-3, +4.10U, same CLV",
      "lee following sam this season: 7-3, +4.10U",
    ]);
  });
});
