import { ConfigError, type Config } from "../../../config.ts";
import type { OddsProvider } from "../provider.ts";
import { EmbeddedProvider } from "./embedded/index.ts";

/** The provider ODDS_PROVIDER names. */
export function createProvider(config: Config): OddsProvider {
  switch (config.oddsProvider) {
    case "embedded":
      return new EmbeddedProvider();
    default:
      throw new ConfigError(`ODDS_PROVIDER=${config.oddsProvider} is not available in this version; use embedded`);
  }
}
