import type { Config } from "../../config.ts";
import type { Clock } from "../../lib/clock.ts";
import { sessionUser } from "../../modules/auth/plugin.ts";
import { leaguePreview, leagueRecap } from "../../modules/leagues/service.ts";
import type { Db } from "../../runtime/index.ts";
import { WEEKS } from "../../shared/games.ts";
import { recapText } from "../../web/features/leagues/recap-text.ts";
import { intParam } from "../../web/lib/search-param.ts";
import { requestedTags } from "../cached-read.ts";
import { recapCardPng } from "./recap-card.tsx";

const CARD_PATH = /^\/leagues\/(\d{1,15})\/weeks\/(\d{1,2})\/recap\.png$/;
const KEPT = 64;

const none = () =>
  new Response("No card here.", { status: 404, headers: { "content-type": "text/plain;charset=utf-8" } });

/**
 * `/leagues/{id}/weeks/{week}/recap.png`: a league's week in review as a share card (recap-card.tsx),
 * for the league's members only — the signed-in viewer's own session decides, as for the recap's API
 * route (404 to anyone else, and before the week's games are final). Drawn once per version of its
 * words, tagged; kept by the member's browser only (private).
 */
export function recapCards(deps: { db: Db; clock: Clock; config: Config }) {
  const kept = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  return async function recapCard(path: string, request: Request): Promise<Response | null> {
    const match = CARD_PATH.exec(path);
    if (!match) return null;
    const id = intParam(match[1]!, 1, Number.MAX_SAFE_INTEGER);
    const week = intParam(match[2]!, 1, WEEKS);
    const viewer = await sessionUser(deps.db, deps.clock, deps.config, request);
    if (!viewer || id === null || week === null) return none();
    const now = deps.clock.now();
    const found = await Promise.all([
      leagueRecap(deps.db, now, viewer.id, id, week),
      leaguePreview(deps.db, viewer.id, id),
    ]).catch(() => null);
    if (!found) return none();
    const text = recapText(found[0], found[1].name);
    const tag = Bun.hash(JSON.stringify(text)).toString(36);
    const headers = {
      "content-type": "image/png",
      "cache-control": "private, max-age=600",
      vary: "cookie",
      etag: `"${tag}"`,
    };
    if (requestedTags(request.headers.get("if-none-match")).includes(tag)) {
      return new Response(null, { status: 304, headers });
    }
    let png = kept.get(tag);
    if (!png) {
      png = recapCardPng(text);
      png.catch(() => kept.delete(tag));
      if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
      kept.set(tag, png);
    }
    return new Response(await png, { headers });
  };
}
