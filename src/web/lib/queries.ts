import useSWR, { type SWRConfiguration } from "swr";
import { mayHaveMissedEvents } from "./live.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import type { Game } from "../../shared/contract/games.ts";
import type { GamesUpdate } from "../../shared/contract/live.ts";
import { patchedBets, patchedWeek } from "./games-update.ts";
import { invalidate, invalidateFetched, updateQueries } from "./swr.ts";

/**
 * Every API query the app caches: its key names a family and the URL it GETs. Invalidation goes by
 * family (the named `after…` functions below), so no code matches URL strings; a new query gets a
 * builder here and joins the families whose events change it.
 */
export type Family =
  | "user"
  | "currentWeek"
  | "games"
  | "bets"
  | "betsList"
  | "weekBets"
  | "coverage"
  | "stats"
  | "leaderboard"
  | "winners"
  | "availableLeagues"
  | "league"
  | "leagueInvitations"
  | "myLeagues"
  | "myInvitations"
  | "friends"
  | "friendRequests"
  | "friendAnalytics"
  | "profile"
  | "profileVisibility"
  | "pushPreferences"
  | "pushDevices"
  | "notifications"
  | "botStats"
  | "adminGames"
  | "adminWeek"
  | "invite"
  | "leagueTalk"
  | "leagueWebhooks"
  | "apiTokens"
  | "calendarLink"
  | "commentReports";

export type QueryKey = readonly [family: Family, url: string];

const key = (family: Family, url: string): QueryKey => [family, url];

/** Available Leagues come this many at a time ('Load more' asks for the next page). */
export const AVAILABLE_PAGE_SIZE = 20;

export const keys = {
  user: () => key("user", "/api/user"),
  /** What an invite link leads to (anyone holding it may ask). */
  invite: (token: string) => key("invite", `/api/invites/${encodeURIComponent(token)}`),
  /** The server's advancing current week (spec §4). */
  currentWeek: () => key("currentWeek", "/api/weeks/current"),
  /** One week's games in kick-off order (all statuses). */
  games: (week: number) => key("games", `/api/games?week=${week}`),
  /** A game's line history (GET /api/games/{id}/lines); a "games" key, so a line move refetches it. */
  lines: (gameId: string) => key("games", `/api/games/${encodeURIComponent(gameId)}/lines`),
  /** All of a player's bets, newest first. */
  bets: (userId: number) => key("bets", `/api/users/${userId}/bets`),
  /** A page of a player's bets through My Bets' filters (`query`: the list's search parameters). */
  betsPage: (userId: number, query: string) => key("betsList", `/api/users/${userId}/bets?${query}`),
  /** My Bets' bankroll line and tallies. */
  betsSummary: (userId: number) => key("bets", `/api/users/${userId}/bets/summary`),
  /** A player's bets of one week ('YOUR BET' on the game cards). */
  weekBets: (userId: number, week: number) => key("weekBets", `/api/users/${userId}/bets/week/${week}`),
  coverage: (userId: number, week: number) => key("coverage", `/api/users/${userId}/coverage/week/${week}`),
  stats: (userId: number) => key("stats", `/api/users/${userId}/stats`),
  leaderboard: (view: "week" | "overall", week: number | null): QueryKey | null =>
    view === "overall"
      ? key("leaderboard", "/api/leaderboard")
      : week === null
        ? null
        : key("leaderboard", `/api/leaderboard/week/${week}`),
  /** The season's recorded weekly winners, latest week first (GET /api/contest/winners). */
  winners: () => key("winners", "/api/contest/winners"),
  /**
   * A page of Available Leagues after the league `cursor` (none: the newest). One league more than
   * shown is asked for: its presence says another page exists, since the fetcher sees no headers.
   */
  availableLeagues: (cursor: number | null) =>
    key(
      "availableLeagues",
      `/api/leagues?scope=available&limit=${AVAILABLE_PAGE_SIZE + 1}${cursor === null ? "" : `&cursor=${cursor}`}`,
    ),
  /** A league with its members and standings. */
  league: (id: number) => key("league", `/api/leagues/${id}`),
  /** A page of a league's revealed picks; a "league" key, so what moves its details moves it too. */
  leagueFeed: (id: number, cursor: number | null) =>
    key("league", `/api/picks/league/${id}${cursor === null ? "" : `?cursor=${cursor}`}`),
  /** A league's standings for its season or one week ("league" family: they move with its details). */
  leagueStandings: (id: number, period: "season" | number) => key("league", `/api/leagues/${id}/standings/${period}`),
  /** A week's pick sheet of a pool: the viewer's picks and the others' locked ones ("league" family). */
  poolSheet: (id: number, week: number) => key("league", `/api/leagues/${id}/pool/${week}`),
  /** What a league's page shows someone not in it (a public league to anyone; "league" family). */
  leaguePreview: (id: number) => key("league", `/api/preview/league/${id}`),
  /** Who has picked each of the current week's open games, and when a hidden pick shows ("league" family). */
  leagueWeekPicks: (id: number) => key("league", `/api/picks/league/${id}/week`),
  /** The week's revealed picks still in play: the sweat room ("league" family; scores come with the games). */
  leagueSweat: (id: number) => key("league", `/api/picks/league/${id}/sweat`),
  /** A league's week in review, once the week's games are final ("league" family). */
  leagueRecap: (id: number, week: number) => key("league", `/api/recap/league/${id}/week/${week}`),
  /** The latest page of a league's history ("league" family: what changes the league changes it). */
  leagueHistory: (id: number) => key("league", `/api/history/league/${id}`),
  leagueInvitations: (id: number) => key("leagueInvitations", `/api/invitations/league/${id}`),
  /** A page of a league's talk: its page (`betId` null) or a revealed pick's thread; `cursor`: the last comment of the page before. */
  leagueComments: (id: number, betId: number | null, cursor: number | null = null) => {
    const query = new URLSearchParams();
    if (betId !== null) query.set("betId", String(betId));
    if (cursor !== null) query.set("cursor", String(cursor));
    return key("leagueTalk", `/api/leagues/${id}/comments${query.size ? `?${query}` : ""}`);
  },
  /** A league's webhooks with their delivery log (its admins). */
  leagueWebhooks: (id: number) => key("leagueWebhooks", `/api/leagues/${id}/webhooks`),
  /** The signed-in player's API tokens (Settings). */
  apiTokens: () => key("apiTokens", "/api/tokens"),
  /** The signed-in player's deadlines feed URL (Settings). */
  calendarLink: () => key("calendarLink", "/api/user/calendar"),
  /** Comments members reported (site admins). */
  commentReports: () => key("commentReports", "/api/admin/comment-reports"),
  myLeagues: (userId: number) => key("myLeagues", `/api/users/${userId}/leagues`),
  myInvitations: (userId: number) => key("myInvitations", `/api/users/${userId}/invitations`),
  friends: () => key("friends", "/api/friends"),
  friendRequests: () => key("friendRequests", "/api/friends/requests"),
  friendAnalytics: (friendId: number) => key("friendAnalytics", `/api/friends/${friendId}/analytics`),
  /** A player's profile as the viewer may see it. */
  profile: (username: string) => key("profile", `/api/players/${encodeURIComponent(username)}`),
  /** Who may see the signed-in player's profile (Settings). */
  profileVisibility: () => key("profileVisibility", "/api/user/profile-visibility"),
  notifications: () => key("notifications", "/api/notifications"),
  /** What the signed-in player wants pushed, the daily cap and quiet hours (Settings). */
  pushPreferences: () => key("pushPreferences", "/api/push/preferences"),
  /** The signed-in player's devices with push on. */
  pushDevices: () => key("pushDevices", "/api/push/subscriptions"),
  botStats: () => key("botStats", "/api/admin/bots/stats"),
  /** The admin's action queue and a week's bet counts. */
  adminGames: (week: number) => key("adminGames", `/api/admin/games?week=${week}`),
  /** The weekly jobs' last and next runs. */
  adminJobs: () => key("adminWeek", "/api/admin/jobs"),
  /** The contest's weeks as the admin reviews them. */
  adminContestWeeks: () => key("adminWeek", "/api/admin/contest/weeks"),
};

/**
 * The one way a screen reads the API: `useQuery(keys.x(…))`, or null while it cannot ask yet (no
 * user, no week). SWR's shared config (lib/swr.ts) fetches the key's URL; `options` only for what a
 * query does differently (e.g. refetching on every visit).
 */
export function useQuery<T>(queryKey: QueryKey | null, options?: SWRConfiguration<T>) {
  return useSWR<T>(queryKey, options ?? {});
}

/** Options for a query that refetches on every visit, also right after the last fetch (spec §7: bets). */
export const EVERY_VISIT: SWRConfiguration = { revalidateOnMount: true, dedupingInterval: 0 };

const after =
  (...families: Family[]) =>
  () =>
    invalidate(families);

// What each event changes. On screen they refetch now; elsewhere when next shown.

/** Spec §7: a placed bet (or parlay) changes the user, their bets, stats and weekly coverage. */
export const afterBetPlaced = after("user", "bets", "betsList", "weekBets", "stats", "coverage");
/** Spec §8: after a refused placement the weekly bets are refetched (they tell which games already have a bet). */
export const afterBetRefused = after("weekBets");
/** The live odds_update: prices moved, games started or ended, so the games and the current week are asked again. */
export const afterOddsUpdate = after("games", "currentWeek", "adminGames");
/**
 * The live scores_update: games under way changed score or status, shown on the games and on My Bets'
 * list (its own family: the other bet queries, refetched every minute of a Sunday, would show nothing new).
 */
export const afterScoresUpdate = after("games", "betsList");
/**
 * A live games update that carried its games: they are put in place in every cached week and beside
 * every cached bet, the current week set, with no request (the admin's screen, which counts bets, refetches).
 */
export async function putGamesInPlace(update: GamesUpdate & { games: Game[] }): Promise<void> {
  await Promise.all([
    updateQueries(["games"], (data) => (Array.isArray(data) ? patchedWeek(data as Game[], update.games) : data)),
    updateQueries(["bets", "betsList", "weekBets"], (data) =>
      Array.isArray(data) ? patchedBets(data as Bet[], update.games) : data,
    ),
    updateQueries(["currentWeek"], () => update.currentWeek),
    invalidate(["adminGames"]),
  ]);
}
/** A placement refused because a price moved or a game locked: the games are asked again. */
export const afterOddsRefused = after("games");
/** The player's own bets settled (live channel): their figures, the boards and the notifications. */
export const afterSettlement = after(
  "user",
  "profile",
  "bets",
  "betsList",
  "weekBets",
  "stats",
  "coverage",
  "leaderboard",
  "notifications",
);
/** A leg of the player's pending parlay was graded: only its bet changes (My Bets shows the leg in place). */
export const afterParlayLegGraded = after("bets", "betsList", "weekBets");
/** Bets settled somewhere: a league's standings (its details) move. */
export const afterLeagueBetsSettled = after("league");
/** An admin resolved a game: the game, and everyone's bets, stats and boards. */
export const afterGameResolved = after(
  "games",
  "user",
  "bets",
  "betsList",
  "weekBets",
  "stats",
  "leaderboard",
  "profile",
  "adminGames",
  "adminWeek",
);
/** Winners recorded from the admin screen: the review, the jobs' runs and the public winners list. */
export const afterWinnersRecorded = after("adminWeek", "winners");
/** A pending bet cancelled: its stake is back, its game open to a new bet. */
export const afterBetCancelled = after("user", "bets", "betsList", "weekBets", "coverage");
/** A journal note saved: every bet list carries notes. */
export const afterNoteSaved = after("bets", "betsList", "weekBets");
/** Joined, left, created, edited, invited, answered: every league list and detail. */
export const afterLeagueChange = after("availableLeagues", "league", "leagueInvitations", "myLeagues", "myInvitations");
/** A friend request sent, answered or a friend removed: the lists, requests, analytics and the announcing notifications. */
export const afterFriendChange = after("friends", "friendRequests", "friendAnalytics", "profile", "notifications");
/** A live "notification" (friend request, acceptance, league invitation, a reply, a webhook turned off; no details): what it may announce. */
export const afterNotification = after(
  "notifications",
  "friends",
  "friendRequests",
  "friendAnalytics",
  "myInvitations",
  "leagueWebhooks",
);
/** A league's talk changed (posted, deleted, reacted to; the live `league_comments` too): its threads. */
export const afterLeagueTalk = after("leagueTalk");
/** A webhook added or removed. */
export const afterWebhooksChange = after("leagueWebhooks");
/** An API token made or revoked. */
export const afterTokensChange = after("apiTokens");
/** The deadlines feed's link made, replaced or turned off. */
export const afterCalendarChange = after("calendarLink");
/** A report dismissed or a reported comment deleted (site admins). */
export const afterReportsChange = after("commentReports", "leagueTalk");
export const afterNotificationsSeen = after("notifications");
export const afterBotsChanged = after("botStats");
/** A confirmed address can make the user an admin. */
export const afterEmailConfirmed = after("user");
/** The live channel (re)opened: anything may have been missed. */
export const afterReconnect = () => invalidate("all");
/**
 * The page's first open, its hello arriving at `helloAt`: what was asked for before the socket could
 * hear events; the server's answers the page came with, unless nothing was sent since it read them
 * (`firstScreenCurrent`: web/app/first-screen.ts).
 */
export const afterFirstOpen = (helloAt: number, firstScreenCurrent: boolean) =>
  invalidateFetched((startedAt) => mayHaveMissedEvents(startedAt, helloAt), !firstScreenCurrent);
