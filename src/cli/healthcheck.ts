import type { Config } from "../config.ts";
import { CliError } from "./context.ts";

/** Docker's HEALTHCHECK gives the command 5 s: we answer before it gives up. */
const TIMEOUT_MS = 4_000;

/** The address a healthcheck inside the container (or beside serve) reaches serve at. */
export function readyzUrl(config: Pick<Config, "host" | "port">): string {
  const anyAddress = ["0.0.0.0", "::", ""].includes(config.host);
  const host = anyAddress ? "127.0.0.1" : config.host.includes(":") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}/readyz`;
}

/**
 * `healthcheck`: asks the local serve's /readyz; exit 0 when it is ready, 1 otherwise (not
 * answering, draining, database down). What Docker's HEALTHCHECK runs, so the image needs no curl.
 */
export async function healthcheckCommand(config: Config): Promise<void> {
  const url = readyzUrl(config);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: "manual" });
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError" ? `no answer in ${TIMEOUT_MS / 1000} s` : (error as Error).message;
    throw new CliError(`not ready: ${url} cannot be reached (${reason})`);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string };
  if (response.status !== 200)
    throw new CliError(`not ready: ${url} answered ${response.status} ${body.code ?? ""}`.trim());
  console.log(`ready: ${url} answered 200`);
}
