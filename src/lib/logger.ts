import pino, { type DestinationStream, type Logger } from "pino";

export type { Logger };

/** JSON logs, one object per line, to stdout. Never log secrets: passwords, tokens, cookies. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}
