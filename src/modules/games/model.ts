import { t } from "elysia";
import { idParam, optionalNullable, wholeNumber } from "../../http/schema.ts";
import { WEEKS } from "./rules.ts";

const OddsOutcome = t.Object({
  name: t.String(),
  price: t.Number(),
  point: t.Optional(t.Number()),
  /** The feed gave the line without a price: `price` is the standard -110, not a quote. */
  assumed: t.Optional(t.Boolean()),
});
const OddsMarket = t.Object({
  marketType: t.Union([t.Literal("spreads"), t.Literal("totals"), t.Literal("h2h")]),
  outcomes: t.Array(OddsOutcome),
});

export const PlayerProp = t.Object({
  id: t.Number(),
  playerName: t.String(),
  team: t.String(),
  propType: t.String(),
  line: t.Number(),
  overOdds: t.Number(),
  underOdds: t.Number(),
});

export const Game = t.Object({
  id: t.String(),
  season: t.Number(),
  week: t.Number(),
  homeTeam: t.String(),
  awayTeam: t.String(),
  homeAbbr: t.String(),
  awayAbbr: t.String(),
  commenceTime: t.String(),
  status: t.Union([t.Literal("upcoming"), t.Literal("live"), t.Literal("completed")]),
  homeScore: t.Union([t.Number(), t.Null()]),
  awayScore: t.Union([t.Number(), t.Null()]),
  odds: t.Array(OddsMarket),
  /** The line at kick-off, recorded by the sync once the game starts; null before. */
  closingOdds: t.Optional(t.Union([t.Array(OddsMarket), t.Null()])),
  playerProps: t.Array(PlayerProp),
});
export type Game = typeof Game.static;

export const GamesQuery = t.Object(
  { week: t.Optional(wholeNumber("week", 1, WEEKS)) },
  { additionalProperties: false },
);

export const CurrentWeek = t.Object({ season: t.Number(), week: t.Number() });
export type CurrentWeek = typeof CurrentWeek.static;

export const GameParams = t.Object({ id: idParam });

const PropStat = t.Object(
  {
    propId: wholeNumber("propId", 1, Number.MAX_SAFE_INTEGER),
    /** The player's figure; omit with didNotPlay. */
    value: optionalNullable(
      t.Numeric({ minimum: 0, maximum: 10_000, error: "value: must be a number from 0 to 10000" }),
    ),
    didNotPlay: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
);

export const ResolveBody = t.Object(
  {
    homeScore: wholeNumber("homeScore", 0, 999),
    awayScore: wholeNumber("awayScore", 0, 999),
    status: t.Literal("completed", { error: 'must be "completed"' }),
    /** Correct the final score of a completed game (re-settles its bets). */
    regrade: t.Optional(t.Boolean()),
    playerStats: t.Optional(t.Array(PropStat, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type ResolveInput = typeof ResolveBody.static;
