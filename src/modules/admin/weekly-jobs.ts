import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Logger } from "../../lib/logger.ts";
import type { Metrics } from "../../lib/metrics.ts";
import type { JobStatus } from "../../shared/contract/admin.ts";
import { systemActor } from "../audit/service.ts";
import { nextBotBettingDay, weekDueForBots, weeklyUpdate } from "../bots/service.ts";
import { weekAwaitingWinners, weeklyWinners } from "../contest/service.ts";
import { currentWeek, LIVE_WINDOW_MS, weekSchedule } from "../games/service.ts";
import * as repo from "./repo.ts";

/** How often the lease holder looks for a weekly run that is due. */
export const WEEKLY_JOBS_CHECK_MS = 5 * 60 * 1000;
/** A run claimed this long ago and never finished lost its process: another check may take it over. */
const STALE_RUN_MS = 30 * 60 * 1000;

type Week = { season: number; week: number };

export interface WeeklyJob {
  name: string;
  schedule: string;
  /** The week this job should run for now, or null. */
  due(db: Db, now: Date): Promise<Week | null>;
  /** Runs it (audited by the service it calls); says what it did. */
  run(db: Db, now: Date, week: Week, adminEmails: readonly string[]): Promise<string>;
  /** When it should next run, when not due now. */
  next(db: Db, now: Date): Promise<{ at: Date | null; note: string }>;
}

const keyOf = (week: Week) => `${week.season}:${week.week}`;

export const WEEKLY_WINNERS: WeeklyJob = {
  name: "weekly winners",
  schedule: `every ${WEEKLY_JOBS_CHECK_MS / 60_000} minutes: records the last completed week's winners once its bets are settled`,
  due: weekAwaitingWinners,
  async run(db, now, week, adminEmails) {
    const result = await weeklyWinners(db, now, { ...week, adminEmails, actor: systemActor });
    const names = result.winners.map((w) => w.username);
    return names.length > 0
      ? `Week ${week.week}: recorded ${names.length} ${names.length === 1 ? "winner" : "winners"} (${names.join(", ")}).`
      : `Week ${week.week}: recorded; no player was eligible.`;
  },
  async next(db, now) {
    const current = await currentWeek(db, now);
    const games = await weekSchedule(db, current.season, current.week, now);
    const last = games.at(-1);
    if (!last) return { at: null, note: "No games ahead this season." };
    const at = new Date(Math.max(now.getTime(), Date.parse(last.commenceTime) + LIVE_WINDOW_MS));
    return { at, note: `Once Week ${current.week}'s games are final and its bets settled.` };
  },
};

export const BOTS_WEEKLY_BETS: WeeklyJob = {
  name: "bots weekly bets",
  schedule: "Tuesdays and Wednesdays (US Eastern), once the previous week has settled: the bots bet the current week",
  due: weekDueForBots,
  async run(db, now) {
    return (await weeklyUpdate(db, now, systemActor)).message;
  },
  async next(_db, now) {
    return { at: nextBotBettingDay(now), note: "Next Tuesday, once the week before has settled." };
  },
};

export const WEEKLY_JOBS: readonly WeeklyJob[] = [WEEKLY_WINNERS, BOTS_WEEKLY_BETS];

export interface WeeklyRun {
  job: string;
  key: string;
  ok: boolean;
  result: string;
}

/** Runs each weekly job that is due and not yet run for its week (claimed first, so it runs once whoever checks). */
export async function runDueWeeklyJobs(
  db: Db,
  now: Date,
  adminEmails: readonly string[],
  jobs: readonly WeeklyJob[] = WEEKLY_JOBS,
): Promise<WeeklyRun[]> {
  const runs: WeeklyRun[] = [];
  for (const job of jobs) {
    const week = await job.due(db, now);
    if (!week) continue;
    const key = keyOf(week);
    const stale = new Date(now.getTime() - STALE_RUN_MS).toISOString();
    if (!(await repo.claimRun(db, job.name, key, now.toISOString(), stale))) continue;
    let ok = true;
    let result: string;
    try {
      result = await job.run(db, now, week, adminEmails);
    } catch (error) {
      ok = false;
      result = error instanceof Error ? error.message : String(error);
    }
    await repo.finishRun(db, job.name, key, now.toISOString(), ok, result);
    runs.push({ job: job.name, key, ok, result });
  }
  return runs;
}

/** A weekly run that failed (logged with its result already). */
class WeeklyRunFailed extends Error {}

/** Checks one weekly job at once, then every `intervalMs`; returns the stop function (the lease's jobs, runtime/jobs.ts). */
export function startWeeklyJob(
  job: WeeklyJob,
  deps: { db: Db; clock: Clock; logger: Logger; adminEmails: readonly string[]; metrics?: Metrics },
  intervalMs = WEEKLY_JOBS_CHECK_MS,
): () => Promise<void> {
  const task = job.name.replaceAll(" ", "_");
  let running: Promise<void> | null = null;
  /** One pass (metrics count passes: one that finds nothing due succeeds); a failed run fails it. */
  const pass = async () => {
    const runs = await runDueWeeklyJobs(deps.db, deps.clock.now(), deps.adminEmails, [job]);
    for (const run of runs) {
      if (run.ok) deps.logger.info(run, "weekly job ran");
      else deps.logger.error(run, "weekly job failed");
    }
    const failed = runs.find((run) => !run.ok);
    if (failed) throw new WeeklyRunFailed(failed.result);
  };
  const check = () => {
    running ??= (async () => {
      try {
        await (deps.metrics ? deps.metrics.time(task, pass) : pass());
      } catch (error) {
        if (!(error instanceof WeeklyRunFailed)) deps.logger.error({ err: error }, "checking the weekly jobs failed");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  void check();
  const timer = setInterval(check, intervalMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Both weekly jobs for the admin screen: schedule, last run and its result, next run. */
export async function weeklyJobsStatus(db: Db, now: Date): Promise<JobStatus[]> {
  const latest = new Map(
    (
      await repo.latestRuns(
        db,
        WEEKLY_JOBS.map((j) => j.name),
      )
    ).map((r) => [r.job, r]),
  );
  return Promise.all(
    WEEKLY_JOBS.map(async (job) => {
      const last = latest.get(job.name);
      const week = await job.due(db, now);
      const pending = week !== null && !(last?.run_key === keyOf(week) && last.ok === 1);
      const next = pending
        ? {
            at: new Date(now.getTime() + WEEKLY_JOBS_CHECK_MS),
            note: `Due now for Week ${week.week}: runs at the next check.`,
          }
        : await job.next(db, now);
      return {
        name: job.name,
        schedule: job.schedule,
        lastRun: last
          ? {
              key: last.run_key,
              startedAt: last.started_at,
              finishedAt: last.finished_at,
              ok: last.ok === null ? null : last.ok === 1,
              result: last.result,
            }
          : null,
        nextRunAt: next.at?.toISOString() ?? null,
        nextRunNote: next.note,
      };
    }),
  );
}
