/**
 * A delivery's body, made when it is sent (never stored beforehand): the picks it names are asked of
 * the feed's reveal rule as it shows them to everyone now (leagues `picksShownIn`, viewer null), so a
 * rule made stricter since the delivery was queued holds them back too. A webhook never carries a
 * hidden pick.
 */
import type { Db } from "../../runtime/index.ts";
import { commissionerPost } from "../comments/service.ts";
import { groupRecap, leagueMembers, picksShownIn, presentPicks } from "../leagues/service.ts";
import type { DeliveryRow, WebhookRow } from "./repo.ts";
import {
  bodyFor,
  type DeliveryData,
  jsonBody,
  leagueLink,
  postMessage,
  recapMessage,
  revealMessage,
  settledMessage,
  type WebhookMessage,
} from "./rules.ts";

export type Rendered = { contentType: string; body: string } | { drop: string };

/** The body of one delivery for its webhook's kind, or why it has nothing to say any more. */
export async function renderDelivery(
  db: Db,
  now: Date,
  appUrl: string | null,
  hook: Pick<WebhookRow, "kind" | "league_id">,
  delivery: Pick<DeliveryRow, "id" | "data">,
): Promise<Rendered> {
  const data = JSON.parse(delivery.data) as DeliveryData;
  const members = await leagueMembers(db, hook.league_id);
  if (!members || data.leagueId !== hook.league_id) return { drop: "the league is gone" };
  const league = { id: hook.league_id, name: members.name };
  const envelope = { id: delivery.id, at: now.toISOString() };
  const made = (message: WebhookMessage, json: unknown): Rendered =>
    bodyFor(hook.kind, message, () => jsonBody(envelope, data.event, league, json));
  switch (data.event) {
    case "picks_revealed":
    case "bets_settled": {
      const ids = data.event === "picks_revealed" ? data.pickIds : data.betIds;
      const shown = await picksShownIn(db, now, league.id, null, ids);
      if (shown.length === 0) return { drop: "no pick it named is shown any more" };
      const picks = await presentPicks(db, league.id, shown);
      if (data.event === "picks_revealed")
        return made(revealMessage(league, picks, now, appUrl), { picks, leagueUrl: leagueLink(appUrl, league.id) });
      return made(settledMessage(league, picks, appUrl), { gameId: data.gameId, picks });
    }
    case "weekly_recap": {
      const recap = await groupRecap(db, now, league.id, data.week);
      if (!recap || recap.season !== data.season) return { drop: "the week's recap is not there" };
      return made(recapMessage(league, recap, appUrl), { recap });
    }
    case "commissioner_post": {
      const post = await commissionerPost(db, data.commentId);
      if (!post || post.leagueId !== league.id) return { drop: "the post was deleted" };
      return made(postMessage(league, post, appUrl), post);
    }
  }
}
