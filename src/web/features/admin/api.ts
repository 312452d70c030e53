import type { Game } from "../../../shared/contract/games.ts";
import { apiRequest } from "../../lib/api.ts";
import type { AdminContestWeek, AdminGames, JobStatus } from "../../../shared/contract/admin.ts";
import { afterGameResolved, afterReportsChange, afterWinnersRecorded, keys, useQuery } from "../../lib/queries.ts";
import type { ReportedComment } from "../../../shared/contract/comments.ts";
import type { ResolveBody } from "./resolve-input.ts";

/** PATCH /api/games/{id} (admins only): final score, optional player stats, or a regrade. */
export async function resolveGame(gameId: string, body: ResolveBody): Promise<Game> {
  const game = await apiRequest<Game>("PATCH", `/api/games/${encodeURIComponent(gameId)}`, body);
  void afterGameResolved(); // settling moves bets, stats and the boards as well as the game
  return game;
}

/** GET /api/admin/games?week=N: the action queue and the week's bet counts (admins only: a refusal otherwise). */
export function useAdminGames(week: number | null) {
  return useQuery<AdminGames>(week === null ? null : keys.adminGames(week));
}

/** GET /api/admin/jobs: the weekly jobs' schedule, last run and next run. */
export function useAdminJobs(enabled: boolean) {
  return useQuery<JobStatus[]>(enabled ? keys.adminJobs() : null);
}

/** GET /api/admin/contest/weeks: each week's winners state. */
export function useContestWeeks(enabled: boolean) {
  return useQuery<AdminContestWeek[]>(enabled ? keys.adminContestWeeks() : null);
}

/** POST /api/admin/contest/weeks/{week}/winners: records a settled week's winners (once). */
export async function recordWinners(week: number): Promise<AdminContestWeek> {
  const result = await apiRequest<AdminContestWeek>("POST", `/api/admin/contest/weeks/${week}/winners`, {});
  void afterWinnersRecorded();
  return result;
}

/** GET /api/admin/comment-reports: comments members reported (never which pick they are about). */
export function useCommentReports(enabled: boolean) {
  return useQuery<ReportedComment[]>(enabled ? keys.commentReports() : null);
}

/** Leaves a reported comment up: its reports close. */
export async function dismissReports(commentId: number): Promise<void> {
  await apiRequest("POST", `/api/admin/comment-reports/${commentId}/dismiss`, {});
  await afterReportsChange();
}

/** Deletes a reported comment (audited). */
export async function deleteReported(commentId: number): Promise<void> {
  await apiRequest("DELETE", `/api/admin/comments/${commentId}`);
  await afterReportsChange();
}
