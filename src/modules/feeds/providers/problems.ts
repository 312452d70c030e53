import type { Logger } from "../../../lib/logger.ts";

/** At most this many problems wait to be read: a CLI never reads them, a failing service repeats. */
const KEEP = 20;

/**
 * What went wrong in a remote provider, kept until `take()` (the scheduler's read, for
 * /api/health) and logged without repeating itself every minute:
 * - problems: failed requests and unusable answers (the sync backs off);
 * - notices: states worth showing that are no failure (a quota at its reserve, a box score not out yet);
 * - skips: records left out of an otherwise good answer (logged once per reason, not reported).
 */
export class Problems {
  #problems: string[] = [];
  #lastProblem = "";
  #notices: string[] = [];
  readonly #noticesLogged = new Set<string>();
  readonly #skipsLogged = new Set<string>();

  constructor(
    private readonly logger: Logger,
    private readonly provider: string,
  ) {}

  note(problem: string): void {
    if (problem !== this.#lastProblem)
      this.logger.warn({ provider: this.provider, problem }, "odds provider problem; keeping the last good data");
    this.#lastProblem = problem;
    this.#problems.push(problem);
    if (this.#problems.length > KEEP) this.#problems.shift();
  }

  notice(message: string): void {
    if (!this.#noticesLogged.has(message))
      this.logger.warn({ provider: this.provider, notice: message }, "odds provider notice");
    this.#noticesLogged.add(message);
    if (!this.#notices.includes(message)) this.#notices.push(message);
  }

  skip(reason: string): void {
    if (this.#skipsLogged.has(reason)) return;
    if (this.#skipsLogged.size > 1000) this.#skipsLogged.clear();
    this.#skipsLogged.add(reason);
    this.logger.warn({ provider: this.provider, skipped: reason }, "odds provider record skipped");
  }

  /** Problems and notices since the last read. */
  take(): { problems: string[]; notices: string[] } {
    // A problem back after a clean read is logged again; so is a notice that went away and came back.
    if (this.#problems.length === 0) this.#lastProblem = "";
    for (const logged of this.#noticesLogged) if (!this.#notices.includes(logged)) this.#noticesLogged.delete(logged);
    const out = { problems: this.#problems, notices: this.#notices };
    this.#problems = [];
    this.#notices = [];
    return out;
  }
}
