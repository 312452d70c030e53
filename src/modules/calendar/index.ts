import { Elysia } from "elysia";
import type { Config } from "../../config.ts";
import { EmptyBody } from "../../http/schema.ts";
import { ourOrigin } from "../../http/security.ts";
import type { Clock } from "../../lib/clock.ts";
import type { Db } from "../../runtime/index.ts";
import { MessageResponse } from "../../shared/contract/common.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { CalendarIcs, CalendarLink, FeedParams, NewCalendarLink } from "./model.ts";
import * as service from "./service.ts";

/**
 * The private deadlines feed (issue 47 item 4): its owner gets, replaces or turns off its secret URL
 * in Settings (an account route: never with an API token); a calendar app reads it by that URL alone.
 */
export function calendarRoutes({
  db,
  clock,
  config,
  auth,
}: {
  db: Db;
  clock: Clock;
  config: Config;
  auth: AuthPlugin;
}) {
  const account = new Elysia({ name: "calendar-link", prefix: "/api/user", tags: ["Account"] })
    .use(auth)
    .get("/calendar", ({ user, request }) => service.calendarLink(db, user.id, ourOrigin(request, config)), {
      auth: true,
      detail: { summary: "One's private deadlines feed URL (null while off)", operationId: "getCalendarLink" },
      response: { 200: CalendarLink },
    })
    .post(
      "/calendar",
      ({ user, request }) => service.newCalendarLink(db, clock.now(), user.id, ourOrigin(request, config)),
      {
        auth: true,
        body: EmptyBody,
        detail: {
          summary: "Make one's deadlines feed, or give it a new secret URL (the old one stops working)",
          operationId: "newCalendarLink",
        },
        response: { 200: NewCalendarLink },
      },
    )
    .delete("/calendar", ({ user }) => service.removeCalendarLink(db, user.id), {
      auth: true,
      detail: { summary: "Turn one's deadlines feed off", operationId: "deleteCalendarLink" },
      response: { 200: MessageResponse },
    });
  const feed = new Elysia({ name: "calendar-feed", prefix: "/api/calendar", tags: ["Games"] }).get(
    "/:file",
    async ({ params, request }) =>
      new Response(
        await service.deadlinesFeed(db, clock.now(), params.file.slice(0, -".ics".length), ourOrigin(request, config)),
        {
          headers: {
            "content-type": "text/calendar; charset=utf-8",
            "content-disposition": 'inline; filename="nfl-paper-trading.ics"',
            "cache-control": "private, no-cache",
          },
        },
      ),
    {
      params: FeedParams,
      detail: {
        summary: "A player's deadlines as iCalendar, by the secret URL from Settings (no sign-in: the URL is the key)",
        operationId: "getCalendarFeed",
      },
      response: { 200: CalendarIcs },
    },
  );
  return new Elysia({ name: "calendar" }).use(account).use(feed);
}
