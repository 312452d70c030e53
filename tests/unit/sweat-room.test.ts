import { describe, expect, test } from "bun:test";
import type { LeaguePick } from "../../src/shared/contract/league-feed.ts";
import type { Game } from "../../src/shared/contract/games.ts";
import { pickText } from "../../src/web/lib/odds-format.ts";
import {
  gameStates,
  scoreText,
  shortUnits,
  standingText,
  sweatLine,
  sweatView,
} from "../../src/web/features/leagues/sweat.ts";

const NOW = Date.parse("2026-09-13T19:00:00Z");

function game(id: string, away: string, home: string, over: Partial<Game> = {}): Game {
  return {
    id,
    season: 2026,
    week: 1,
    awayTeam: away,
    homeTeam: home,
    awayAbbr: away.slice(0, 3).toUpperCase(),
    homeAbbr: home.slice(0, 3).toUpperCase(),
    commenceTime: "2026-09-13T17:00:00Z",
    status: "live",
    homeScore: 10,
    awayScore: 7,
    liveStatus: "Q2 - 4:12",
    odds: [],
    playerProps: [],
    ...over,
  };
}

const KC_BUF = game("kc-buf", "Kansas City Chiefs", "Buffalo Bills");
const SF_SEA = game("sf-sea", "San Francisco 49ers", "Seattle Seahawks", {
  commenceTime: "2026-09-13T20:25:00Z",
  status: "upcoming",
  homeScore: null,
  awayScore: null,
  liveStatus: null,
});

const betGame = (g: Game) => ({
  awayTeam: g.awayTeam,
  homeTeam: g.homeTeam,
  awayAbbr: g.awayAbbr,
  homeAbbr: g.homeAbbr,
  commenceTime: g.commenceTime,
  homeScore: null,
  awayScore: null,
  liveStatus: null,
});

const IDS: Record<string, number> = { pat: 1, sam: 2, lee: 3 };
let nextId = 1;
function pick(
  player: string,
  g: Game,
  betType: string,
  selection: string,
  point: string | null,
  odds = "-110",
): LeaguePick {
  const userId = IDS[player]!;
  return {
    id: nextId++,
    gameId: g.id,
    betType,
    selection,
    odds,
    point,
    units: "1",
    isParlay: false,
    status: "pending",
    result: null,
    placedAt: "2026-09-12T12:00:00Z",
    settledAt: null,
    game: betGame(g),
    prop: null,
    closingLine: null,
    clv: null,
    legs: null,
    propId: null,
    player: { userId, username: player },
    wagerAmount: "100.00",
    tailedFrom: null,
    tail: null,
  };
}

const text = (p: { betType: string; selection: string; point: string | null }) => pickText(p);

describe("the sweat room", () => {
  test("each pick beside its game's score with its cover status; the games in play first", () => {
    const games = gameStates([KC_BUF, SF_SEA]);
    const picks = [
      pick("pat", KC_BUF, "spread", "Buffalo Bills", "-1.5"),
      pick("sam", KC_BUF, "total", "Over", "47"),
      pick("sam", SF_SEA, "moneyline", "Seattle Seahawks", null),
    ];
    const view = sweatView(
      picks.map((p) => sweatLine(p, games, NOW, text)),
      [],
    );
    expect(view.groups.map((g) => g.key)).toEqual(["kc-buf", "sf-sea"]);
    expect(scoreText(view.groups[0]!.game!)).toBe("KAN 7 – 10 BUF · Q2 - 4:12");
    expect(view.groups[0]!.lines.map((l) => [l.pick.player.username, l.legs[0]!.text, l.legs[0]!.cover])).toEqual([
      ["pat", "Buffalo Bills -1.5", "covering by 1.5"],
      ["sam", "Over 47", "needs 31 more points"],
    ]);
    // Not kicked off: no score, nothing to say yet.
    expect(scoreText(view.groups[1]!.game!)).toBeNull();
    expect(view.groups[1]!.lines[0]!.legs[0]!.cover).toBeNull();
    expect(view.standings.map(standingText)).toEqual(["sam 0U, 2 live", "pat 0U, 1 live"]);
  });

  test("a final score grades a pick in place, and the standings move by what it booked", () => {
    const final = game("kc-buf", "Kansas City Chiefs", "Buffalo Bills", {
      status: "completed",
      awayScore: 20,
      homeScore: 27,
      liveStatus: null,
    });
    const games = gameStates([final, SF_SEA]);
    const won = pick("pat", final, "spread", "Buffalo Bills", "-3.5", "+150");
    const lost = pick("sam", final, "total", "Over", "50.5");
    const open = pick("pat", SF_SEA, "spread", "Seattle Seahawks", "-2.5");
    const view = sweatView(
      [won, lost, open].map((p) => sweatLine(p, games, NOW, text)),
      [
        { userId: 1, username: "pat", unitsWon: "1.20" },
        { userId: 3, username: "lee", unitsWon: "0.50" },
      ],
    );
    const lines = view.groups.find((g) => g.key === "kc-buf")!.lines;
    expect(lines.map((l) => [l.grade, l.profitCents, l.legs[0]!.cover])).toEqual([
      ["won", 150_00, "covered by 3.5"],
      ["lost", -100_00, "fell short by 3.5 points"],
    ]);
    // The final game goes last: live and upcoming ones first.
    expect(view.groups.map((g) => g.key)).toEqual(["sf-sea", "kc-buf"]);
    // pat: 1.20 settled before + 1.50 graded here; one pick still to play. sam: 1 lost, nothing left.
    expect(view.standings.map(standingText)).toEqual(["pat +2.7U, 1 live", "lee +0.5U", "sam -1U"]);
  });

  test("a parlay leg by leg: a lost leg loses it at once; all won pays its combined price", () => {
    const final = game("kc-buf", "Kansas City Chiefs", "Buffalo Bills", {
      status: "completed",
      awayScore: 20,
      homeScore: 27,
      liveStatus: null,
    });
    const parlay = (first: string): LeaguePick => ({
      ...pick("lee", final, "parlay", "2-leg parlay", null, "+264"),
      isParlay: true,
      legs: [
        { ...pick("lee", final, "spread", first, "-3.5"), status: "pending" as const },
        { ...pick("lee", SF_SEA, "total", "Under", "44.5"), status: "pending" as const },
      ].map(({ gameId, betType, selection, odds, point, status, game, prop }) => ({
        gameId,
        betType,
        selection,
        odds,
        point,
        status,
        game,
        prop,
      })),
    });
    const live = gameStates([final, { ...SF_SEA, status: "live", awayScore: 14, homeScore: 10, liveStatus: "Q3" }]);
    const lost = sweatLine(parlay("Kansas City Chiefs"), live, NOW, text);
    expect([lost.grade, lost.profitCents]).toEqual(["lost", -100_00]);
    const going = sweatLine(parlay("Buffalo Bills"), live, NOW, text);
    expect(going.legs.map((l) => [l.grade, l.cover])).toEqual([
      ["won", "covered by 3.5"],
      ["pending", "under by 20.5"],
    ]);
    expect(going.grade).toBe("pending");
    const done = gameStates([final, { ...SF_SEA, status: "completed", awayScore: 14, homeScore: 10 }]);
    const paid = sweatLine(parlay("Buffalo Bills"), done, NOW, text);
    // -110 and -110: 100 × (1.909² − 1) = 264.46.
    expect([paid.grade, paid.profitCents]).toEqual(["won", 264_46]);
    expect(sweatView([paid], []).groups.map((g) => g.key)).toEqual(["parlays"]);
  });

  test("a prop stays in play after its game: no score decides it", () => {
    const final = game("kc-buf", "Kansas City Chiefs", "Buffalo Bills", { status: "completed", liveStatus: null });
    const prop = {
      ...pick("pat", final, "prop", "Over", "245.5"),
      prop: { playerName: "Josh Allen", propType: "passing_yards" },
    };
    const line = sweatLine(prop, gameStates([final]), NOW, text);
    expect([line.grade, line.profitCents, line.legs[0]!.cover]).toEqual(["pending", null, null]);
  });

  test("units with one decimal", () => {
    expect([shortUnits(27_000), shortUnits(-10_000), shortUnits(0), shortUnits(-400)]).toEqual([
      "+2.7U",
      "-1U",
      "0U",
      "0U",
    ]);
  });
});
