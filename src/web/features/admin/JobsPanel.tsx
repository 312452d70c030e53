import type { JobStatus } from "../../../shared/contract/admin.ts";
import { errorText } from "../../lib/api.ts";
import { formatKickoff } from "../../lib/games.ts";
import { useAdminJobs } from "./api.ts";

function lastRunText(job: JobStatus): string {
  const run = job.lastRun;
  if (!run) return "Not run yet";
  const when = formatKickoff(run.startedAt);
  if (run.ok === null) return `Running since ${when}`;
  return `${when} · ${run.ok ? "Done" : "Failed"}: ${run.result ?? ""}`;
}

/** The weekly jobs the lease holder runs: what they do, when they last ran (and how), when they run next. */
export function JobsPanel() {
  const { data: jobs, error } = useAdminJobs(true);
  return (
    <section aria-labelledby="jobs-title" className="admin-week-panel">
      <h2 id="jobs-title">Scheduled jobs</h2>
      {error ? (
        <p role="alert">Could not load the jobs: {errorText(error, "please try again.")}</p>
      ) : !jobs ? (
        <p aria-busy="true">Loading jobs…</p>
      ) : (
        <ul className="jobs-list">
          {jobs.map((job) => (
            <li key={job.name} className="surface job-card" aria-label={job.name}>
              <h3>{job.name.charAt(0).toUpperCase() + job.name.slice(1)}</h3>
              <p className="muted">{job.schedule}</p>
              <dl>
                <dt>Last run</dt>
                <dd className={job.lastRun?.ok === false ? "job-failed" : undefined}>{lastRunText(job)}</dd>
                <dt>Next run</dt>
                <dd>
                  {job.nextRunAt ? (
                    <time dateTime={job.nextRunAt}>{formatKickoff(job.nextRunAt)}</time>
                  ) : (
                    "None scheduled"
                  )}{" "}
                  <span className="muted">· {job.nextRunNote}</span>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
