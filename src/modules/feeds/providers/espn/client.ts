/** The two ESPN endpoints we read; ESPN_BASE_URL may point at a proxy or a test server. */

import { getJson } from "../http.ts";

const SPORT = "/apis/site/v2/sports/football/nfl";

export class EspnClient {
  readonly #base: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    // Keep a path prefix a proxy may need ("https://proxy/espn").
    this.#base = baseUrl.replace(/\/+$/, "");
  }

  /** One week of a regular season: schedule, live status, scores and consensus lines. */
  async scoreboard(season: number, week: number): Promise<unknown> {
    const url = new URL(`${this.#base}${SPORT}/scoreboard`);
    url.search = new URLSearchParams({ seasontype: "2", week: String(week), dates: String(season) }).toString();
    return (await getJson(url, `ESPN scoreboard ${season} week ${week}`, this.timeoutMs)).body;
  }

  /** A game's summary, whose box score has the players' figures. */
  async summary(eventId: string): Promise<unknown> {
    const url = new URL(`${this.#base}${SPORT}/summary`);
    url.search = new URLSearchParams({ event: eventId }).toString();
    return (await getJson(url, `ESPN summary of event ${eventId}`, this.timeoutMs)).body;
  }
}
