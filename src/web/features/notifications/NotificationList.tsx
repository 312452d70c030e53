import type { Notification } from "../../../shared/contract/social.ts";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ChatIcon, ClipboardIcon, FootballIcon, ReceiptIcon, TrophyIcon, UsersIcon } from "../../components/icons.tsx";
import { AnswerButtons } from "./AnswerButtons.tsx";
import { fullTime, timeAgo } from "./notification-text.ts";

const ICONS: Record<Notification["type"], ReactNode> = {
  settlement: <ReceiptIcon size={18} />,
  friend_request: <UsersIcon size={18} />,
  friend_accepted: <UsersIcon size={18} />,
  league_invitation: <TrophyIcon size={18} />,
  coverage_reminder: <FootballIcon size={18} />,
  pick_tailed: <TrophyIcon size={18} />,
  pool_reminder: <ClipboardIcon size={18} />,
  survivor_news: <TrophyIcon size={18} />,
  pool_correction: <ClipboardIcon size={18} />,
  comment_reply: <ChatIcon size={18} />,
  league_post: <ChatIcon size={18} />,
  webhook_disabled: <ClipboardIcon size={18} />,
};

interface NotificationListProps {
  items: Notification[];
  /** Shown as new: unread when the panel opened, though now marked seen. */
  fresh: ReadonlySet<string>;
  now: number;
  onFollow(): void;
}

/** The panel's items, newest first, each a link to where it happened. */
export function NotificationList({ items, fresh, now, onFollow }: NotificationListProps) {
  if (items.length === 0) {
    return (
      <div className="notifications-empty">
        <ClipboardIcon size={22} />
        <p>No notifications yet.</p>
        <p className="muted">Settled bets, friend requests and league invitations show up here.</p>
      </div>
    );
  }
  return (
    <ul className="notification-list">
      {items.map((item) => {
        const isNew = item.unread || fresh.has(item.id);
        return (
          <li key={item.id}>
            <Link
              href={item.link}
              className={isNew ? "notification-item is-new" : "notification-item"}
              onClick={onFollow}
            >
              <span className={`notification-icon notification-${item.type}`}>{ICONS[item.type]}</span>
              <span className="notification-text">
                <span className="notification-title">
                  {isNew ? <span className="visually-hidden">New: </span> : null}
                  {item.title}
                </span>
                <span className="notification-body">{item.body}</span>
                <time className="notification-time" dateTime={item.at} title={fullTime(item.at)}>
                  {timeAgo(item.at, now)}
                </time>
              </span>
              {isNew ? <span className="notification-dot" aria-hidden="true" /> : null}
            </Link>
            {item.answer ? <AnswerButtons answer={item.answer} about={item.body} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
