import { useEffect, useState } from "react";
import type { LeaguePick } from "../../../shared/contract/league-feed.ts";
import { LocalTime } from "../../components/LocalTime.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { tailSelection } from "../../lib/bet-slip.ts";
import { formatOdds } from "../../lib/odds-format.ts";
import { useLeagueComments, useLeagueFeed } from "./api.ts";
import { CommentThread } from "./CommentThread.tsx";
import { emptyFeedText, feedGamesText, feedPickText, feedResultText, tailedText } from "./feed-text.ts";

const PLACED: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
};

/** The longest a browser timer waits (about 24.8 days); a later reveal is asked for when the league opens again. */
const TIMER_MAX_MS = 2 ** 31 - 1;

/** Puts the pick in the slip at the price the feed was given (the slip asks again if it moved). */
function tail(pick: LeaguePick) {
  if (!pick.tail) return;
  tailSelection({
    gameId: pick.gameId,
    gameInfo: { homeTeam: pick.game.homeTeam, awayTeam: pick.game.awayTeam, commenceTime: pick.game.commenceTime },
    betType: pick.betType as "spread" | "total" | "moneyline" | "prop",
    selection: pick.selection,
    odds: pick.tail.odds,
    point: pick.tail.point,
    ...(pick.propId === null ? {} : { propId: pick.propId }),
    subject: pick.prop?.playerName ?? pick.selection,
    ...(pick.prop ? { propType: pick.prop.propType } : {}),
    tailOf: { betId: pick.id, username: pick.player.username },
  });
}

interface RowProps {
  pick: LeaguePick;
  leagueId: number;
  viewerId: number;
  /** Comments in the pick's thread (0 when none or not known yet). */
  comments: number;
  onTail(): void;
}

function FeedRow({ pick, leagueId, viewerId, comments, onTail }: RowProps) {
  const text = feedPickText(pick);
  const [talking, setTalking] = useState(false);
  const threadId = `pick-thread-${pick.id}`;
  return (
    <li className="league-feed-pick">
      <p className="league-feed-who">
        <PlayerLink username={pick.player.username} />
        <LocalTime iso={pick.placedAt} options={PLACED} />
      </p>
      <p className="league-feed-text">
        <strong>{text}</strong> <span className="league-feed-price">{formatOdds(pick.odds)}</span>
      </p>
      <p className="league-feed-meta">
        {feedGamesText(pick)} · {pick.units}U (${pick.wagerAmount}) ·{" "}
        <span className={`league-feed-result league-feed-result-${pick.status}`}>{feedResultText(pick)}</span>
      </p>
      {pick.tailedFrom ? <p className="league-feed-tailed">{tailedText(pick, pick.tailedFrom)}</p> : null}
      {pick.tail ? (
        <button
          type="button"
          className="league-feed-tail secondary outline"
          aria-label={`Tail ${pick.player.username}: ${text} at ${formatOdds(pick.tail.odds)}`}
          onClick={() => {
            onTail();
            tail(pick);
          }}
        >
          Tail
        </button>
      ) : null}
      <button
        type="button"
        className="talk-toggle talk-link-button"
        aria-expanded={talking}
        aria-controls={threadId}
        onClick={() => setTalking((open) => !open)}
      >
        {comments > 0 ? `Comments (${comments})` : "Comment"}
        <span className="visually-hidden"> on {pick.player.username}'s pick</span>
      </button>
      {talking ? (
        <div id={threadId} className="league-feed-thread">
          <CommentThread
            leagueId={leagueId}
            betId={pick.id}
            viewerId={viewerId}
            canPin={false}
            title={`Comments on ${pick.player.username}'s pick: ${text}`}
          />
        </div>
      ) : null}
    </li>
  );
}

/** One page of the feed, and the button that asks for the next. */
function FeedPage({
  leagueId,
  viewerId,
  cursor,
  first,
  onMore,
  onTail,
}: {
  leagueId: number;
  viewerId: number;
  cursor: number | null;
  first: boolean;
  onMore: ((cursor: number) => void) | null;
  onTail(): void;
}) {
  const { data, error, mutate } = useLeagueFeed(leagueId, cursor);
  const threads = new Map((useLeagueComments(leagueId, null).data?.threads ?? []).map((t) => [t.betId, t.count]));
  const nextRevealAt = first ? (data?.nextRevealAt ?? null) : null;
  // Picks show at kick-off with no message to say so: the first page asks again at the next kick-off.
  useEffect(() => {
    if (nextRevealAt === null) return;
    const wait = Date.parse(nextRevealAt) - Date.now() + 1000;
    if (wait > TIMER_MAX_MS) return;
    const timer = setTimeout(() => void mutate(), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [nextRevealAt, mutate]);
  if (error) return <p className="muted">Could not load the league's picks.</p>;
  if (!data)
    return first ? (
      <p className="muted" aria-busy="true">
        Loading picks…
      </p>
    ) : null;
  if (first && data.picks.length === 0)
    return <p className="muted league-feed-empty">{emptyFeedText(data.revealPicks)}</p>;
  return (
    <>
      <ul className="league-feed-list">
        {data.picks.map((pick) => (
          <FeedRow
            key={pick.id}
            pick={pick}
            leagueId={leagueId}
            viewerId={viewerId}
            comments={threads.get(pick.id) ?? 0}
            onTail={onTail}
          />
        ))}
      </ul>
      {data.nextCursor !== null && onMore ? (
        <button type="button" className="secondary outline league-feed-more" onClick={() => onMore(data.nextCursor!)}>
          Older picks
        </button>
      ) : null}
    </>
  );
}

/**
 * The league's feed (members only): members' picks once revealed, newest first, with Tail while a
 * game is open. `onTail` runs first: the league's dialog closes, so the slip it opens can be used.
 */
export function LeagueFeed({ leagueId, viewerId, onTail }: { leagueId: number; viewerId: number; onTail(): void }) {
  const [cursors, setCursors] = useState<number[]>([]);
  const pages = [null, ...cursors];
  return (
    <section aria-labelledby="league-feed-title" className="league-feed">
      <h3 id="league-feed-title">Picks</h3>
      {pages.map((cursor, index) => (
        <FeedPage
          key={cursor ?? "first"}
          leagueId={leagueId}
          viewerId={viewerId}
          cursor={cursor}
          first={index === 0}
          onMore={index === pages.length - 1 ? (next) => setCursors((old) => [...old, next]) : null}
          onTail={onTail}
        />
      ))}
    </section>
  );
}
