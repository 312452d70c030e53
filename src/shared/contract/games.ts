/** The games API's answers (spec §3 Game): GET /api/games, /api/weeks/current. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";

export const OddsOutcome = t.Object({
  name: t.String(),
  price: t.Number(),
  point: t.Optional(t.Number()),
  /** The feed gave the line without a price: `price` is the standard -110, not a quote. */
  assumed: t.Optional(t.Boolean()),
});
export type OddsOutcome = typeof OddsOutcome.static;

export const OddsMarket = t.Object({
  marketType: t.Union([t.Literal("spreads"), t.Literal("totals"), t.Literal("h2h")]),
  outcomes: t.Array(OddsOutcome),
});
export type OddsMarket = typeof OddsMarket.static;

export const PlayerProp = t.Object({
  id: t.Number(),
  playerName: t.String(),
  team: t.String(),
  propType: t.String(),
  line: t.Number(),
  overOdds: t.Number(),
  underOdds: t.Number(),
});
export type PlayerProp = typeof PlayerProp.static;

export const Game = t.Object({
  id: t.String(),
  season: t.Number(),
  week: t.Number(),
  homeTeam: t.String(),
  awayTeam: t.String(),
  homeAbbr: t.String(),
  awayAbbr: t.String(),
  commenceTime: DateTime(),
  status: t.Union([t.Literal("upcoming"), t.Literal("live"), t.Literal("completed")]),
  homeScore: t.Union([t.Number(), t.Null()]),
  awayScore: t.Union([t.Number(), t.Null()]),
  /** A game under way: where it stands ("Q3 - 4:12", "Halftime") as the feed says; its scores are the running score. */
  liveStatus: t.Optional(t.Union([t.String(), t.Null()])),
  odds: t.Array(OddsMarket),
  /** When the feed last moved this game's lines (a change, not every sync); null before any line. */
  oddsUpdatedAt: t.Optional(t.Union([DateTime(), t.Null()])),
  /** The line at kick-off, recorded by the sync once the game starts; null before. */
  closingOdds: t.Optional(t.Union([t.Array(OddsMarket), t.Null()])),
  playerProps: t.Array(PlayerProp),
});
export type Game = typeof Game.static;

/** The server's advancing current week (spec §4, DESIGN). */
export const CurrentWeek = t.Object({ season: t.Number(), week: t.Number() });
export type CurrentWeek = typeof CurrentWeek.static;

/** One change of one selection's line (GET /api/games/{id}/lines). */
export const LineChange = t.Object({
  /** Increases with every change recorded: the cursor for the next page. */
  id: t.Number(),
  market: t.Union([t.Literal("spreads"), t.Literal("totals"), t.Literal("h2h")]),
  /** The team (spread, moneyline) or "Over"/"Under" (total). */
  selection: t.String(),
  /** null for a moneyline. */
  point: t.Union([t.Number(), t.Null()]),
  price: t.Number(),
  /** When the feed's sync saw the move (ISO-8601 UTC). */
  at: t.String(),
  /** The provider that reported it. */
  source: t.String(),
});
export type LineChange = typeof LineChange.static;

/**
 * A game's line history, oldest change first; the first change of each selection is its opening.
 * At most `limit` changes an answer: `next` is the `after` that asks for the rest, null at the end.
 */
export const LineHistory = t.Object({
  gameId: t.String(),
  changes: t.Array(LineChange),
  next: t.Union([t.Number(), t.Null()]),
});
export type LineHistory = typeof LineHistory.static;
