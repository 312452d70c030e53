/**
 * Every password hash and check (argon2id, `Bun.password`) of the app goes through one bounded
 * queue per process: at most `PASSWORD_WORK.concurrency` run at once and at most
 * `PASSWORD_WORK.waiting` wait; beyond that the caller gets 503 `server_busy` with `Retry-After`.
 * argon2id is slow and memory-hungry on purpose, so a flood of sign-ins, sign-ups or resets would
 * otherwise take every core and make every sign-in take seconds; with the queue a flood costs a
 * bounded share and the rest of the app keeps answering. The waiting line is shared fairly
 * (lib/fair-line.ts): clients take turns, one party cannot hold every place, known clients
 * (signed in, or a browser that signed in to the account before) go first, and sign-ins for an
 * address without an account go last (decision 0064).
 */
import { AppError } from "./errors.ts";
import { FairLine, type Place, type Standing } from "./fair-line.ts";

export const PASSWORD_WORK = { concurrency: 2, waiting: 32, retryAfterSeconds: 1 } as const;

export const serverBusy = (retryAfterSeconds: number) =>
  new AppError(503, "server_busy", "The server is busy. Try again in a moment.", {
    "Retry-After": String(retryAfterSeconds),
  });

export function isServerBusy(error: unknown): boolean {
  return error instanceof AppError && error.code === "server_busy";
}

/** Who asks for password work: where from, in which lane it waits, and the request's signal. */
export interface Asker {
  /** Where the request comes from (http/client-address.ts `queuePlace`). */
  from: Place;
  /**
   * A known-good client by what it is known as (`{ knownAs: "user:12" }`: the lane served first),
   * anyone (`"open"`), or a sign-in for an address without an account (`"last"`: served after everyone).
   */
  standing: Standing;
  /** A client that gives up (its connection closed) leaves the line, and no hash is run for it. */
  signal?: AbortSignal;
}

/** Work of the process itself (the CLI, a job): one client of its own. */
export const LOCAL_ASKER: Asker = { from: { group: "local", key: "local" }, standing: "open" };

interface Waiter {
  go(): void;
  refuse(): void;
}

/**
 * Runs at most `concurrency` jobs at once; at most `maxWaiting` wait for a slot, served in the
 * fair line's order. A job refused a place (or pushed out of the line by a fairer claim to it) is
 * refused with `serverBusy` and never runs.
 */
export class PasswordQueue {
  private running = 0;
  private readonly line: FairLine<Waiter>;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
    private readonly retryAfterSeconds = 1,
  ) {
    this.line = new FairLine(maxWaiting);
  }

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.size };
  }

  async run<T>(job: () => Promise<T>, asker: Asker = LOCAL_ASKER): Promise<T> {
    // Nobody waits while a slot is free: a finished job hands its slot straight to the next in line.
    if (this.running < this.concurrency) this.running += 1;
    else await this.waitForSlot(asker);
    try {
      return await job();
    } finally {
      const next = this.line.next();
      if (next) next.go();
      else this.running -= 1;
    }
  }

  private waitForSlot(asker: Asker): Promise<void> {
    if (asker.signal?.aborted) return Promise.reject(serverBusy(this.retryAfterSeconds));
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        if (this.line.remove(waiter)) waiter.refuse();
      };
      const waiter: Waiter = {
        go: () => {
          asker.signal?.removeEventListener("abort", leave);
          resolve();
        },
        refuse: () => {
          asker.signal?.removeEventListener("abort", leave);
          reject(serverBusy(this.retryAfterSeconds));
        },
      };
      const pushedOut = this.line.add(waiter, asker.from, asker.standing);
      if (pushedOut === waiter) return reject(serverBusy(this.retryAfterSeconds));
      pushedOut?.refuse();
      asker.signal?.addEventListener("abort", leave, { once: true });
    });
  }
}

/** The process's one queue for password work. */
export const passwordQueue = new PasswordQueue(
  PASSWORD_WORK.concurrency,
  PASSWORD_WORK.waiting,
  PASSWORD_WORK.retryAfterSeconds,
);

/** How many hashes and checks actually ran in this process (what tests count a flood's cost by). */
export const passwordWorkDone = { hashes: 0, verifies: 0 };

export function hashPassword(password: string, asker: Asker): Promise<string> {
  return passwordQueue.run(() => {
    passwordWorkDone.hashes += 1;
    return Bun.password.hash(password, "argon2id");
  }, asker);
}

export function verifyPassword(password: string, hash: string, asker: Asker): Promise<boolean> {
  return passwordQueue.run(() => {
    passwordWorkDone.verifies += 1;
    return Bun.password.verify(password, hash);
  }, asker);
}
