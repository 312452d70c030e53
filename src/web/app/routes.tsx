import { parse } from "regexparam";
import { matchRoute, Route, Switch } from "wouter";
import { type LazyComponent, lazyComponent, type Stylesheet } from "./lazy-component.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

/** A screen loads on first visit (route-level code splitting), with its stylesheet if it has one. */
const lazyPage = <P extends object>(load: Parameters<typeof lazyComponent<P>>[0], stylesheet?: Stylesheet) =>
  lazyComponent(load, { stylesheet });

// Each screen loads on first visit (route-level code splitting), with the stylesheet beside its code.
// The Games screen's rules are in the shell's bundled stylesheet (styles.css): it is the first screen.
const AuthPage = lazyPage(
  () => import("../features/auth/AuthPage.tsx").then((m) => m.AuthPage),
  () => import("../features/auth/auth.css", { with: { type: "text" } }),
);
const SettingsPage = lazyPage(
  () => import("../features/settings/SettingsPage.tsx").then((m) => m.SettingsPage),
  () => import("../features/settings/settings.css", { with: { type: "text" } }),
);
const GamesPage = lazyPage(() => import("../features/games/GamesPage.tsx").then((m) => m.GamesPage));
const AdminGamesPage = lazyPage(
  () => import("../features/admin/AdminGamesPage.tsx").then((m) => m.AdminGamesPage),
  () => import("../features/admin/admin-games.css", { with: { type: "text" } }),
);
const MyBetsPage = lazyPage(
  () => import("../features/my-bets/MyBetsPage.tsx").then((m) => m.MyBetsPage),
  () => import("../features/my-bets/my-bets.css", { with: { type: "text" } }),
);
const AnalyticsPage = lazyPage(
  () => import("../features/analytics/AnalyticsPage.tsx").then((m) => m.AnalyticsPage),
  () => import("../features/analytics/analytics.css", { with: { type: "text" } }),
);
const LeaderboardPage = lazyPage(
  () => import("../features/leaderboard/LeaderboardPage.tsx").then((m) => m.LeaderboardPage),
  () => import("../features/leaderboard/leaderboard.css", { with: { type: "text" } }),
);
const ContestRulesPage = lazyPage(
  () => import("../features/contest/ContestRulesPage.tsx").then((m) => m.ContestRulesPage),
  () => import("../features/contest/contest.css", { with: { type: "text" } }),
);
const AdminBotsPage = lazyPage(
  () => import("../features/admin/bots/AdminBotsPage.tsx").then((m) => m.AdminBotsPage),
  () => import("../features/admin/bots/bots.css", { with: { type: "text" } }),
);
const LeaguesPage = lazyPage(
  () => import("../features/leagues/LeaguesPage.tsx").then((m) => m.LeaguesPage),
  () => import("../features/leagues/leagues.css", { with: { type: "text" } }),
);
const LeaguePage = lazyPage(
  () => import("../features/leagues/LeaguePage.tsx").then((m) => m.LeaguePage),
  () => import("../features/leagues/leagues.css", { with: { type: "text" } }),
);
const PoolPage = lazyPage(
  () => import("../features/pools/PoolPage.tsx").then((m) => m.PoolPage),
  () => import("../features/pools/pools.css", { with: { type: "text" } }),
);
const InvitePage = lazyPage(
  () => import("../features/invite/InvitePage.tsx").then((m) => m.InvitePage),
  () => import("../features/invite/invite.css", { with: { type: "text" } }),
);
const friendsCss = () => import("../features/friends/friends.css", { with: { type: "text" } });
const FriendsPage = lazyPage(
  () => import("../features/friends/FriendsPage.tsx").then((m) => m.FriendsPage),
  friendsCss,
);
const FriendAnalyticsPage = lazyPage(
  () => import("../features/friends/FriendAnalyticsPage.tsx").then((m) => m.FriendAnalyticsPage),
  friendsCss,
);

const ProfilePage = lazyPage(
  () => import("../features/profiles/ProfilePage.tsx").then((m) => m.ProfilePage),
  () => import("../features/profiles/profile.css", { with: { type: "text" } }),
);

/** The app's screens by path pattern, in the order they are matched (the last one: no screen, 'not found'). */
// biome-ignore lint/suspicious/noExplicitAny: each screen takes its own route params
const SCREENS: readonly (readonly [pattern: string, screen: LazyComponent<any>])[] = [
  ["/auth", AuthPage],
  ["/settings", SettingsPage],
  ["/", GamesPage],
  ["/admin/games", AdminGamesPage],
  ["/my-bets", MyBetsPage],
  ["/analytics", AnalyticsPage],
  ["/leaderboard", LeaderboardPage],
  ["/contest-rules", ContestRulesPage],
  ["/admin/bots", AdminBotsPage],
  ["/leagues", LeaguesPage],
  ["/leagues/:id/pool", PoolPage],
  ["/leagues/:id/:section?", LeaguePage],
  ["/invite/:token?", InvitePage],
  ["/friends", FriendsPage],
  ["/friends/:friendId/analytics", FriendAnalyticsPage],
  ["/players/:username", ProfilePage],
];

/**
 * Loads the code and stylesheet of the screen at `path`, so it renders at once: the server awaits
 * it before rendering the first screen, and the browser before hydrating that HTML. Resolves with
 * the screen's stylesheet (null: none, or no screen at that path).
 */
export async function loadScreen(path: string): Promise<string | null> {
  // The patterns read as wouter reads them (its parser is regexparam's).
  const screen = SCREENS.find(([pattern]) => matchRoute(parse, pattern, path)[0])?.[1];
  return screen ? (await screen.load()).stylesheet : null;
}

export function AppRoutes() {
  return (
    <Switch>
      {SCREENS.map(([pattern, screen]) => (
        <Route key={pattern} path={pattern} component={screen} />
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
