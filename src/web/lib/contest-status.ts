import type { Coverage } from "../../shared/contract/betting.ts";
import type { ContestStatusAnswer } from "../../shared/contract/contest.ts";
import type { CurrentWeek, Game } from "../../shared/contract/games.ts";
import { prizeBlockers, requiredGamesForPrize } from "../../shared/contest.ts";
import { WEEKS } from "../../shared/games.ts";
import { formatKickoff, isLocked, useWeekGames } from "./games.ts";
import { keys, useQuery } from "./queries.ts";

/** The player's coverage of a week with its contest status (one request, shared with the Games screen's panel). */
export function useWeekCoverage(userId: number | null | undefined, week: number | null) {
  return useQuery<Coverage>(userId && week !== null ? keys.coverage(userId, week) : null);
}

/** The Games screen's link to the open games a player has not bet (`/?show=unbet`), and to a week's games. */
export const UNBET_GAMES_HREF = "/?show=unbet";
export const weekGamesHref = (week: number) => `/?week=${week}`;

const games = (n: number) => `${n} ${n === 1 ? "game" : "games"}`;

/** Spec §1's sentence for a week without games. */
export const NO_GAMES_STATUS = "No games scheduled for this week";

/**
 * A contest status in words, the same on Games, the Leaderboard and the Contest page: eligible, how
 * many more of the games still open it takes, or that the week can no longer be covered and when
 * the next one starts. Never asks for more games than remain open.
 */
export function contestStatusText(status: ContestStatusAnswer, kickoff: (iso: string) => string = formatKickoff) {
  const { gamesBet, gamesScheduled, gamesLeft, gamesNeeded, week } = status;
  const counted = `${gamesBet} of ${gamesScheduled} bet`;
  switch (status.state) {
    case "no-games":
      return NO_GAMES_STATUS;
    case "eligible":
      return status.gamesRequired === 0
        ? `Eligible ✓ for the Week ${week} prize: one game this week, no minimum.`
        : `Eligible ✓ for the Week ${week} prize: ${counted}.`;
    case "in-reach":
      return `Not eligible yet: ${counted}, ${games(gamesLeft)} left. Bet ${gamesNeeded} more to qualify for the Week ${week} prize.`;
    case "out-of-reach": {
      const next = status.nextWeek
        ? `Week ${status.nextWeek.week} opens ${kickoff(status.nextWeek.firstKickoff)}.`
        : "It was the season's last week.";
      return `Not eligible: Week ${week} can no longer be covered (${counted}, ${games(gamesLeft)} left). ${next}`;
    }
    case "barred":
      return barredText(status);
  }
}

function barredText(status: ContestStatusAnswer): string {
  if (status.reasons.includes("bot")) return "Bots play on the boards but cannot win prizes.";
  if (status.reasons.includes("site admin")) return "Not eligible: site admins cannot win prizes.";
  const next = status.nextWeek ? ` You can win from Week ${status.nextWeek.week}.` : "";
  return `Not eligible for Week ${status.week}: you joined after its first kick-off.${next}`;
}

/** What the status offers to do next: the open games not bet yet, or the next week's games. */
export function contestStatusAction(status: ContestStatusAnswer): { label: string; week: number | null } | null {
  if (status.state === "in-reach") return { label: `Show the ${games(status.gamesLeft)} I haven't bet`, week: null };
  if (status.state === "out-of-reach" && status.nextWeek)
    return { label: `Bet Week ${status.nextWeek.week} games`, week: status.nextWeek.week };
  return null;
}

/** Where the week's prize stands for someone who signs up now, when it is out of their reach. */
export interface NewcomerPrize {
  /** The first week they can win; null when this is the season's last. */
  fromWeek: number | null;
  /** The sentence that says why, as the welcome, the sign-up page and the contest banner show it. */
  text: string;
}

const EVERY_BET_COUNTS = "every bet counts on the boards now";

/**
 * What a visitor is told before signing up on a day this week's prize is already out of reach for
 * them (issue 46 item 1): the contest's own rule (shared/contest.ts `prizeBlockers`) bars an account
 * made after the week's first kick-off, and once more games have started than the prize can spare, no
 * new player could cover it anyway. Null while a newcomer can still win the week (or it has no games).
 */
export function newcomerPrize(
  week: number,
  games: readonly Pick<Game, "status" | "commenceTime">[],
  now: number,
): NewcomerPrize | null {
  if (games.length === 0) return null;
  const firstKickoff = new Date(Math.min(...games.map((g) => Date.parse(g.commenceTime)))).toISOString();
  const newcomer = {
    isBot: false,
    isAdmin: false,
    registeredAt: new Date(now).toISOString(),
    gamesBet: Number.POSITIVE_INFINITY,
  };
  if (prizeBlockers(newcomer, { gamesScheduled: games.length, firstKickoff }).length === 0) return null;
  const started = games.filter((g) => isLocked(g, now)).length;
  const required = requiredGamesForPrize(games.length);
  const fromWeek = week < WEEKS ? week + 1 : null;
  const then =
    fromWeek === null
      ? `this is the season's last prize week, but ${EVERY_BET_COUNTS}`
      : `you can win from Week ${fromWeek}, and ${EVERY_BET_COUNTS}`;
  const have = started === 1 ? "has" : "have";
  // More games gone than the prize spares: the count says it all. Else the rule on joining does.
  const why =
    games.length - started < required
      ? `This week's prize needs ${required} of ${games.length} games; ${started} ${have} started`
      : `This week's prize is for players who joined before its first kick-off; ${started} of ${games.length} ${games.length === 1 ? "game" : "games"} ${have} started`;
  return { fromWeek, text: `${why} — ${then}.` };
}

/** The contest banner's title: the prize, and from when a newcomer can win it when this week is out of their reach. */
export function promoTitle(newcomer: NewcomerPrize | null): string {
  if (!newcomer) return "Win a $20 gift card every week";
  return newcomer.fromWeek === null
    ? "Weekly $20 gift cards: this week is the season's last"
    : `Win a $20 gift card from Week ${newcomer.fromWeek}`;
}

/** `newcomerPrize` for the current week, as `now` stands; null until its games are known (or while not `wanted`: nothing is fetched). */
export function useNewcomerPrize(now: number, wanted = true): NewcomerPrize | null {
  const current = useQuery<CurrentWeek>(wanted ? keys.currentWeek() : null).data;
  const games = useWeekGames(wanted ? (current?.week ?? null) : null).data;
  return current && games ? newcomerPrize(current.week, games, now) : null;
}
