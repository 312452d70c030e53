/**
 * The browser app's screens, as URL patterns (wouter's syntax: `:name` a segment, `?` optional).
 * The server answers these paths with the app and 200, any other path with the app's
 * 'not found' screen and 404; tests/unit/app-paths.test.ts keeps this list and the app's routes in step.
 */
export const APP_PATHS = [
  "/",
  "/auth",
  "/settings",
  "/my-bets",
  "/analytics",
  "/leaderboard",
  "/contest-rules",
  "/leagues",
  "/leagues/:id/pool",
  "/leagues/:id/:section?",
  "/invite/:token?",
  "/friends",
  "/friends/:friendId/analytics",
  "/players/:username",
  "/admin/games",
  "/admin/bots",
] as const;

const segment = "[^/]+";
const matchers = APP_PATHS.map(
  (pattern) => new RegExp(`^${pattern.replace(/\/:\w+\?/g, `(?:/${segment})?`).replace(/:\w+/g, segment)}$`),
);

/** Whether a URL path is one of the app's screens. */
export function isAppPath(path: string): boolean {
  return matchers.some((matcher) => matcher.test(path));
}
