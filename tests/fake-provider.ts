import type {
  GameOdds,
  GameResult,
  LiveScore,
  OddsMarket,
  OddsProvider,
  ScheduledGame,
} from "../src/modules/feeds/provider.ts";

/**
 * A tiny, controllable season for tests: week 1 on Thu 2026-09-10 and Sun 2026-09-13, week 2 a week
 * later. Tests move lines with `spreadShift` (the home spread) and `propShift` (every prop's line)
 * and decide which players "did not play".
 */
export class FakeProvider implements OddsProvider {
  readonly name = "fake";
  spreadShift = 0;
  propShift = 0;
  failing = false;
  didNotPlay = new Set<string>();
  /** Games whose spread and total lines come without prices (as ESPN's older layout gives them): -110, marked assumed. */
  assumedPrices = new Set<string>();

  readonly games: ScheduledGame[] = [
    game(1, "DAL", "Dallas Cowboys", "PHI", "Philadelphia Eagles", "2026-09-11T00:20:00Z"),
    game(1, "KC", "Kansas City Chiefs", "BUF", "Buffalo Bills", "2026-09-13T17:00:00Z"),
    game(1, "SF", "San Francisco 49ers", "SEA", "Seattle Seahawks", "2026-09-13T20:25:00Z"),
    game(2, "PHI", "Philadelphia Eagles", "KC", "Kansas City Chiefs", "2026-09-20T17:00:00Z"),
    game(2, "BUF", "Buffalo Bills", "DAL", "Dallas Cowboys", "2026-09-20T20:25:00Z"),
  ];

  async currentSeason(): Promise<number> {
    this.#check();
    return 2026;
  }

  async schedule(): Promise<ScheduledGame[]> {
    this.#check();
    return this.games;
  }

  async odds(games: readonly ScheduledGame[]): Promise<GameOdds[]> {
    this.#check();
    return games.map((g) => ({
      providerId: g.providerId,
      odds: markets(g, -3.5 + this.spreadShift, this.assumedPrices.has(g.providerId)),
      props: [
        {
          key: `${g.homeAbbr}-qb-passing_yards`,
          playerName: `${g.homeAbbr} Quarterback`,
          team: g.homeAbbr,
          propType: "passing_yards",
          line: 245.5 + this.propShift,
          overOdds: -115,
          underOdds: -105,
        },
        {
          key: `${g.awayAbbr}-wr-receptions`,
          playerName: `${g.awayAbbr} Receiver`,
          team: g.awayAbbr,
          propType: "receptions",
          line: 5.5 + this.propShift,
          overOdds: 110,
          underOdds: -130,
        },
      ],
    }));
  }

  async results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]> {
    this.#check();
    return games
      .filter((g) => new Date(g.commenceTime).getTime() + 3.5 * 3600_000 <= now.getTime())
      .map((g) => ({
        providerId: g.providerId,
        homeScore: 24,
        awayScore: 17,
        playerStats: [
          { playerName: `${g.homeAbbr} Quarterback`, propType: "passing_yards", value: 260 },
          { playerName: `${g.awayAbbr} Receiver`, propType: "receptions", value: 5 },
        ].filter((s) => !this.didNotPlay.has(s.playerName)),
      }));
  }

  /** What the feed says of games under way, by provider id (tests set it); reported once the game has kicked off. */
  readonly live = new Map<string, Omit<LiveScore, "providerId">>();

  async liveScores(games: readonly ScheduledGame[], now: Date): Promise<LiveScore[]> {
    this.#check();
    return games.flatMap((g) => {
      const live = this.live.get(g.providerId);
      return live && Date.parse(g.commenceTime) <= now.getTime() ? [{ providerId: g.providerId, ...live }] : [];
    });
  }

  #check(): void {
    if (this.failing) throw new Error("provider is down");
  }
}

function game(
  week: number,
  awayAbbr: string,
  awayTeam: string,
  homeAbbr: string,
  homeTeam: string,
  commenceTime: string,
): ScheduledGame {
  return {
    providerId: `fake-w${week}-${awayAbbr}-${homeAbbr}`,
    season: 2026,
    week,
    homeTeam,
    awayTeam,
    homeAbbr,
    awayAbbr,
    commenceTime,
  };
}

function markets(g: ScheduledGame, homeSpread: number, assumed: boolean): OddsMarket[] {
  const lines: OddsMarket[] = [
    {
      marketType: "spreads",
      outcomes: [
        { name: g.awayTeam, price: -110, point: -homeSpread },
        { name: g.homeTeam, price: -110, point: homeSpread },
      ],
    },
    {
      marketType: "totals",
      outcomes: [
        { name: "Over", price: -110, point: 45.5 },
        { name: "Under", price: -110, point: 45.5 },
      ],
    },
  ];
  const h2h: OddsMarket = {
    marketType: "h2h",
    outcomes: [
      { name: g.awayTeam, price: 150 },
      { name: g.homeTeam, price: -175 },
    ],
  };
  // A moneyline is never assumed (as in the ESPN adapter): without its prices there is no market.
  const marked = assumed
    ? lines.map((m) => ({ ...m, outcomes: m.outcomes.map((o) => ({ ...o, assumed: true })) }))
    : lines;
  return [...marked, h2h];
}
