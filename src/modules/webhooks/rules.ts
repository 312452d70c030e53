/**
 * League webhooks (issue 47 item 2), without I/O: what each event says, in Discord's embed, Slack's
 * blocks or our signed JSON, and when a failed delivery is tried again.
 */
import type { LeaguePick } from "../../shared/contract/league-feed.ts";
import type { LeagueRecap } from "../../shared/contract/league-recap.ts";
import { isTailable } from "../../shared/league-reveal.ts";
import { formatOdds, pickText } from "../../shared/pick-text.ts";
import type { WebhookEvent, WebhookKind } from "../../shared/webhooks.ts";

/** A delivery is tried at most this many times: then, and after 4xx refusals, it has failed. */
export const MAX_ATTEMPTS = 4;
/** Failed attempts in a row (over any deliveries) after which a webhook is turned off. */
export const DISABLE_AFTER = 5;
/** A receiver that has not answered in this long has failed the attempt. */
export const SEND_TIMEOUT_MS = 10_000;
/** A game's settlements arrive in chunks: its summary waits this long for the rest of them. */
export const SETTLED_MERGE_MS = 30_000;
/** Picks named in one message at most; the rest are counted. */
export const MAX_LINES = 20;

/** The wait before trying a failed delivery again: 1 min, 5 min, 25 min. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 5 ** Math.max(0, attempts - 1);
}

/** What one failed attempt means: try again later (timeouts, 429, 5xx) or not (other refusals). */
export function isTransient(status: number | null): boolean {
  return status === null || status === 408 || status === 429 || status >= 500;
}

/** What a delivery is made from (stored as ids; the message is made at each send, by the rules that show picks then). */
export type DeliveryData =
  | { event: "picks_revealed"; leagueId: number; pickIds: number[] }
  | { event: "bets_settled"; leagueId: number; gameId: string; betIds: number[] }
  | { event: "weekly_recap"; leagueId: number; season: number; week: number }
  | { event: "commissioner_post"; leagueId: number; commentId: number };

/** A line of a message, with an optional link ("Tail"). */
export interface MessageLine {
  text: string;
  link?: { label: string; url: string };
}

/** A message before it takes a receiver's format. */
export interface WebhookMessage {
  title: string;
  /** The app's page it is about; null without PUBLIC_URL (no link is ever built from a request). */
  url: string | null;
  lines: MessageLine[];
}

/** The app's links, from PUBLIC_URL only. */
export function leagueLink(appUrl: string | null, leagueId: number): string | null {
  return appUrl ? `${appUrl.replace(/\/$/, "")}/leagues?league=${leagueId}` : null;
}

const units = (value: string | number) => `${Number(value)}U`;

/** "alice: Buffalo Bills -3.5 -110 · 1U · KC @ BUF" */
function pickLine(pick: LeaguePick): string {
  const what = pick.legs
    ? `Parlay: ${pick.legs.map((leg) => pickText({ ...leg, subject: leg.prop?.playerName, propType: leg.prop?.propType })).join(" + ")}`
    : pickText({ ...pick, subject: pick.prop?.playerName, propType: pick.prop?.propType });
  const games = (pick.legs ? pick.legs.map((l) => l.game) : [pick.game]).map((g) => `${g.awayAbbr} @ ${g.homeAbbr}`);
  return `${pick.player.username}: ${what} ${formatOdds(pick.odds)} · ${units(pick.units)} · ${games.join(", ")}`;
}

function capped(lines: MessageLine[]): MessageLine[] {
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES), { text: `…and ${lines.length - MAX_LINES} more` }];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The picks a kick-off revealed, each with a Tail link while its game is still open to bet. */
export function revealMessage(
  league: { id: number; name: string },
  picks: LeaguePick[],
  now: Date,
  appUrl: string | null,
): WebhookMessage {
  const url = leagueLink(appUrl, league.id);
  return {
    title: `${count(picks.length, "pick", "picks")} revealed in ${league.name}`,
    url,
    lines: capped(
      picks.map((pick) => {
        const open = isTailable({ isParlay: pick.isParlay, lastKickoff: pick.game.commenceTime }, now);
        return open && url ? { text: pickLine(pick), link: { label: "Tail", url } } : { text: pickLine(pick) };
      }),
    ),
  };
}

const resultText = (pick: LeaguePick) =>
  pick.status === "pending"
    ? "pending"
    : pick.status === "push"
      ? "push"
      : `${pick.status} ${Number(pick.result ?? 0) >= 0 ? "+" : ""}${units((Number(pick.result ?? 0) / 100).toFixed(2))}`;

/** One game's settled picks of the league: "KC @ BUF final 27–24". */
export function settledMessage(
  league: { id: number; name: string },
  picks: LeaguePick[],
  appUrl: string | null,
): WebhookMessage {
  const game = picks[0]?.game;
  const score =
    game && game.awayScore !== null && game.homeScore !== null
      ? `${game.awayAbbr} @ ${game.homeAbbr} final ${game.awayScore}–${game.homeScore}`
      : "Bets settled";
  return {
    title: `${score} · ${league.name}`,
    url: leagueLink(appUrl, league.id),
    lines: capped(picks.map((pick) => ({ text: `${pickLine(pick)} — ${resultText(pick)}` }))),
  };
}

/** The week in review, as the league's recap names it. */
export function recapMessage(
  league: { id: number; name: string },
  recap: LeagueRecap,
  appUrl: string | null,
): WebhookMessage {
  const lines: MessageLine[] = [];
  lines.push({
    text:
      recap.winners.length === 0
        ? "No settled bets this week."
        : `Winner: ${recap.winners.map((w) => `${w.username} (${Number(w.unitsWon) >= 0 ? "+" : ""}${units(w.unitsWon)})`).join(", ")}`,
  });
  const named: [string, LeagueRecap["biggestHit"], (figure: number) => string][] = [
    ["Biggest hit", recap.biggestHit, (f) => `+${units(f.toFixed(2))}`],
    ["Worst beat", recap.worstBeat, (f) => `missed by ${f}`],
    ["Best CLV", recap.bestClv, (f) => `${f > 0 ? "+" : ""}${f.toFixed(1)}%`],
    ["Most tailed", recap.mostTailed, (f) => count(f, "tail", "tails")],
  ];
  for (const [label, highlight, figure] of named) {
    if (!highlight) continue;
    const what = pickText({
      ...highlight.bet,
      subject: highlight.bet.prop?.playerName,
      propType: highlight.bet.prop?.propType,
    });
    lines.push({ text: `${label}: ${highlight.player.username}, ${what} (${figure(highlight.figure)})` });
  }
  return { title: `Week ${recap.week} in review · ${league.name}`, url: leagueLink(appUrl, league.id), lines };
}

/** A commissioner's pinned post. */
export function postMessage(
  league: { id: number; name: string },
  post: { author: string; text: string },
  appUrl: string | null,
): WebhookMessage {
  return {
    title: `${post.author} posted in ${league.name}`,
    url: leagueLink(appUrl, league.id),
    lines: [{ text: post.text }],
  };
}

/** Markdown Discord would read in player-written text (a name, a comment) shows as typed (mentions: `allowed_mentions`). */
export function escapeDiscord(text: string): string {
  return text.replace(/([\\*_~`|>#[\]()-])/g, "\\$1");
}

/** Slack's mrkdwn control characters (links and mentions start with "<"), as its docs ask. */
export function escapeSlack(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const cut = (text: string, max: number) =>
  [...text].length <= max ? text : `${[...text].slice(0, max - 1).join("")}…`;

/** Discord's incoming-webhook body: one embed; nobody is mentioned, whatever the text says. */
export function discordBody(message: WebhookMessage): object {
  const description = message.lines
    .map((line) =>
      line.link ? `${escapeDiscord(line.text)} — [${line.link.label}](${line.link.url})` : escapeDiscord(line.text),
    )
    .join("\n");
  return {
    username: "NFL Paper Trading",
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: cut(message.title, 256),
        ...(message.url ? { url: message.url } : {}),
        description: cut(description, 4000),
        color: 0x1d6b3a,
      },
    ],
  };
}

/** Slack's incoming-webhook body: a header, then sections of mrkdwn within Slack's 3,000 characters. */
export function slackBody(message: WebhookMessage): object {
  const rendered = message.lines.map((line) =>
    line.link ? `${escapeSlack(line.text)} — <${line.link.url}|${line.link.label}>` : escapeSlack(line.text),
  );
  const sections: string[] = [];
  for (const line of rendered) {
    const last = sections.at(-1);
    if (last !== undefined && last.length + line.length + 1 <= 2900) sections[sections.length - 1] = `${last}\n${line}`;
    else sections.push(cut(line, 2900));
  }
  return {
    text: cut(message.title, 150),
    blocks: [
      { type: "header", text: { type: "plain_text", text: cut(message.title, 150), emoji: true } },
      ...sections.map((text) => ({ type: "section", text: { type: "mrkdwn", text } })),
      ...(message.url
        ? [{ type: "context", elements: [{ type: "mrkdwn", text: `<${message.url}|Open the league>` }] }]
        : []),
    ],
  };
}

/** The JSON body: the event, the league and the event's data, with the delivery's id (receivers drop repeats by it). */
export function jsonBody(
  delivery: { id: number; at: string },
  event: WebhookEvent,
  league: { id: number; name: string },
  data: unknown,
): object {
  return { id: delivery.id, event, league, sentAt: delivery.at, data };
}

/** The body for the receiver's kind. */
export function bodyFor(
  kind: WebhookKind,
  message: WebhookMessage,
  json: () => object,
): { contentType: string; body: string } {
  const value = kind === "discord" ? discordBody(message) : kind === "slack" ? slackBody(message) : json();
  return { contentType: "application/json", body: JSON.stringify(value) };
}
