/** Where "now" comes from. Production uses the system clock; tests inject a fixed one. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and runs at real speed from there (CLOCK_START). */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** A clock that stands still until moved: tests place themselves on any day of the season. */
export class FixedClock implements Clock {
  #ms: number;
  constructor(at: Date | string) {
    this.#ms = new Date(at).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(at: Date | string): void {
    this.#ms = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}
