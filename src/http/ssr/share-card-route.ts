import { WEEKS } from "../../shared/games.ts";
import { shareCardText } from "../../web/features/profiles/share-card.ts";
import { intParam } from "../../web/lib/search-param.ts";
import { requestedTags } from "../cached-read.ts";
import { type PreviewDeps, publicProfile } from "./link-previews.ts";
import { decodedParam } from "./path-params.ts";
import { shareCardPng } from "./share-card.tsx";

const CARD_PATH = /^\/players\/([^/]+)\/weeks\/(\d{1,2})\/card\.png$/;
const KEPT = 128;

const none = () =>
  new Response("No card here.", { status: 404, headers: { "content-type": "text/plain;charset=utf-8" } });

/**
 * `/players/{username}/weeks/{week}/card.png`: a week's share card (share-card.tsx), the picture a
 * pasted profile link previews with. Only for a profile anyone may see, as a signed-out robot sees
 * it (404 for one kept to friends or to its owner, or a week without settled bets); drawn once per
 * version of its words, tagged, and kept by caches for ten minutes.
 */
export function shareCards(deps: PreviewDeps) {
  const kept = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  return async function shareCard(path: string, request: Request): Promise<Response | null> {
    const match = CARD_PATH.exec(path);
    if (!match) return null;
    const username = decodedParam(match[1]!);
    const week = intParam(match[2]!, 1, WEEKS);
    const player = username && week ? await publicProfile(deps, username) : null;
    const row = player?.byWeek.find((w) => w.week === week);
    if (!player || !row) return none();
    const text = shareCardText(player.username, row);
    const tag = Bun.hash(JSON.stringify(text)).toString(36);
    const headers = { "content-type": "image/png", "cache-control": "public, max-age=600", etag: `"${tag}"` };
    if (requestedTags(request.headers.get("if-none-match")).includes(tag)) {
      return new Response(null, { status: 304, headers });
    }
    let png = kept.get(tag);
    if (!png) {
      png = shareCardPng(text);
      png.catch(() => kept.delete(tag));
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(tag, png);
    }
    return new Response(await png, { headers });
  };
}

export type ShareCard = ReturnType<typeof shareCards>;
