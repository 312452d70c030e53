import type { Config } from "../../../config.ts";
import { createLogger, type Logger } from "../../../lib/logger.ts";
import type { OddsProvider } from "../provider.ts";
import { EmbeddedProvider } from "./embedded/index.ts";
import { EspnProvider } from "./espn/index.ts";
import { TheOddsApiProvider } from "./theoddsapi/index.ts";

/** Per-request timeout for remote providers; tests shorten it. */
export interface ProviderOptions {
  timeoutMs?: number;
}

function theOddsApi(config: Config, logger: Logger, options: ProviderOptions): TheOddsApiProvider {
  return new TheOddsApiProvider({
    baseUrl: config.oddsApiBaseUrl,
    apiKey: config.oddsApiKey!,
    logger,
    bookmakers: config.bookmakers,
    reserve: config.oddsApiReserve,
    timeoutMs: options.timeoutMs,
  });
}

/**
 * The provider ODDS_PROVIDER names. `espn` with ODDS_API_KEY set takes its lines and props from
 * The Odds API (ESPN keeps schedule, scores and box scores); without a key, ESPN's consensus lines.
 */
export function createProvider(
  config: Config,
  logger: Logger = createLogger("silent"),
  options: ProviderOptions = {},
): OddsProvider {
  switch (config.oddsProvider) {
    case "embedded":
      return new EmbeddedProvider();
    case "espn":
      return new EspnProvider({
        baseUrl: config.espnBaseUrl,
        logger,
        timeoutMs: options.timeoutMs,
        lines: config.oddsApiKey ? theOddsApi(config, logger, options) : undefined,
      });
    case "theoddsapi":
      return theOddsApi(config, logger, options);
  }
}
