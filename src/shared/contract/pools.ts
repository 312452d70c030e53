/**
 * Pools' answers (issue 45, decision 0072): a league's pool options, a week's sheet (the caller's
 * picks, the others' once locked) and format-aware standings.
 */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";
import { MAX_STRIKES } from "../pools.ts";

// Spelled out (not mapped from FORMATS): Elysia infers a route's answer from tuples only.
export const LeagueFormatKind = t.Union([
  t.Literal("bets"),
  t.Literal("pickem"),
  t.Literal("confidence"),
  t.Literal("survivor"),
]);
export const PoolFormatKind = t.Union([t.Literal("pickem"), t.Literal("confidence"), t.Literal("survivor")]);

/** A pool's options (shared/pools.ts): every field, the ones its format does not read at their defaults. */
export const PoolOptions = t.Object(
  {
    lock: t.Union([t.Literal("game"), t.Literal("week")]),
    against: t.Union([t.Literal("straight"), t.Literal("spread")]),
    priced: t.Boolean(),
    tiebreaker: t.Boolean(),
    tieIs: t.Union([t.Literal("win"), t.Literal("loss")]),
    strikes: t.Integer({ minimum: 0, maximum: MAX_STRIKES }),
    autoPick: t.Boolean(),
  },
  { additionalProperties: false },
);
export type PoolOptions = typeof PoolOptions.static;

const Result = t.Union([t.Literal("won"), t.Literal("lost"), t.Literal("push"), t.Null()]);

/** A pick as its owner (or, once it locked, the pool) sees it: the price and spread it was made at, and its grade. */
export const PoolPick = t.Object({
  gameId: t.String(),
  /** The team picked. */
  selection: t.String(),
  /** A confidence pick's points; null otherwise. */
  points: t.Union([t.Number(), t.Null()]),
  /** The American price when picked (the moneyline straight up, the spread's price against it). */
  odds: t.Union([t.Number(), t.Null()]),
  /** Against the spread: the team's spread when picked. */
  point: t.Union([t.Number(), t.Null()]),
  pickedAt: DateTime(),
  /** The automatic survivor pick of a member who had none. */
  auto: t.Boolean(),
  result: Result,
  /** Points scored once graded (a priced pick's 2.5); null until then. */
  score: t.Union([t.Number(), t.Null()]),
});
export type PoolPick = typeof PoolPick.static;

/** A game of the week on the sheet, with its line now. */
export const PoolGame = t.Object({
  gameId: t.String(),
  awayTeam: t.String(),
  homeTeam: t.String(),
  awayAbbr: t.String(),
  homeAbbr: t.String(),
  commenceTime: DateTime(),
  status: t.Union([t.Literal("upcoming"), t.Literal("live"), t.Literal("completed")]),
  awayScore: t.Union([t.Number(), t.Null()]),
  homeScore: t.Union([t.Number(), t.Null()]),
  /** Picks on it can no longer change, and the members' picks on it show. */
  locked: t.Boolean(),
  awayPrice: t.Union([t.Number(), t.Null()]),
  homePrice: t.Union([t.Number(), t.Null()]),
  awaySpread: t.Union([t.Number(), t.Null()]),
  homeSpread: t.Union([t.Number(), t.Null()]),
});
export type PoolGame = typeof PoolGame.static;

/** A member's week as the caller may see it: how many picks they made, and those that have locked. */
export const PoolMemberWeek = t.Object({
  userId: t.Number(),
  username: t.String(),
  /** How many picks they have made this week (never which, before they lock). */
  picked: t.Number(),
  picks: t.Array(PoolPick),
  /** Their tiebreaker guess, once the tiebreaker game has locked (the caller's own always). */
  tiebreaker: t.Union([t.Number(), t.Null()]),
  /** The week's points so far (graded picks). */
  points: t.Number(),
});
export type PoolMemberWeek = typeof PoolMemberWeek.static;

/** GET/PUT /api/leagues/{id}/pool/{week}: the week's sheet for the caller. */
export const PoolSheet = t.Object({
  leagueId: t.Number(),
  name: t.String(),
  format: PoolFormatKind,
  options: PoolOptions,
  season: t.Number(),
  week: t.Number(),
  games: t.Array(PoolGame),
  /** The caller's picks. */
  picks: t.Array(PoolPick),
  /** The caller's guess of the tiebreaker game's total points. */
  tiebreaker: t.Union([t.Number(), t.Null()]),
  /** The week's last game, whose total points the tiebreaker guesses; null without a tiebreaker. */
  tiebreakerGameId: t.Union([t.String(), t.Null()]),
  /** Survivor: the teams the caller used in the season's other weeks. */
  usedTeams: t.Array(t.String()),
  /** Picks the caller still needs this week (open games without one; a survivor's one team). */
  needed: t.Number(),
  /** When the next of the caller's unpicked games locks; null when none is left. */
  nextLockAt: t.Union([DateTime(), t.Null()]),
  /** Survivor: how many are still alive, of how many, and the caller's own state. */
  survivor: t.Union([
    t.Object({ alive: t.Number(), of: t.Number(), you: t.Object({ alive: t.Boolean(), strikes: t.Number() }) }),
    t.Null(),
  ]),
  members: t.Array(PoolMemberWeek),
});
export type PoolSheet = typeof PoolSheet.static;

export const PoolTiebreakKind = t.Union([
  t.Literal("tiebreaker"),
  t.Literal("correct"),
  t.Literal("strikes"),
  t.Literal("boldness"),
]);

/** One member's place in a pool's standings (GET /api/leagues/{id}/standings/{period}). */
export const PoolStandingsRow = t.Object({
  rank: t.Number(),
  userId: t.Number(),
  username: t.String(),
  /** Pick'em and confidence: points (a priced pick's 2.5); null in survivor. */
  points: t.Union([t.Number(), t.Null()]),
  correct: t.Number(),
  lost: t.Number(),
  pushes: t.Number(),
  /** Survivor: still in; null otherwise. */
  alive: t.Union([t.Boolean(), t.Null()]),
  /** Survivor: losses taken (a missed week counts as one); null otherwise. */
  strikes: t.Union([t.Number(), t.Null()]),
  /** Survivor: the week that eliminated them; null while alive (or in other formats). */
  eliminatedWeek: t.Union([t.Number(), t.Null()]),
  /** Survivor: the sum of the surviving picks' implied probabilities (lower is bolder); null otherwise. */
  boldness: t.Union([t.Number(), t.Null()]),
  /** A week's tiebreaker guess, once it has locked. */
  tiebreaker: t.Union([t.Number(), t.Null()]),
  /** What placed this member below the one above when their scores tie. */
  tiebreak: t.Union([PoolTiebreakKind, t.Null()]),
});
export type PoolStandingsRow = typeof PoolStandingsRow.static;

/** A pool's standings for its season (`week` null) or one week of the current season. */
export const PoolStandings = t.Object({
  format: PoolFormatKind,
  options: PoolOptions,
  season: t.Number(),
  week: t.Union([t.Number(), t.Null()]),
  currentWeek: t.Number(),
  /** Survivor: how many are still alive (after `week`, when given); null otherwise. */
  alive: t.Union([t.Number(), t.Null()]),
  /** How many members the standings rank. */
  of: t.Number(),
  /** A week's tiebreaker game's total points once it is final; null otherwise. */
  tiebreakerTotal: t.Union([t.Number(), t.Null()]),
  rows: t.Array(PoolStandingsRow),
});
export type PoolStandings = typeof PoolStandings.static;
