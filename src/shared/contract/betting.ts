/** The betting API's answers (spec §3 Bet): bets, parlays with their legs, and weekly coverage. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";
import { ContestStatus } from "./contest.ts";

const BetGame = t.Object({
  awayTeam: t.String(),
  homeTeam: t.String(),
  awayAbbr: t.String(),
  homeAbbr: t.String(),
  commenceTime: DateTime(),
  homeScore: t.Union([t.Number(), t.Null()]),
  awayScore: t.Union([t.Number(), t.Null()]),
  /** The game under way: where it stands ("Q3 - 4:12"); the scores are then the running score. Null otherwise. */
  liveStatus: t.Optional(t.Union([t.String(), t.Null()])),
});

/** shared/bets.ts's BetStatus on the wire. */
const BetStatus = t.Union([t.Literal("pending"), t.Literal("won"), t.Literal("lost"), t.Literal("push")]);

/** What a bet or a parlay's leg picked, at what price (American odds and the line, as numeric strings). */
const pickFields = {
  gameId: t.String(),
  betType: t.String(),
  selection: t.String(),
  propId: t.Union([t.Number(), t.Null()]),
  odds: t.String(),
  point: t.Union([t.String(), t.Null()]),
};

/** A parlay's leg: its pick, the price it was taken at, its game, and how it ended (pending until its game is final). */
export const BetLeg = t.Object({
  ...pickFields,
  status: BetStatus,
  game: BetGame,
  prop: t.Union([t.Object({ playerName: t.String(), propType: t.String() }), t.Null()]),
});
export type BetLeg = typeof BetLeg.static;

export const Bet = t.Object({
  id: t.Number(),
  userId: t.Number(),
  ...pickFields,
  units: t.String(),
  wagerAmount: t.String(),
  potentialWin: t.String(),
  confidence: t.String(),
  note: t.Union([t.String(), t.Null()]),
  leagueId: t.Union([t.Number(), t.Null()]),
  isParlay: t.Boolean(),
  status: BetStatus,
  result: t.Union([t.String(), t.Null()]),
  season: t.Number(),
  week: t.Number(),
  placedAt: DateTime(),
  pricedAt: t.Union([DateTime(), t.Null()]),
  settledAt: t.Union([DateTime(), t.Null()]),
  /** For a parlay, the game of its last leg to kick off: the one that settles it and gives its week. */
  game: BetGame,
  /** The prop's player and type, for prop bets. */
  prop: t.Union([t.Object({ playerName: t.String(), propType: t.String() }), t.Null()]),
  /** null = the individual book ("Individual"). */
  league: t.Union([t.Object({ name: t.String() }), t.Null()]),
  /** The selection's price in the game's closing line (its last line before kick-off); null before kick-off or when it had none. */
  closingLine: t.Union([t.Object({ odds: t.String(), point: t.Union([t.String(), t.Null()]) }), t.Null()]),
  /** Closing-line value: the bet's expected return in percent of its stake, were the closing line the true price (betting/clv.ts). */
  clv: t.Union([t.Number(), t.Null()]),
  /** A parlay's legs in the order they were placed; null for a single bet. */
  legs: t.Union([t.Array(BetLeg), t.Null()]),
});
export type Bet = typeof Bet.static;

/** GET /api/users/{id}/coverage/week/{week}: individual games bet against the week's games. */
export const Coverage = t.Object({
  season: t.Number(),
  week: t.Number(),
  gamesScheduled: t.Number(),
  gamesBet: t.Number(),
  /** Games needed for the weekly prize: all but one (none with a single game). */
  gamesRequired: t.Number(),
  /** The contest status says `eligible` (the player can win the week). */
  eligible: t.Boolean(),
  /** The week's contest status, the same rule the winners and boards use. */
  contest: ContestStatus,
});
export type Coverage = typeof Coverage.static;

/** GET /api/users/{id}/bets/summary: the tracker's bankroll line and what its filters can pick from. */
export const BetsSummary = t.Object({
  /** Bets still pending, and their stakes together ("open risk"), all books. */
  openBets: t.Number(),
  openRisk: t.String(),
  settledBets: t.Number(),
  won: t.Number(),
  lost: t.Number(),
  pushed: t.Number(),
  /** Profit of every settled bet, all books, in dollars and in units (1 unit = $100). */
  profit: t.String(),
  profitUnits: t.String(),
  /** The individual book's balance: 50 units plus its settled profit (shown, never enforced). */
  balance: t.String(),
  /** The books the player has bets in: null = the individual book. */
  books: t.Array(t.Object({ leagueId: t.Union([t.Number(), t.Null()]), name: t.String() })),
  /** The weeks the player has bets in, ascending. */
  weeks: t.Array(t.Number()),
});
export type BetsSummary = typeof BetsSummary.static;

/** DELETE /api/bets/{id}: the cancelled bet's id and the stake returned to its book. */
export const CancelledBet = t.Object({ id: t.Number(), stakeReturned: t.String() });
export type CancelledBet = typeof CancelledBet.static;
