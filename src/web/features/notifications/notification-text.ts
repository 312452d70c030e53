const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const dateOnly = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * How long ago, in words: 'Just now' under a minute (or ahead of a skewed browser clock),
 * then "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; a date after a week.
 */
export function timeAgo(iso: string, now: number): string {
  const at = new Date(iso).getTime();
  const elapsed = now - at;
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-Math.floor(elapsed / DAY), "day");
  return dateOnly.format(at);
}

/** The full date and time, for the tooltip. */
export function fullTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** The bell's label: the unread count is said, not only drawn. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

/** The badge on the bell: "1" to "9", then "9+". */
export function badgeText(unread: number): string {
  return unread > 9 ? "9+" : String(unread);
}
