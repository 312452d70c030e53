import { matchRoute } from "wouter";
import { parse } from "regexparam";
import type { Config } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../runtime/index.ts";
import type { User } from "../../shared/contract/auth.ts";
import type { CurrentWeek } from "../../shared/contract/games.ts";
import { WEEKS } from "../../shared/games.ts";
import { USERNAME_MAX } from "../../shared/accounts.ts";
import { keys, type QueryKey } from "../../web/lib/queries.ts";
import { boardWeek } from "../../web/features/leaderboard/selection.ts";
import { intParam } from "../../web/lib/search-param.ts";
import type { CachedAnswer } from "../cached-read.ts";
import { withAppended } from "../cached-read.ts";
import * as betting from "../../modules/betting/service.ts";
import { playerWeekStatus, recordedWeeks } from "../../modules/contest/service.ts";
import type { GamesReads } from "../../modules/games/reads.ts";
import { currentSeason } from "../../modules/games/service.ts";
import { profile } from "../../modules/profiles/service.ts";
import * as leagues from "../../modules/leagues/service.ts";
import { notifications } from "../../modules/social/service.ts";
import { userStats } from "../../modules/stats/service.ts";
import type { BoardReads } from "../../modules/stats/reads.ts";
import { decodedParam } from "./path-params.ts";
import type { Game } from "../../shared/contract/games.ts";
import type { LeagueDetails } from "../../shared/contract/leagues.ts";
import { isMember } from "../../web/lib/league-text.ts";
import {
  defaultRecapWeek,
  LEAGUE_PAGE_PATTERN,
  type LeagueSection,
  leagueAddress,
} from "../../web/features/leagues/sections.ts";

export interface FirstScreenDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, "adminEmails">;
  games: GamesReads;
  boards: BoardReads;
}

const decoder = new TextDecoder();

/**
 * One answer of the first screen: its query key (web/lib/queries.ts) and the JSON the API sends for
 * it, with a tag that changes when it does: a cached read's own ETag (its bytes decoded only when the
 * page is rendered), else a hash of the JSON.
 */
export class FirstAnswer {
  #json: string | null;
  #tag: string | null;

  constructor(
    readonly key: QueryKey,
    private readonly source: string | CachedAnswer,
  ) {
    this.#json = typeof source === "string" ? source : null;
    this.#tag = typeof source === "string" ? null : source.etag;
  }

  get json(): string {
    this.#json ??= decoder.decode((this.source as CachedAnswer).body);
    return this.#json;
  }

  get tag(): string {
    this.#tag ??= Bun.hash(this.json).toString(36);
    return this.#tag;
  }
}

/**
 * The answers a screen reads first, each exactly as its API route answers this viewer: the same
 * service calls (or cached reads) with the same checks, so a rendered page shows nothing the API
 * would not (tests/api/first-screens.test.ts compares them). A read that fails is left out: the
 * browser asks for it and shows what the API says.
 */
export async function firstScreenAnswers(
  deps: FirstScreenDeps,
  path: string,
  search: URLSearchParams,
  viewer: User | null,
): Promise<FirstAnswer[]> {
  const reads = new Reads(deps, viewer);
  reads.add(keys.user(), async () => JSON.stringify(viewer));

  if (path === "/") await gamesScreen(reads, search);
  else if (path === "/leaderboard") await leaderboardScreen(reads, search);
  else if (path === "/contest-rules") await contestScreen(reads);
  else if (path === "/auth") await weekGames(reads);
  else {
    const [isProfile, params] = matchRoute(parse, "/players/:username", path);
    const username = (params as { username?: string } | null)?.username;
    if (isProfile && username) await profileScreen(reads, decodedParam(username));
    const [isLeague, leagueParams] = matchRoute(parse, LEAGUE_PAGE_PATTERN, path);
    const league = isLeague ? leagueAddress(leagueParams as { id?: string; section?: string }) : null;
    if (league) await leagueScreen(reads, league.id, league.section, search);
  }
  if (viewer)
    reads.add(keys.notifications(), async () =>
      JSON.stringify(await notifications(deps.db, deps.clock.now(), viewer.id)),
    );
  return reads.settled();
}

/** The answers being read, each started at once and kept unless it fails. */
class Reads {
  readonly #pending: Promise<FirstAnswer | null>[] = [];

  constructor(
    readonly deps: FirstScreenDeps,
    readonly viewer: User | null,
  ) {}

  add(key: QueryKey | null, read: () => Promise<string | CachedAnswer>): Promise<FirstAnswer | null> {
    if (!key) return Promise.resolve(null);
    const answer = read().then(
      (source) => new FirstAnswer(key, source),
      () => null,
    );
    this.#pending.push(answer);
    return answer;
  }

  async currentWeek(): Promise<CurrentWeek | null> {
    const answer = await this.add(keys.currentWeek(), () => Promise.resolve(this.deps.games.currentWeek()));
    return answer === null ? null : (JSON.parse(answer.json) as CurrentWeek);
  }

  /** GET /api/users/{id}/coverage/week/{week} for the viewer (betting's route: coverage and contest status). */
  coverage(week: number): void {
    const { db, clock, config } = this.deps;
    const viewer = this.viewer;
    if (!viewer) return;
    this.add(keys.coverage(viewer.id, week), async () => {
      const now = clock.now();
      const season = await currentSeason(db, now);
      const coverage = await betting.weekCoverage(db, viewer.id, viewer.id, season, week);
      const contest = await playerWeekStatus(db, now, viewer.id, season, week, config.adminEmails);
      return JSON.stringify({ ...coverage, eligible: contest.state === "eligible", contest });
    });
  }

  async settled(): Promise<FirstAnswer[]> {
    return (await Promise.all(this.#pending)).filter((answer) => answer !== null);
  }
}

/**
 * `/`: the current week, the games of the week shown (`?week=N`, else the current one); signed in,
 * that week's bets, the current week's coverage and the stats (features/games/use-games-page.ts).
 */
async function gamesScreen(reads: Reads, search: URLSearchParams): Promise<void> {
  const { db, clock, games } = reads.deps;
  const current = await reads.currentWeek();
  if (!current) return;
  const week = intParam(search.get("week"), 1, WEEKS) ?? current.week;
  reads.add(keys.games(week), () => Promise.resolve(games.games(week)));
  const viewer = reads.viewer;
  if (!viewer) return;
  reads.add(keys.weekBets(viewer.id, week), async () =>
    JSON.stringify(await betting.listWeekBets(db, viewer.id, viewer.id, await currentSeason(db, clock.now()), week)),
  );
  reads.coverage(current.week);
  reads.add(keys.stats(viewer.id), async () => JSON.stringify(await userStats(db, viewer.id, viewer.id)));
}

/** `/leaderboard`: the board the address picks, the current week, the recorded winners (features/leaderboard/). */
async function leaderboardScreen(reads: Reads, search: URLSearchParams): Promise<void> {
  const { db, clock, games, boards } = reads.deps;
  reads.add(keys.winners(), async () => JSON.stringify(await recordedWeeks(db, clock.now())));
  const current = await reads.currentWeek();
  const view = search.get("view") === "overall" ? "overall" : "week";
  const week = boardWeek(intParam(search.get("week"), 1, WEEKS), current?.week ?? null);
  const viewerId = reads.viewer?.id ?? null;
  reads.add(keys.leaderboard(view, week), async () => {
    const { top, own } = await boards.board(
      view === "overall" ? null : { season: await games.season(), week: week! },
      viewerId,
    );
    return own ? decoder.decode(withAppended(top, own)) : top;
  });
  if (view === "week" && week !== null) reads.coverage(week);
}

/** `/contest-rules`: this week's games (their count) and, signed in, the viewer's standing (features/contest/). */
async function contestScreen(reads: Reads): Promise<void> {
  const current = await reads.currentWeek();
  if (!current) return;
  reads.add(keys.games(current.week), () => Promise.resolve(reads.deps.games.games(current.week)));
  reads.coverage(current.week);
}

/** `/auth`: this week's games, whose kick-offs say whether a newcomer can still win its prize (features/auth/AuthPage.tsx). */
async function weekGames(reads: Reads): Promise<void> {
  const current = await reads.currentWeek();
  if (current) reads.add(keys.games(current.week), () => Promise.resolve(reads.deps.games.games(current.week)));
}

/** `/players/{username}`: the profile as this viewer may see it (profiles' own rules decide, as for the API). */
async function profileScreen(reads: Reads, username: string | null): Promise<void> {
  if (!username || username.length > USERNAME_MAX) return;
  const { db, clock } = reads.deps;
  reads.add(keys.profile(username), async () =>
    JSON.stringify(await profile(db, clock.now(), reads.viewer?.id ?? null, username)),
  );
}

/** The JSON an answer carries, parsed (null when the read failed and was left out). */
const parsed = <T>(answer: FirstAnswer | null): T | null => (answer === null ? null : (JSON.parse(answer.json) as T));

/**
 * `/leagues/{id}/{section}` (features/leagues/LeaguePage.tsx): to a member, the league and the
 * section's answers; to anyone else, what the page shows a stranger (the preview; 404 left out).
 */
async function leagueScreen(reads: Reads, id: number, section: LeagueSection, search: URLSearchParams): Promise<void> {
  const { db, clock, games } = reads.deps;
  const viewer = reads.viewer;
  const preview = () =>
    void reads.add(keys.leaguePreview(id), async () =>
      JSON.stringify(await leagues.leaguePreview(db, viewer?.id ?? null, id)),
    );
  if (!viewer) return preview();
  const details = parsed<LeagueDetails>(
    await reads.add(keys.league(id), async () => JSON.stringify(await leagues.leagueDetails(db, viewer.id, id))),
  );
  if (!details) return;
  if (!isMember(details, viewer.id)) return preview();
  const current = await reads.currentWeek();
  const now = () => clock.now();
  const json = async (value: Promise<unknown>) => JSON.stringify(await value);
  switch (section) {
    case "standings": {
      const week = intParam(search.get("week"), 1, WEEKS);
      reads.add(keys.leagueStandings(id, week ?? "season"), () =>
        json(leagues.leagueStandings(db, now(), viewer.id, id, week)),
      );
      return;
    }
    case "week":
      reads.add(keys.leagueWeekPicks(id), () => json(leagues.leagueWeekPicks(db, now(), viewer.id, id)));
      return;
    case "picks":
      reads.add(keys.leagueFeed(id, null), () => json(leagues.leagueFeed(db, now(), viewer.id, id, undefined)));
      return;
    case "sweat": {
      const sweat = parsed<{ week: number }>(
        await reads.add(keys.leagueSweat(id), () => json(leagues.leagueSweat(db, now(), viewer.id, id))),
      );
      if (!sweat) return;
      reads.add(keys.games(sweat.week), () => Promise.resolve(games.games(sweat.week)));
      reads.add(keys.leagueStandings(id, sweat.week), () =>
        json(leagues.leagueStandings(db, now(), viewer.id, id, sweat.week)),
      );
      return;
    }
    case "recap": {
      if (!current) return;
      const listed = parsed<Game[]>(
        await reads.add(keys.games(current.week), () => Promise.resolve(games.games(current.week))),
      );
      const week = intParam(search.get("week"), 1, WEEKS) ?? defaultRecapWeek(current.week, listed ?? []);
      if (week === null) return;
      // The recap section asks once the week's games are all final (LeagueRecapSection): both answers.
      const ofWeek =
        week === current.week
          ? listed
          : parsed<Game[]>(await reads.add(keys.games(week), () => Promise.resolve(games.games(week))));
      if (ofWeek && ofWeek.length > 0 && ofWeek.every((g) => g.status === "completed"))
        reads.add(keys.leagueRecap(id, week), () => json(leagues.leagueRecap(db, now(), viewer.id, id, week)));
      return;
    }
    case "history":
      reads.add(keys.leagueHistory(id), () => json(leagues.leagueHistory(db, viewer.id, id, undefined)));
      return;
    case "members":
    case "talk": // the thread is asked for by the browser (its answers change by the minute)
      return;
  }
}
