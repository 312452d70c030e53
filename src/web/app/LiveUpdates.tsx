import { useEffect, useEffectEvent, useLayoutEffect } from "react";
import { useLocation } from "wouter";
import { followsLastUpdate, forgetLastUpdate, type GamesUpdateMessage } from "../lib/games-update.ts";
import { connectLive, type LiveMessage, onLiveMessage, onLiveOpen, onSessionEnded, spreadOut } from "../lib/live.ts";
import {
  afterFirstOpen,
  afterLeagueTalk,
  afterNotification,
  afterOddsUpdate,
  afterParlayLegGraded,
  afterReconnect,
  afterScoresUpdate,
  afterSettlement,
  putGamesInPlace,
} from "../lib/queries.ts";
import { offerPush } from "../lib/push.ts";
import { signedInHint, useCurrentUser } from "../lib/session.ts";
import { toast } from "../lib/toast.ts";
import { heardNothingSince } from "./first-screen.ts";
import { checkSessionAfterEnd } from "./session-ended.ts";
import { ownSettlements, settlementToast } from "./settlements.ts";

function onGamesUpdate(message: LiveMessage, refetch: () => Promise<void>): void {
  const update = message as unknown as GamesUpdateMessage;
  if (followsLastUpdate(update)) void putGamesInPlace(update);
  else spreadOut(() => void refetch());
}

/**
 * Keeps the live channel open for whoever is signed in: a new connection at each sign-in and
 * sign-out (the server knows the user from the cookie at connect time); at every open but the
 * page's first (a reconnect, a new connection) every query refetches, catching up on what was missed.
 * At the first, only the queries asked for before the socket could hear events (lib/live.ts,
 * mayHaveMissedEvents): none when it opens quickly, the page's early ones when it opens slowly.
 */
export function LiveUpdates() {
  const { user, isLoading } = useCurrentUser();
  const userId = user?.id ?? null;
  const [, navigate] = useLocation();
  const onSessionEnd = useEffectEvent((reason: string) => void checkSessionAfterEnd(reason, navigate));
  // Reads the signed-in user at the moment a message arrives, without resubscribing on each change.
  const onSettlements = useEffectEvent((settlements: unknown) => {
    if (userId === null) return;
    const mine = ownSettlements(settlements, userId);
    if (mine.length === 0) return;
    toast(settlementToast(mine));
    void (mine.every((s) => s.leg) ? afterParlayLegGraded() : afterSettlement());
    if (mine.some((s) => !s.leg)) void offerPush("settlement");
  });

  useEffect(() => {
    let opens = 0;
    const offs = [
      onLiveOpen((helloAt, hello) => {
        opens += 1;
        forgetLastUpdate();
        void (opens > 1 ? afterReconnect() : afterFirstOpen(helloAt, heardNothingSince(hello)));
      }),
      // The changed games come with the update: put in place, no request; refetched only after a gap.
      onLiveMessage("odds_update", (message) => onGamesUpdate(message, afterOddsUpdate)),
      onLiveMessage("scores_update", (message) => onGamesUpdate(message, afterScoresUpdate)),
      // A friend request, an acceptance or a league invitation for this player (the message carries no details).
      onLiveMessage("notification", () => void afterNotification()),
      onLiveMessage("bet_settlements", (message) => onSettlements(message.settlements)),
      // A league's talk changed (ids only): the threads on screen ask again.
      onLiveMessage("league_comments", () => void afterLeagueTalk()),
      // Signed out from elsewhere: say why on the sign-in page rather than fall silently to it.
      onSessionEnded((reason) => onSessionEnd(reason)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);

  // Connects at once, beside the page's first requests rather than after the user has loaded: the
  // hello then comes close enough to them that the first open need not fetch them again
  // (mayHaveMissedEvents). While the user loads, the signed-in hint says which session the cookie
  // holds; a sign-in or sign-out reconnects, and the server reads who it is from the cookie.
  const signedIn = isLoading ? signedInHint() : userId !== null;
  // A layout effect, like the one SWR asks for the user in: a passive effect may run a frame later
  // on a busy device, after the first answers are back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: signedIn is the trigger, not a value the effect reads
  useLayoutEffect(() => connectLive(), [signedIn]);

  return null;
}
