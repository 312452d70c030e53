import { useEffect, useRef } from "react";
import { connectLive, onLiveMessage, onLiveOpen, onOddsUpdate } from "../lib/live.ts";
import { afterNotification, afterOddsUpdate, afterReconnect, afterSettlement } from "../lib/queries.ts";
import { useCurrentUser } from "../lib/session.ts";
import { toast } from "../lib/toast.ts";
import { ownSettlements, settlementToast } from "./settlements.ts";

/**
 * Keeps the live channel open for whoever is signed in: a new connection at each sign-in and
 * sign-out (the server knows the user from the cookie at connect time); at every open but the
 * page's first (a reconnect, a new connection) every query refetches, catching up on what was missed.
 */
export function LiveUpdates() {
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = userId;

  useEffect(() => {
    let opens = 0;
    const offs = [
      // The page's first open asks for nothing: the page has only just loaded its data.
      onLiveOpen(() => {
        opens += 1;
        if (opens > 1) void afterReconnect();
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
    return () => {
      for (const off of offs) off();
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: userId is the trigger: a sign-in or sign-out reconnects, and the server reads who it is from the cookie
  useEffect(() => {
    if (isLoading) return;
    return connectLive();
  }, [isLoading, userId]);

  return null;
}
