/**
 * Every password hash and check (argon2id, `Bun.password`) of the app goes through one bounded
 * queue per process: at most `PASSWORD_WORK.concurrency` run at once and at most
 * `PASSWORD_WORK.waiting` wait; beyond that the caller gets 503 `server_busy` with `Retry-After`.
 * argon2id is slow and memory-hungry on purpose, so a flood of sign-ins, sign-ups or resets from
 * rotating addresses would otherwise take every core and make every sign-in take seconds; with
 * the queue a flood costs a bounded share and the rest of the app keeps answering.
 */
import { AppError } from "./errors.ts";

export const PASSWORD_WORK = { concurrency: 2, waiting: 16, retryAfterSeconds: 1 } as const;

export const serverBusy = (retryAfterSeconds: number) =>
  new AppError(503, "server_busy", "The server is busy. Try again in a moment.", {
    "Retry-After": String(retryAfterSeconds),
  });

export function isServerBusy(error: unknown): boolean {
  return error instanceof AppError && error.code === "server_busy";
}

/**
 * Runs at most `concurrency` jobs at once, in arrival order; at most `maxWaiting` wait for a
 * slot, and a job beyond that is refused at once with `serverBusy`, never queued.
 */
export class BoundedQueue {
  private running = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly retryAfterSeconds = 1,
  ) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else if (this.line.length < this.maxWaiting) await new Promise<void>((resolve) => this.line.push(resolve));
    else throw serverBusy(this.retryAfterSeconds);
    try {
      return await job();
    } finally {
      // A finished job hands its slot to the next in line (running stays counted), or frees it.
      const next = this.line.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The process's one queue for password work. */
export const passwordQueue = new BoundedQueue(
  PASSWORD_WORK.concurrency,
  PASSWORD_WORK.waiting,
  PASSWORD_WORK.retryAfterSeconds,
);

/** How many hashes and checks actually ran in this process (what tests count a flood's cost by). */
export const passwordWorkDone = { hashes: 0, verifies: 0 };

export function hashPassword(password: string): Promise<string> {
  return passwordQueue.run(() => {
    passwordWorkDone.hashes += 1;
    return Bun.password.hash(password, "argon2id");
  });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return passwordQueue.run(() => {
    passwordWorkDone.verifies += 1;
    return Bun.password.verify(password, hash);
  });
}
