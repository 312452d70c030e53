/** GET /api/picks/league/{id}: a league's revealed picks (decision 0056). */
import { Type as t } from "@sinclair/typebox";
import { ProfileBet } from "./profiles.ts";

export const RevealPicksSetting = t.Union([
  t.Literal("kickoff"),
  t.Literal("picked"),
  t.Literal("week_start"),
  t.Literal("never"),
]);

/** The pick a tail followed, when this league shows it too; `clvCost`: its CLV minus the tail's (what the later price cost). */
export const TailedFrom = t.Object({
  betId: t.Number(),
  username: t.String(),
  odds: t.String(),
  point: t.Union([t.String(), t.Null()]),
  clv: t.Union([t.Number(), t.Null()]),
  clvCost: t.Union([t.Number(), t.Null()]),
});
export type TailedFrom = typeof TailedFrom.static;

/** One revealed pick: a member's bet as a profile shows it, with its stake and whom it tailed. */
export const LeaguePick = t.Object({
  ...ProfileBet.properties,
  /** A prop pick's prop, which a tail names. */
  propId: t.Union([t.Number(), t.Null()]),
  player: t.Object({ userId: t.Number(), username: t.String() }),
  wagerAmount: t.String(),
  /** Followed a pick this league shows; null otherwise (a tail of a pick this league does not show says nothing of it). */
  tailedFrom: t.Union([TailedFrom, t.Null()]),
  /** The current price to tail at: a straight pick of another member whose game is still open; null otherwise. */
  tail: t.Union([t.Object({ odds: t.Number(), point: t.Union([t.Number(), t.Null()]) }), t.Null()]),
});
export type LeaguePick = typeof LeaguePick.static;

export const LeagueFeed = t.Object({
  revealPicks: RevealPicksSetting,
  picks: t.Array(LeaguePick),
  /** The next kick-off of any game (a time more picks may show; it says nothing of them), to ask again then; null with 'never'. */
  nextRevealAt: t.Union([t.String(), t.Null()]),
  /** The cursor of the next page (older picks); null on the last one. */
  nextCursor: t.Union([t.Number(), t.Null()]),
});
export type LeagueFeed = typeof LeagueFeed.static;

/**
 * One member on one game of the week (issue 44: a hidden pick leaves a trace): whether they picked it
 * and, when that pick is not shown to the viewer yet, when it will be — never what they picked.
 */
export const MemberOnGame = t.Object({
  userId: t.Number(),
  username: t.String(),
  /** none: no pick on the game; hidden: a pick the viewer cannot see yet; shown: in the feed; mine: the viewer's own. */
  state: t.Union([t.Literal("none"), t.Literal("hidden"), t.Literal("shown"), t.Literal("mine")]),
  /** hidden and mine: when the pick shows to the league (null: never). */
  showsAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});
export type MemberOnGame = typeof MemberOnGame.static;

/** GET /api/picks/league/{id}/week: the current week's games still to kick off, and who has picked each. */
export const LeagueWeekPicks = t.Object({
  season: t.Number(),
  week: t.Number(),
  games: t.Array(
    t.Object({
      gameId: t.String(),
      awayAbbr: t.String(),
      homeAbbr: t.String(),
      commenceTime: t.String({ format: "date-time" }),
      members: t.Array(MemberOnGame),
    }),
  ),
});
export type LeagueWeekPicks = typeof LeagueWeekPicks.static;

/** GET /api/picks/league/{id}/sweat: the week's revealed picks still in play, for the sweat room (issue 44 item 4). */
export const LeagueSweat = t.Object({
  season: t.Number(),
  week: t.Number(),
  /** Oldest first; the browser groups them by game and follows the live scores it already receives. */
  picks: t.Array(LeaguePick),
});
export type LeagueSweat = typeof LeagueSweat.static;
