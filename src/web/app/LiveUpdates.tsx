import { useEffect, useRef } from "react";
import { connectLive, onLiveMessage, onLiveOpen, onOddsUpdate } from "../lib/live.ts";
import { afterNotification, afterOddsUpdate, afterReconnect, afterSettlement } from "../lib/queries.ts";
import { useCurrentUser } from "../lib/session.ts";
import { toast } from "../lib/toast.ts";
import { ownSettlements, settlementToast } from "./settlements.ts";

/** The page's first connection, opened within this long of the page's start, refetches nothing: its queries are fresh. */
const FIRST_OPEN_FRESH_MS = 10_000;

/**
 * Keeps the live channel open for whoever is signed in: a new connection at each sign-in and
 * sign-out (the server knows the user from the cookie at connect time), and on each reconnect
 * every query refetches, catching up on whatever was missed while disconnected. The page's first
 * connection does not ask again for what the page has only just loaded.
 */
export function LiveUpdates() {
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = userId;

  useEffect(() => {
    let opens = 0;
    const offs = [
      onLiveOpen(() => {
        opens += 1;
        if (opens > 1 || performance.now() > FIRST_OPEN_FRESH_MS) void afterReconnect();
      }),
      onOddsUpdate(() => void afterOddsUpdate()),
      // A friend request, an acceptance or a league invitation for this player (the message carries no details).
      onLiveMessage("notification", () => void afterNotification()),
      onLiveMessage("bet_settlements", (message) => {
        const me = userIdRef.current;
        if (me === null) return;
        const mine = ownSettlements(message.settlements, me);
        if (mine.length === 0) return;
        toast(settlementToast(mine));
        void afterSettlement();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  useEffect(() => {
    if (isLoading) return;
    return connectLive();
  }, [isLoading, userId]);

  return null;
}
