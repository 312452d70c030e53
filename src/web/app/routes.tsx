import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { lazyPage } from "./lazy-page.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { Loading } from "../components/Loading.tsx";
import { withStyles } from "../styles/screen-styles.ts";

// A screen's own rules load with its code (styles/screen-styles.ts); the shell's are in styles.css.
const accountCss = () => import("../styles/account.css", { with: { type: "text" } });
const myBetsCss = () => import("../styles/my-bets.css", { with: { type: "text" } });
const adminGamesCss = () => import("../styles/admin-games.css", { with: { type: "text" } });
const adminBotsCss = () => import("../styles/admin-bots.css", { with: { type: "text" } });
const statsCss = () => import("../styles/analytics-leaderboard.css", { with: { type: "text" } });
const contestCss = () => import("../styles/contest.css", { with: { type: "text" } });
const leaguesCss = () => import("../styles/leagues.css", { with: { type: "text" } });
const friendsCss = () => import("../styles/friends.css", { with: { type: "text" } });

// Each feature's screens load on first visit (route-level code splitting).
const AuthPage = lazy(() =>
  withStyles(import("../features/auth/AuthPage.tsx"), accountCss()).then((m) => ({ default: m.AuthPage })),
);
const SettingsPage = lazy(() =>
  withStyles(import("../features/settings/SettingsPage.tsx"), accountCss()).then((m) => ({ default: m.SettingsPage })),
);
// The home screen and admin games skip Suspense's reveal delay (see lazy-page.tsx).
const GamesPage = lazyPage(() => import("../features/games/GamesPage.tsx").then((m) => m.GamesPage));
const AdminGamesPage = lazyPage(() =>
  withStyles(import("../features/admin/AdminGamesPage.tsx"), adminGamesCss()).then((m) => m.AdminGamesPage),
);
const MyBetsPage = lazy(() =>
  withStyles(import("../features/my-bets/MyBetsPage.tsx"), myBetsCss()).then((m) => ({ default: m.MyBetsPage })),
);
const AnalyticsPage = lazyPage(() =>
  withStyles(import("../features/analytics/AnalyticsPage.tsx"), statsCss()).then((m) => m.AnalyticsPage),
);
const LeaderboardPage = lazyPage(() =>
  withStyles(import("../features/leaderboard/LeaderboardPage.tsx"), statsCss()).then((m) => m.LeaderboardPage),
);
const ContestRulesPage = lazyPage(() =>
  withStyles(import("../features/contest/ContestRulesPage.tsx"), contestCss()).then((m) => m.ContestRulesPage),
);
const AdminBotsPage = lazyPage(() =>
  withStyles(import("../features/admin/bots/AdminBotsPage.tsx"), adminBotsCss()).then((m) => m.AdminBotsPage),
);
const LeaguesPage = lazyPage(() =>
  withStyles(import("../features/leagues/LeaguesPage.tsx"), leaguesCss()).then((m) => m.LeaguesPage),
);
const InvitePage = lazyPage(() =>
  withStyles(import("../features/invite/InvitePage.tsx"), leaguesCss()).then((m) => m.InvitePage),
);
const FriendsPage = lazyPage(() =>
  withStyles(import("../features/friends/FriendsPage.tsx"), friendsCss()).then((m) => m.FriendsPage),
);
const FriendAnalyticsPage = lazyPage(() =>
  withStyles(import("../features/friends/FriendAnalyticsPage.tsx"), friendsCss()).then((m) => m.FriendAnalyticsPage),
);

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
