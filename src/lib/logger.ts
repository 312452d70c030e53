import pino, { type Logger } from "pino";

export type { Logger };

/** JSON logs, one object per line, to stdout. Never log secrets: passwords, tokens, cookies. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
