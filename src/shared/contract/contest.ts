/** The contest API's answer: GET /api/contest/winners, the season's recorded weeks, latest first. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";

/** A recorded winner as everyone may see them: the current username, never the audit's details. */
export const PublicWinner = t.Object({
  place: t.Number(),
  tied: t.Boolean(),
  userId: t.Number(),
  username: t.String(),
  unitsWon: t.String(),
  roi: t.Number(),
});
export type PublicWinner = typeof PublicWinner.static;

/** A week whose winners `contest winners` recorded (spec §1's weekly prize). */
export const RecordedWeek = t.Object({
  season: t.Number(),
  week: t.Number(),
  recordedAt: DateTime(),
  /** The week came from the embedded (generated) season: not a real contest. */
  generatedSeason: t.Boolean(),
  winners: t.Array(PublicWinner),
});
export type RecordedWeek = typeof RecordedWeek.static;

/** A player's standing in a week's contest (shared/contest.ts `contestStatus`): one status, shown everywhere. */
export const ContestStatus = t.Object({
  state: t.Union([
    t.Literal("eligible"),
    t.Literal("in-reach"),
    t.Literal("out-of-reach"),
    t.Literal("barred"),
    t.Literal("no-games"),
  ]),
  week: t.Number(),
  gamesScheduled: t.Number(),
  gamesBet: t.Number(),
  gamesRequired: t.Number(),
  /** Open games not bet yet. */
  gamesLeft: t.Number(),
  /** More games to bet to qualify. */
  gamesNeeded: t.Number(),
  /** Why the player cannot win the week at all (bot, site admin, registered after its first kick-off). */
  reasons: t.Array(t.String()),
  /** The following week and its first kick-off; null in the season's last week. */
  nextWeek: t.Union([t.Object({ week: t.Number(), firstKickoff: t.String() }), t.Null()]),
});
export type ContestStatusAnswer = typeof ContestStatus.static;
