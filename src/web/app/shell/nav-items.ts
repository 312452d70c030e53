/** The screens in the top bar (desktop), in the spec's order. */
export const TOP_LINKS = [
  { href: "/", label: "Games" },
  { href: "/my-bets", label: "My Bets" },
  { href: "/analytics", label: "Analytics" },
  { href: "/friends", label: "Friends" },
  { href: "/leaderboard", label: "Leaderboard" },
  { href: "/contest-rules", label: "Contest" },
] as const;

/** Whether `href` is the current screen or one of its sub-screens. */
export function isCurrent(location: string, href: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}
