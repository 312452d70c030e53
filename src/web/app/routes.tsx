import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { lazyPage } from "./lazy-page.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { Loading } from "../components/Loading.tsx";

// Each feature's screens load on first visit (route-level code splitting).
const AuthPage = lazy(() => import("../features/auth/AuthPage.tsx").then((m) => ({ default: m.AuthPage })));
const SettingsPage = lazy(() => import("../features/settings/SettingsPage.tsx").then((m) => ({ default: m.SettingsPage })));
// The home screen and admin games skip Suspense's reveal delay (see lazy-page.tsx).
const GamesPage = lazyPage(() => import("../features/games/GamesPage.tsx").then((m) => m.GamesPage));
const AdminGamesPage = lazyPage(() => import("../features/admin/AdminGamesPage.tsx").then((m) => m.AdminGamesPage));
const MyBetsPage = lazy(() => import("../features/my-bets/MyBetsPage.tsx").then((m) => ({ default: m.MyBetsPage })));
const AnalyticsPage = lazyPage(() => import("../features/analytics/AnalyticsPage.tsx").then((m) => m.AnalyticsPage));
const LeaderboardPage = lazyPage(() => import("../features/leaderboard/LeaderboardPage.tsx").then((m) => m.LeaderboardPage));
const ContestRulesPage = lazyPage(() => import("../features/contest/ContestRulesPage.tsx").then((m) => m.ContestRulesPage));
const AdminBotsPage = lazyPage(() => import("../features/admin/bots/AdminBotsPage.tsx").then((m) => m.AdminBotsPage));
const LeaguesPage = lazyPage(() => import("../features/leagues/LeaguesPage.tsx").then((m) => m.LeaguesPage));
const InvitePage = lazyPage(() => import("../features/invite/InvitePage.tsx").then((m) => m.InvitePage));
const FriendsPage = lazyPage(() => import("../features/friends/FriendsPage.tsx").then((m) => m.FriendsPage));
const FriendAnalyticsPage = lazyPage(() => import("../features/friends/FriendAnalyticsPage.tsx").then((m) => m.FriendAnalyticsPage));

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
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
        <Route path="/invite/:token?" component={InvitePage} />
        <Route path="/friends" component={FriendsPage} />
        <Route path="/friends/:friendId/analytics" component={FriendAnalyticsPage} />
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
