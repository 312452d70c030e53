import { Route, Switch } from "wouter";
import { lazyComponent, type Stylesheet } from "./lazy-component.tsx";
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

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/auth" component={AuthPage} />
      <Route path="/settings" component={SettingsPage} />
      <Route path="/" component={GamesPage} />
      <Route path="/admin/games" component={AdminGamesPage} />
      <Route path="/my-bets" component={MyBetsPage} />
      <Route path="/analytics" component={AnalyticsPage} />
      <Route path="/leaderboard" component={LeaderboardPage} />
      <Route path="/contest-rules" component={ContestRulesPage} />
      <Route path="/admin/bots" component={AdminBotsPage} />
      <Route path="/leagues" component={LeaguesPage} />
      <Route path="/leagues/:id/pool" component={PoolPage} />
      <Route path="/invite/:token?" component={InvitePage} />
      <Route path="/friends" component={FriendsPage} />
      <Route path="/friends/:friendId/analytics" component={FriendAnalyticsPage} />
      <Route path="/players/:username" component={ProfilePage} />
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
