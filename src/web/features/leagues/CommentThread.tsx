import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import { COMMENT_MAX, REACTION_NAMES, REACTIONS, type ReactionName } from "../../../shared/comments.ts";
import type { LeagueComment } from "../../../shared/contract/comments.ts";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { deleteComment, postComment, react, reportComment, useLeagueComments } from "./api.ts";

const REACTION_WORDS: Record<ReactionName, string> = {
  like: "Like",
  fire: "Fire",
  laugh: "Laugh",
  wince: "Wince",
  money: "Money",
};

const timeFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const failed = (title: string, error: unknown) =>
  toast({ title, description: errorText(error, "Please try again."), variant: "destructive" });

interface ThreadProps {
  leagueId: number;
  /** A revealed pick's thread; null: the league's own page. */
  betId: number | null;
  viewerId: number;
  /** A league admin on the league's page may pin a commissioner post. */
  canPin: boolean;
  /** What the thread is called (its heading on the league's page, its label in a pick). */
  title: string;
}

/**
 * A league's talk (issue 47): its page — pinned commissioner posts first — or a revealed pick's
 * thread. Plain text only: links show as text, nothing a comment says is rendered as HTML.
 */
export function CommentThread({ leagueId, betId, viewerId, canPin, title }: ThreadProps) {
  const headingId = useId();
  const [cursors, setCursors] = useState<number[]>([]);
  const [replyTo, setReplyTo] = useState<LeagueComment | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const { data, error } = useLeagueComments(leagueId, betId);
  const pages = [null, ...cursors];
  const answer = (comment: LeagueComment) => {
    setReplyTo(comment);
    composer.current?.focus();
  };
  return (
    <section className={betId === null ? "league-talk" : "league-talk league-talk-pick"} aria-labelledby={headingId}>
      {betId === null ? (
        <h3 id={headingId}>{title}</h3>
      ) : (
        <h4 id={headingId} className="visually-hidden">
          {title}
        </h4>
      )}
      <Composer
        leagueId={leagueId}
        betId={betId}
        canPin={canPin && betId === null}
        replyTo={replyTo}
        onReplyDone={() => setReplyTo(null)}
        textarea={composer}
      />
      {error ? <p className="muted">Could not load the comments.</p> : null}
      {data && data.pinned.length > 0 ? (
        <ul className="talk-list talk-pinned" aria-label="Pinned posts">
          {data.pinned.map((comment) => (
            <CommentItem key={comment.id} comment={comment} viewerId={viewerId} onReply={null} />
          ))}
        </ul>
      ) : null}
      {pages.map((cursor, index) => (
        <CommentPage
          key={cursor ?? "first"}
          leagueId={leagueId}
          betId={betId}
          cursor={cursor}
          viewerId={viewerId}
          onReply={answer}
          onMore={index === pages.length - 1 ? (next) => setCursors((old) => [...old, next]) : null}
        />
      ))}
    </section>
  );
}

function CommentPage({
  leagueId,
  betId,
  cursor,
  viewerId,
  onReply,
  onMore,
}: {
  leagueId: number;
  betId: number | null;
  cursor: number | null;
  viewerId: number;
  onReply(comment: LeagueComment): void;
  onMore: ((cursor: number) => void) | null;
}) {
  const { data } = useLeagueComments(leagueId, betId, cursor);
  if (!data) return null;
  if (cursor === null && data.comments.length === 0)
    return (
      <p className="muted talk-empty">
        {betId === null ? "No comments yet: say hello." : "No comments on this pick yet."}
      </p>
    );
  return (
    <>
      <ul className="talk-list">
        {data.comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} viewerId={viewerId} onReply={onReply} />
        ))}
      </ul>
      {data.nextCursor !== null && onMore ? (
        <button type="button" className="secondary outline talk-more" onClick={() => onMore(data.nextCursor!)}>
          Older comments
        </button>
      ) : null}
    </>
  );
}

function Composer({
  leagueId,
  betId,
  canPin,
  replyTo,
  onReplyDone,
  textarea,
}: {
  leagueId: number;
  betId: number | null;
  canPin: boolean;
  replyTo: LeagueComment | null;
  onReplyDone(): void;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [pinned, setPinned] = useState(false);
  const [pending, setPending] = useState(false);
  const length = [...text.trim()].length;
  const tooLong = length > COMMENT_MAX;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length === 0 || tooLong) return;
    setPending(true);
    try {
      await postComment(leagueId, {
        text,
        ...(betId === null ? {} : { betId }),
        ...(replyTo ? { replyToId: replyTo.id } : {}),
        ...(pinned && !replyTo ? { pinned: true } : {}),
      });
      setText("");
      setPinned(false);
      onReplyDone();
    } catch (error) {
      failed("Comment not posted", error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="talk-composer" onSubmit={submit}>
      <label htmlFor={`${id}-text`}>{betId === null ? "Add a comment" : "Comment on this pick"}</label>
      {replyTo ? (
        <p className="talk-replying">
          Replying to {replyTo.author.username}{" "}
          <button type="button" className="talk-link-button" onClick={onReplyDone}>
            Cancel reply
          </button>
        </p>
      ) : null}
      <textarea
        id={`${id}-text`}
        ref={textarea}
        rows={2}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count`}
        aria-invalid={tooLong || undefined}
      />
      <div className="talk-composer-row">
        <small id={`${id}-count`} className={tooLong ? "talk-count talk-count-over" : "talk-count"}>
          {length}/{COMMENT_MAX}
        </small>
        {canPin && !replyTo ? (
          <label className="talk-pin">
            <input type="checkbox" checked={pinned} onChange={(event) => setPinned(event.target.checked)} />
            Pin as commissioner post
          </label>
        ) : null}
        <button type="submit" disabled={pending || length === 0 || tooLong} aria-busy={pending || undefined}>
          {pending ? "Posting..." : "Post"}
        </button>
      </div>
    </form>
  );
}

function CommentItem({
  comment,
  viewerId,
  onReply,
}: {
  comment: LeagueComment;
  viewerId: number;
  /** Null for pinned posts: they stand alone. */
  onReply: ((comment: LeagueComment) => void) | null;
}) {
  const [reporting, setReporting] = useState(false);
  const [pending, setPending] = useState(false);
  const own = comment.author.userId === viewerId;
  const toggle = async (reaction: ReactionName, mine: boolean) => {
    setPending(true);
    try {
      await react(comment.id, reaction, !mine);
    } catch (error) {
      failed("Reaction not saved", error);
    } finally {
      setPending(false);
    }
  };
  const remove = async () => {
    setPending(true);
    try {
      await deleteComment(comment.id);
      toast({ title: "Comment deleted" });
    } catch (error) {
      failed("Comment not deleted", error);
      setPending(false);
    }
  };
  return (
    <li className={comment.pinned ? "talk-comment talk-comment-pinned" : "talk-comment"}>
      <p className="talk-meta">
        <PlayerLink username={comment.author.username} />
        <time dateTime={comment.createdAt}>{timeFormat.format(new Date(comment.createdAt))}</time>
        {comment.pinned ? <span className="talk-badge">Pinned</span> : null}
        {comment.replyTo ? <span className="talk-reply-to">replying to {comment.replyTo.username}</span> : null}
      </p>
      <p className="talk-text">{comment.text}</p>
      <div className="talk-reactions" role="group" aria-label={`Reactions to ${comment.author.username}'s comment`}>
        {REACTION_NAMES.map((reaction) => {
          const counted = comment.reactions.find((r) => r.reaction === reaction);
          const mine = counted?.mine ?? false;
          const count = counted?.count ?? 0;
          return (
            <button
              key={reaction}
              type="button"
              className={mine ? "talk-reaction talk-reaction-mine" : "talk-reaction"}
              aria-pressed={mine}
              aria-label={`${REACTION_WORDS[reaction]}${count > 0 ? ` (${count})` : ""}`}
              disabled={pending}
              onClick={() => toggle(reaction, mine)}
            >
              <span aria-hidden="true">{REACTIONS[reaction]}</span>
              {count > 0 ? <span aria-hidden="true">{count}</span> : null}
            </button>
          );
        })}
      </div>
      <div className="talk-actions">
        {onReply ? (
          <button type="button" className="talk-link-button" onClick={() => onReply(comment)}>
            Reply
          </button>
        ) : null}
        {comment.canDelete ? (
          <button type="button" className="talk-link-button" onClick={remove} disabled={pending}>
            Delete
          </button>
        ) : null}
        {!own ? (
          <button
            type="button"
            className="talk-link-button"
            aria-expanded={reporting}
            onClick={() => setReporting((open) => !open)}
          >
            Report
          </button>
        ) : null}
      </div>
      {reporting ? <ReportForm commentId={comment.id} onDone={() => setReporting(false)} /> : null}
    </li>
  );
}

function ReportForm({ commentId, onDone }: { commentId: number; onDone(): void }) {
  const id = useId();
  const [reason, setReason] = useState("");
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim() === "") return;
    setPending(true);
    try {
      const { message } = await reportComment(commentId, reason);
      toast({ title: "Comment reported", description: message });
      onDone();
    } catch (error) {
      failed("Report not sent", error);
      setPending(false);
    }
  }
  const field = useRef<HTMLInputElement>(null);
  // The form opens on the Report button's press: the reason is typed in at once.
  useEffect(() => field.current?.focus(), []);
  return (
    <form className="talk-report" onSubmit={submit}>
      <label htmlFor={`${id}-reason`}>What is wrong with it?</label>
      <div className="talk-report-row">
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={200}
          ref={field}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="submit" disabled={pending || reason.trim() === ""}>
          Send report
        </button>
        <button type="button" className="secondary outline" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
