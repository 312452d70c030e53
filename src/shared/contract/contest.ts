/** The contest API's answer: GET /api/contest/winners, the season's recorded weeks, latest first. */
import { Type as t } from "@sinclair/typebox";

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
  recordedAt: t.String(),
  /** The week came from the embedded (generated) season: not a real contest. */
  generatedSeason: t.Boolean(),
  winners: t.Array(PublicWinner),
});
export type RecordedWeek = typeof RecordedWeek.static;
