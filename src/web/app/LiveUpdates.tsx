import { useEffect, useRef } from "react";
import { connectLive, onLiveMessage, onLiveOpen, onOddsUpdate } from "../lib/live.ts";
import { useCurrentUser, USER_KEY } from "../lib/session.ts";
import { allQueries, invalidate } from "../lib/swr.ts";
import { toast } from "../lib/toast.ts";
import { afterNotification, NOTIFICATIONS_KEY } from "../features/notifications/api.ts";
import { ownSettlements, settlementToast } from "./settlements.ts";

const gamesQueries = (path: string) => path.startsWith("/api/games");
const afterSettlement = (path: string) =>
  path === USER_KEY ||
  /^\/api\/users\/\d+\/(bets|stats|coverage)/.test(path) ||
  path.startsWith("/api/leaderboard") ||
  path === NOTIFICATIONS_KEY;

/**
 * Keeps the live channel open for whoever is signed in: a new connection at each sign-in and
 * sign-out (the server knows the user from the cookie at connect time), and on each (re)connect
 * every query refetches, catching up on whatever was missed while disconnected.
 */
export function LiveUpdates() {
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const userIdRef = useRef<number | null>(null);
  userIdRef.current = userId;

  useEffect(() => {
    const offs = [
      onLiveOpen(() => void invalidate(allQueries)),
      onOddsUpdate(() => void invalidate(gamesQueries)),
      // A friend request, an acceptance or a league invitation for this player (the message carries no details).
      onLiveMessage("notification", () => void invalidate(afterNotification)),
      onLiveMessage("bet_settlements", (message) => {
        const me = userIdRef.current;
        if (me === null) return;
        const mine = ownSettlements(message.settlements, me);
        if (mine.length === 0) return;
        toast(settlementToast(mine));
        void invalidate(afterSettlement);
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
