/** League webhooks (issue 47 item 2): kinds, events and limits, for both the server and the browser. */

export const WEBHOOK_KINDS = ["discord", "slack", "json"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_EVENTS = ["picks_revealed", "bets_settled", "weekly_recap", "commissioner_post"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What the league's admins read beside each choice. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  picks_revealed: "Picks revealed at a kick-off",
  bets_settled: "Bets settled, one summary per game",
  weekly_recap: "The week's recap",
  commissioner_post: "Commissioner posts",
};

export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = {
  discord: "Discord",
  slack: "Slack",
  json: "JSON (signed)",
};

/** A league has at most this many webhooks. */
export const MAX_WEBHOOKS = 3;
/** A webhook's URL is at most this long. */
export const WEBHOOK_URL_MAX = 2000;

/**
 * A webhook's URL as the league page shows it: its origin and the start of its path, the rest hidden
 * (a Discord or Slack webhook URL is itself the key to post there).
 */
export function maskedUrl(url: string): string {
  try {
    const { origin, pathname } = new URL(url);
    const shown = pathname.length > 16 ? `${pathname.slice(0, 12)}…` : pathname;
    return `${origin}${shown}`;
  } catch {
    return "…";
  }
}
