import { describe, expect, test } from "bun:test";
import { usernameProblem } from "../../src/shared/accounts.ts";
import {
  BOT_EMAIL_DOMAIN,
  botEmail,
  botUsername,
  picksForWeek,
  type PricedGameView,
} from "../../src/modules/bots/rules.ts";

describe("bot identities", () => {
  test("the first thousand names are valid usernames and all different", () => {
    const names = Array.from({ length: 1000 }, (_, i) => botUsername(i));
    for (const name of names) expect(usernameProblem(name)).toBeNull();
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(1000);
  });
  test("emails are on the bot domain", () => {
    expect(botEmail("Mike_Thompson")).toBe(`mike_thompson@${BOT_EMAIL_DOMAIN}`);
  });
});

const game = (id: string): PricedGameView => ({
  id,
  homeTeam: `${id} Home`,
  awayTeam: `${id} Away`,
  odds: [
    {
      marketType: "spreads",
      outcomes: [
        { name: `${id} Away`, price: -110, point: 3.5 },
        { name: `${id} Home`, price: -110, point: -3.5 },
      ],
    },
    {
      marketType: "totals",
      outcomes: [
        { name: "Over", price: -110, point: 44.5 },
        { name: "Under", price: -110, point: 44.5 },
      ],
    },
    {
      marketType: "h2h",
      outcomes: [
        { name: `${id} Away`, price: 150 },
        { name: `${id} Home`, price: -175 },
      ],
    },
  ],
  playerProps: [{ id: 1, line: 245.5, overOdds: -115, underOdds: -105 }],
});

describe("picksForWeek", () => {
  const games = Array.from({ length: 16 }, (_, i) => game(`g${i}`));

  test("bets every game but one, each once, with the game's own prices", () => {
    for (let bot = 1; bot <= 50; bot++) {
      const picks = picksForWeek(games, bot, 7);
      expect(picks).toHaveLength(15);
      expect(new Set(picks.map((p) => p.gameId)).size).toBe(15);
      for (const p of picks) {
        expect([1, 2, 3]).toContain(p.units);
        const g = games.find((x) => x.id === p.gameId)!;
        if (p.betType === "prop") expect([-115, -105]).toContain(p.odds);
        else {
          const marketType = ({ spread: "spreads", total: "totals", moneyline: "h2h" } as const)[p.betType];
          const market = g.odds.find((m) => m.marketType === marketType)!;
          expect(market.outcomes.some((o) => o.name === p.selection && o.price === p.odds)).toBe(true);
        }
      }
    }
  });

  test("is reproducible for a bot and week, and varies between bots", () => {
    expect(picksForWeek(games, 3, 7)).toEqual(picksForWeek(games, 3, 7));
    const kinds = new Set(
      Array.from({ length: 30 }, (_, bot) => picksForWeek(games, bot, 7).map((p) => p.betType)).flat(),
    );
    expect([...kinds].sort()).toEqual(["moneyline", "prop", "spread", "total"]);
  });

  test("a single game is bet; none gives nothing", () => {
    expect(picksForWeek([game("solo")], 1, 1)).toHaveLength(1);
    expect(picksForWeek([], 1, 1)).toEqual([]);
  });
});
