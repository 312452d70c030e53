import { lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { PlaceholderPage } from "./PlaceholderPage.tsx";

// Each feature's screens load on first visit (route-level code splitting).
const AuthPage = lazy(() => import("../features/auth/AuthPage.tsx").then((m) => ({ default: m.AuthPage })));
const SettingsPage = lazy(() => import("../features/settings/SettingsPage.tsx").then((m) => ({ default: m.SettingsPage })));

/** Screens whose features are still to come: each shows its title and says so. */
const PLACEHOLDERS: { path: string; title: string }[] = [
  { path: "/", title: "NFL Games" },
  { path: "/my-bets", title: "Recent Bets & Journal" },
  { path: "/analytics", title: "Performance Analytics" },
  { path: "/leaderboard", title: "Leaderboard" },
  { path: "/leagues", title: "Leagues" },
  { path: "/contest-rules", title: "Contest Rules" },
  { path: "/friends", title: "Friends" },
  { path: "/friends/:friendId/analytics", title: "Friend Analytics" },
  { path: "/invite/:token", title: "Join League" },
  { path: "/admin/games", title: "Admin Game Resolution" },
  { path: "/admin/bots", title: "Bot Management" },
];

function Loading() {
  return (
    <p className="page-loading" aria-busy="true">
      Loading…
    </p>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Switch>
        <Route path="/auth" component={AuthPage} />
        <Route path="/settings" component={SettingsPage} />
        {PLACEHOLDERS.map(({ path, title }) => (
          <Route key={path} path={path}>
            <PlaceholderPage title={title} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
