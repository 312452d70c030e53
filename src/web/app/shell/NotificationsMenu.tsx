import { useCallback, useRef, useState } from "react";
import { BellIcon } from "../../components/icons.tsx";
import { useDismiss } from "../../components/use-dismiss.ts";

/** The bell in the top bar. Nothing sends notifications yet, and the panel says so. */
export function NotificationsMenu() {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback((byEscape: boolean) => {
    setOpen(false);
    if (byEscape) buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  return (
    <div className="popover-root" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls="notifications-panel"
        onClick={() => setOpen((was) => !was)}
      >
        <BellIcon />
      </button>
      {open ? (
        <div id="notifications-panel" className="popover notifications-panel" role="region" aria-labelledby="notifications-title">
          <p id="notifications-title" className="popover-title">
            Notifications
          </p>
          <p className="muted">No notifications yet.</p>
        </div>
      ) : null}
    </div>
  );
}
