/** The admin's week: the action queue, bet counts per game, the weekly jobs (GET /api/admin/games, /api/admin/jobs). */
import { Type as t } from "@sinclair/typebox";

export const BetCount = t.Object({ gameId: t.String(), bets: t.Number(), players: t.Number() });
export type BetCount = typeof BetCount.static;

/** Why a game waits on the admin, most urgent first: a final without a score, then a game under way. */
export const ActionReason = t.Union([t.Literal("final-missing"), t.Literal("in-progress")]);
export type ActionReason = typeof ActionReason.static;

export const ActionItem = t.Object({
  gameId: t.String(),
  week: t.Number(),
  awayTeam: t.String(),
  homeTeam: t.String(),
  commenceTime: t.String(),
  reason: ActionReason,
  /** Why it is in the queue, in words. */
  why: t.String(),
  bets: t.Number(),
  players: t.Number(),
});
export type ActionItem = typeof ActionItem.static;

export const AdminGames = t.Object({
  /** Games past kick-off and unresolved, this season, in the order to handle them. */
  queue: t.Array(ActionItem),
  /** The asked week's games with bets on them (a game without bets is absent: zero). */
  counts: t.Array(BetCount),
});
export type AdminGames = typeof AdminGames.static;

export const JobRun = t.Object({
  /** What the run was for: "season:week". */
  key: t.String(),
  startedAt: t.String(),
  finishedAt: t.Union([t.String(), t.Null()]),
  /** null while it runs. */
  ok: t.Union([t.Boolean(), t.Null()]),
  result: t.Union([t.String(), t.Null()]),
});

export const JobStatus = t.Object({
  name: t.String(),
  schedule: t.String(),
  lastRun: t.Union([JobRun, t.Null()]),
  nextRunAt: t.Union([t.String(), t.Null()]),
  nextRunNote: t.String(),
});
export type JobStatus = typeof JobStatus.static;

/** A week of the contest as the admin reviews it before and after its winners are recorded. */
export const AdminContestWeek = t.Object({
  season: t.Number(),
  week: t.Number(),
  gamesScheduled: t.Number(),
  gamesCompleted: t.Number(),
  pendingBets: t.Number(),
  /** recorded; ready (every game final, every bet settled); waiting (games or bets still open). */
  state: t.Union([t.Literal("recorded"), t.Literal("ready"), t.Literal("waiting")]),
  recordedAt: t.Union([t.String(), t.Null()]),
  winners: t.Array(t.Object({ place: t.Number(), tied: t.Boolean(), username: t.String(), unitsWon: t.String() })),
});
export type AdminContestWeek = typeof AdminContestWeek.static;
