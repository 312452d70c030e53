import { matchRoute } from "wouter";
import { parse } from "regexparam";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../runtime/index.ts";
import type { Profile } from "../../shared/contract/profiles.ts";
import { USERNAME_MAX } from "../../shared/accounts.ts";
import { invitePreview } from "../../modules/leagues/service.ts";
import { profile } from "../../modules/profiles/service.ts";
import { APP_NAME, CARD_HEIGHT, CARD_WIDTH, shareCardText } from "../../web/features/profiles/share-card.ts";
import { recordText } from "../../web/features/profiles/profile-text.ts";
import { signedPercentText, unitsText } from "../../web/lib/stats-format.ts";
import { intParam } from "../../web/lib/search-param.ts";
import { WEEKS } from "../../shared/games.ts";
import { decodedParam } from "./path-params.ts";

/** What a link to a page shows when pasted in a chat (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** A picture at this path (the week's share card), or none: the app's icon stands in. */
  image: { path: string; alt: string } | null;
}

const SITE: LinkPreview = {
  title: APP_NAME,
  description:
    "Practise NFL betting risk-free: paper bets on spreads, totals, moneylines and props with live odds, a bet journal, leaderboards, leagues and a weekly prize.",
  image: null,
};

export interface PreviewDeps {
  db: Db;
  clock: Clock;
}

/** The share card's address for a player's week. */
export const shareCardPath = (username: string, week: number) =>
  `/players/${encodeURIComponent(username)}/weeks/${week}/card.png`;

/**
 * A profile as anyone may see it: the link's preview is fetched by a chat's robot, signed out, and
 * shown to whoever is in the chat. A profile its owner keeps to friends or to themself gives nothing.
 */
export async function publicProfile(deps: PreviewDeps, username: string): Promise<Profile | null> {
  if (!username || username.length > USERNAME_MAX) return null;
  return profile(deps.db, deps.clock.now(), null, username).catch(() => null);
}

/**
 * The preview of the page at `path`: a public profile names the player and their record, with the
 * share card of the week the address picks (`?week=N`, else the latest); an invite link names the
 * league and its commissioner, nothing else of it; anything else (a private profile too) the app.
 */
export async function linkPreview(deps: PreviewDeps, path: string, search: URLSearchParams): Promise<LinkPreview> {
  const [isProfile, profileParams] = matchRoute(parse, "/players/:username", path);
  const username = decodedParam((profileParams as { username?: string } | null)?.username ?? "");
  if (isProfile && username) {
    const player = await publicProfile(deps, username);
    if (!player) return SITE;
    const week = intParam(search.get("week"), 1, WEEKS);
    const row = player.byWeek.find((w) => w.week === week) ?? player.byWeek[0];
    const { record } = player;
    return {
      title: `${player.username} on ${APP_NAME}`,
      description: `${recordText(record)} (W-L-P), ${unitsText(record.units)}, ${signedPercentText(record.roi)} ROI in paper bets on NFL games.`,
      image: row
        ? { path: shareCardPath(player.username, row.week), alt: shareCardText(player.username, row).alt }
        : null,
    };
  }
  const [isInvite, inviteParams] = matchRoute(parse, "/invite/:token", path);
  const token = (inviteParams as { token?: string } | null)?.token;
  if (isInvite && token) {
    const league = await invitePreview(deps.db, token).catch(() => null);
    if (!league) return SITE;
    return {
      title: `Join ${league.name} on ${APP_NAME}`,
      description: league.commissioner
        ? `${league.commissioner} invites you to ${league.name}, a league of free paper bets on NFL games.`
        : `You are invited to ${league.name}, a league of free paper bets on NFL games.`,
      image: null,
    };
  }
  return SITE;
}

const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The preview's tags for the page's head; `origin` makes its addresses absolute, as the robots want them. */
export function previewTags(preview: LinkPreview, origin: string, url: string): string {
  const image = preview.image
    ? { url: `${origin}${preview.image.path}`, alt: preview.image.alt, width: CARD_WIDTH, height: CARD_HEIGHT }
    : { url: `${origin}/icon-512.png`, alt: APP_NAME, width: 512, height: 512 };
  const tags: [string, string, string][] = [
    ["property", "og:site_name", APP_NAME],
    ["property", "og:type", "website"],
    ["property", "og:url", `${origin}${url}`],
    ["property", "og:title", preview.title],
    ["property", "og:description", preview.description],
    ["property", "og:image", image.url],
    ["property", "og:image:width", String(image.width)],
    ["property", "og:image:height", String(image.height)],
    ["property", "og:image:alt", image.alt],
    ["name", "twitter:card", preview.image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", preview.title],
    ["name", "twitter:description", preview.description],
    ["name", "twitter:image", image.url],
    ["name", "twitter:image:alt", image.alt],
  ];
  return tags.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escaped(content)}" />`).join("");
}
