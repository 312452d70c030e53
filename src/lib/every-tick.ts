import type { Logger } from "./logger.ts";
import type { Metrics } from "./metrics.ts";

/**
 * Runs a background pass every `tickMs`, one at a time (a tick that finds one still running waits
 * for the next), timed on /metrics as `task` (npt_jobs_total{task}), a failing pass logged and tried
 * again next tick. Returns the stop function, which waits for a pass under way.
 */
export function everyTick(
  tickMs: number,
  { task, metrics, logger }: { task: string; metrics?: Metrics; logger: Logger },
  pass: () => Promise<void>,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timed = () =>
    (metrics ? metrics.time(task, pass) : pass()).catch((error) => logger.error({ err: error }, `${task} pass failed`));
  const timer = setInterval(() => {
    running ??= timed().finally(() => (running = null));
  }, tickMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
