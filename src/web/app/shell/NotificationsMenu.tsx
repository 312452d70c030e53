import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { BellIcon } from "../../components/icons.tsx";
import { useDismiss } from "../../components/use-dismiss.ts";
import { errorText } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { markNotificationsSeen, useNotifications } from "../../features/notifications/api.ts";
import { NotificationList } from "../../features/notifications/NotificationList.tsx";
import { badgeText, bellLabel } from "../../features/notifications/notification-text.ts";

/**
 * The bell in the top bar (phones too): an unread count from GET /api/notifications, kept current
 * by the live channel (LiveUpdates). Opening the panel marks everything seen, so the badge clears;
 * what was unread stays marked as new until the panel closes.
 */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { user } = useCurrentUser();
  const signedIn = Boolean(user);
  const { data, error, mutate } = useNotifications(signedIn);
  const unread = signedIn ? (data?.unread ?? 0) : 0;

  const close = useCallback((byEscape: boolean) => {
    setOpen(false);
    setFresh(new Set());
    if (byEscape) buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  // While the panel is open, anything unread is marked seen: on opening, and as new items arrive.
  useEffect(() => {
    if (!open || !signedIn || !data || data.unread === 0) return;
    const newIds = data.items.filter((item) => item.unread).map((item) => item.id);
    setFresh((was) => new Set([...was, ...newIds]));
    markNotificationsSeen().catch((failure: unknown) => console.warn("Could not mark notifications seen", failure));
  }, [open, signedIn, data]);

  return (
    <div className="popover-root" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button notifications-button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon />
        {unread > 0 ? (
          <span className="count-pill notifications-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id="notifications-panel"
          className="popover notifications-panel"
          aria-labelledby="notifications-title"
          tabIndex={-1}
        >
          <p className="popover-title notifications-head">
            <span id="notifications-title">Notifications</span>
            {fresh.size > 0 ? <span className="notifications-new">{fresh.size} new</span> : null}
          </p>
          {!signedIn ? (
            <SignedOut onFollow={() => close(false)} />
          ) : data ? (
            <NotificationList items={data.items} fresh={fresh} now={Date.now()} onFollow={() => close(false)} />
          ) : error ? (
            <div className="notifications-message" role="alert">
              <p>Notifications could not be loaded.</p>
              <p className="muted">{errorText(error, "Please try again.")}</p>
              <button type="button" className="secondary notifications-retry" onClick={() => void mutate()}>
                Try Again
              </button>
            </div>
          ) : (
            <p className="notifications-message muted" aria-busy="true">
              Loading…
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}

function SignedOut({ onFollow }: { onFollow(): void }) {
  const [location] = useLocation();
  const href = location === "/" || location === "/auth" ? "/auth" : `/auth?returnUrl=${encodeURIComponent(location)}`;
  return (
    <div className="notifications-message">
      <p className="muted">No notifications yet.</p>
      <p>
        <Link href={href} onClick={onFollow}>
          Sign in
        </Link>{" "}
        to see your notifications.
      </p>
    </div>
  );
}
