import { constants } from "node:os";

// Imported by main.ts before anything slow loads. In a container the program is PID 1, and the
// kernel drops a signal PID 1 has no handler for: a SIGTERM that came while modules were still
// loading would be lost, and `docker stop` would wait its 10 s and kill. Until a command installs
// its own (serve, at its first line), SIGTERM and SIGINT end the process at once, as they would by
// default anywhere else.
const exitAtOnce = (signal: NodeJS.Signals) => process.exit(128 + (constants.signals[signal] ?? 0));
process.on("SIGTERM", exitAtOnce);
process.on("SIGINT", exitAtOnce);

/** Removes the handlers above: the caller handles SIGTERM and SIGINT from now on. */
export function takeOverStopSignals(): void {
  process.off("SIGTERM", exitAtOnce);
  process.off("SIGINT", exitAtOnce);
}
