import { t } from "elysia";

/** The feed's file name: its token (43 characters of base64url) and ".ics". */
export const FeedParams = t.Object({
  file: t.String({ pattern: "^[A-Za-z0-9_-]{43}\\.ics$", error: "is not a calendar feed" }),
});

export const CalendarIcs = t.String({
  contentMediaType: "text/calendar",
  description:
    "An iCalendar (RFC 5545) feed: an event at each lock of this week's games not bet yet, an alarm an hour before",
});

export const CalendarLink = t.Object({
  url: t.Union([t.String(), t.Null()], { description: "The secret feed URL to give a calendar app; null while off" }),
});
export const NewCalendarLink = t.Object({ url: t.String() });
