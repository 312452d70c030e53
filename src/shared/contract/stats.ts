/** The stats API's answers: a player's figures (spec §3 User stats) and the leaderboards. */
import { Type as t } from "@sinclair/typebox";

const Streak = t.Object({ type: t.Union([t.Literal("win"), t.Literal("loss")]), count: t.Number() });

/** Spec §3 User stats, plus the longest win streak (Analytics' card). */
export const UserStats = t.Object({
  roi: t.Number(),
  winRate: t.Number(),
  wonBets: t.Number(),
  lostBets: t.Number(),
  pushedBets: t.Number(),
  totalBets: t.Number(),
  totalWagered: t.String(),
  totalProfit: t.String(),
  currentStreak: Streak,
  longestWinStreak: t.Number(),
});
export type UserStats = typeof UserStats.static;

/** Spec §3 Leaderboard entry, plus its rank, whether the player is a bot and, on weekly boards, their prize marks. */
export const LeaderboardEntry = t.Object({
  rank: t.Number(),
  userId: t.Number(),
  username: t.String(),
  isBot: t.Boolean(),
  roi: t.Number(),
  unitsWon: t.String(),
  winRate: t.Number(),
  streak: Streak,
  totalBets: t.Number(),
  /** Weekly boards: whether the player can win the week's prize as things stand (shared/contest.ts rule). */
  prizeEligible: t.Optional(t.Boolean()),
  /** Weekly boards: the prize place the player holds as things stand (1–3, ties share), else null. */
  prizePlace: t.Optional(t.Union([t.Number(), t.Null()])),
});
export type LeaderboardEntry = typeof LeaderboardEntry.static;
