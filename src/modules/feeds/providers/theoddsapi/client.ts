/**
 * The Odds API v4 over HTTP: the key rides in the query (their design) and is never logged or
 * put in an error; every answer's quota headers are read and logged.
 */

import type { Logger } from "../../../../lib/logger.ts";
import { ProviderError, getJson } from "../http.ts";
import { canSpend, quotaFrom, type Purpose, type Quota } from "./quota.ts";

const SPORT = "/v4/sports/americanfootball_nfl";

export class QuotaReserveError extends ProviderError {}

export class OddsApiClient {
  readonly #base: string;
  quota: Quota = { remaining: null, used: null };

  constructor(
    baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
    private readonly reserve: number,
    private readonly logger: Logger,
  ) {
    this.#base = baseUrl.replace(/\/+$/, "");
  }

  /** The upcoming and live games (free of charge). */
  events(): Promise<unknown> {
    return this.#get("/events", {}, "The Odds API events", null);
  }

  /** Moneyline, spreads and totals of every listed game from US books. */
  odds(): Promise<unknown> {
    return this.#get(
      "/odds",
      { regions: "us", markets: "h2h,spreads,totals", oddsFormat: "american" },
      "The Odds API odds",
      { purpose: "lines", cost: 3 },
    );
  }

  /** One game's player props in the given markets. */
  eventOdds(eventId: string, markets: readonly string[]): Promise<unknown> {
    return this.#get(
      `/events/${encodeURIComponent(eventId)}/odds`,
      { regions: "us", markets: markets.join(","), oddsFormat: "american" },
      `The Odds API props of event ${eventId}`,
      { purpose: "props", cost: markets.length },
    );
  }

  /** Live and recent games with scores; `daysFrom` (1–3) brings finished ones. */
  scores(daysFrom: number): Promise<unknown> {
    return this.#get("/scores", { daysFrom: String(daysFrom) }, "The Odds API scores", { purpose: "scores", cost: 2 });
  }

  async #get(
    path: string,
    params: Record<string, string>,
    label: string,
    spend: { purpose: Purpose; cost: number } | null,
  ): Promise<unknown> {
    if (spend && !canSpend(this.quota, spend.cost, spend.purpose, this.reserve)) {
      throw new QuotaReserveError(
        `${label}: skipped, ${this.quota.remaining} credits left and ${this.reserve} kept in reserve`,
      );
    }
    const url = new URL(`${this.#base}${SPORT}${path}`);
    url.search = new URLSearchParams({ apiKey: this.apiKey, ...params }).toString();
    try {
      const answer = await getJson(url, label, this.timeoutMs, this.apiKey);
      this.#noteQuota(answer.headers, label);
      return answer.body;
    } catch (error) {
      if (!(error instanceof ProviderError) || !error.answer) throw error;
      this.#noteQuota(error.answer.headers, label);
      // The Odds API names the reason in `error_code`: out of credits, too frequent, or a bad key.
      if (/OUT_OF_USAGE_CREDITS|quota has been reached/i.test(error.answer.text)) {
        this.quota = { ...this.quota, remaining: 0 };
        throw new ProviderError(
          `${label}: HTTP ${error.status}, the plan's credits are used up until it resets`,
          error.status,
        );
      }
      if (error.status === 401)
        throw new ProviderError(`${label}: HTTP 401, the API key was refused (check ODDS_API_KEY)`, 401);
      if (error.status === 429) throw new ProviderError(`${label}: HTTP 429, requests too frequent`, 429);
      throw new ProviderError(error.message, error.status);
    }
  }

  #noteQuota(headers: Headers, label: string): void {
    this.quota = quotaFrom(headers, this.quota);
    const last = headers.get("x-requests-last");
    this.logger.info(
      {
        provider: "theoddsapi",
        request: label,
        cost: last === null ? undefined : Number(last),
        requestsRemaining: this.quota.remaining,
        requestsUsed: this.quota.used,
      },
      "odds api quota",
    );
  }
}
