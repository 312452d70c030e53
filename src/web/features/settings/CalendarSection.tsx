import { useState } from "react";
import { errorText } from "../../lib/api.ts";
import { copyText } from "../../lib/copy-text.ts";
import { toast } from "../../lib/toast.ts";
import { newCalendarLink, removeCalendarLink, useCalendarLink } from "./api.ts";

/**
 * Settings → Deadlines in your calendar (issue 47): a private feed URL to subscribe to in any calendar
 * app — each lock of this week's games you have not bet, an alarm an hour before; a new URL on demand.
 */
export function CalendarSection() {
  const { data } = useCalendarLink();
  const [pending, setPending] = useState(false);
  const url = data?.url ?? null;

  async function run(work: () => Promise<unknown>, done: string) {
    setPending(true);
    try {
      await work();
      toast({ title: done });
    } catch (error) {
      toast({
        title: "Calendar feed not changed",
        description: errorText(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <article className="settings-card" id="calendar" aria-labelledby="settings-calendar-title">
      <h2 id="settings-calendar-title">Deadlines in your calendar</h2>
      <p className="muted">
        Subscribe to this private link in your calendar app: it shows when this week's games you have not bet lock, with
        a reminder an hour before. Anyone with the link can read it: make a new one if it got out.
      </p>
      {url ? (
        <>
          <textarea
            className="calendar-link"
            readOnly
            rows={2}
            value={url}
            aria-label="Your calendar link"
            onFocus={(e) => e.target.select()}
          />
          <div className="push-actions">
            <button
              type="button"
              onClick={async () => {
                toast({ title: (await copyText(url)) ? "Calendar link copied" : "Copy the link from the box" });
              }}
            >
              Copy link
            </button>
            <button
              type="button"
              className="secondary outline"
              disabled={pending}
              onClick={() => run(newCalendarLink, "New calendar link: the old one no longer works")}
            >
              New link
            </button>
            <button
              type="button"
              className="secondary outline"
              disabled={pending}
              onClick={() => run(removeCalendarLink, "Calendar feed turned off")}
            >
              Turn off
            </button>
          </div>
        </>
      ) : data ? (
        <div className="push-actions">
          <button type="button" disabled={pending} onClick={() => run(newCalendarLink, "Calendar feed on")}>
            Get calendar link
          </button>
        </div>
      ) : null}
    </article>
  );
}
