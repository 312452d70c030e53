import { useEffect, useRef, useState } from "react";
import type { RevealPicks } from "../../../shared/league-reveal.ts";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { joinByToken } from "./api.ts";

/** Spec §4: idle, joining, success or error. */
export type JoinState =
  | { status: "idle" }
  | { status: "joining" }
  | { status: "success"; leagueId: number; leagueName: string; revealPicks: RevealPicks }
  | { status: "error"; message: string };

type Outcome = Exclude<JoinState, { status: "idle" | "joining" }>;

const FALLBACK = "An error occurred";

async function attempt(token: string): Promise<Outcome> {
  try {
    const league = await joinByToken(token);
    toast({ title: "Joined League!", description: `You've successfully joined ${league.name}` });
    return { status: "success", leagueId: league.id, leagueName: league.name, revealPicks: league.revealPicks };
  } catch (error) {
    // The server's sentence when it sent one; a failure that never got one (offline, a bare 500) gets the spec's fallback.
    const message = (error instanceof ApiError && error.serverMessage) || FALLBACK;
    toast({ title: "Failed to Join League", description: message, variant: "destructive" });
    return { status: "error", message };
  }
}

/**
 * Joins by the token once `ready` (signed in) — exactly once per page visit: the request lives in a
 * ref, so a second run of the effect (React's strict mode runs effects twice) waits on the same
 * request instead of sending another.
 */
export function useJoinOnce(token: string, ready: boolean): JoinState {
  const [state, setState] = useState<JoinState>({ status: "idle" });
  const request = useRef<Promise<Outcome> | null>(null);

  useEffect(() => {
    if (!ready || !token) return;
    let live = true;
    if (request.current === null) {
      setState({ status: "joining" });
      request.current = attempt(token);
    }
    void request.current.then((outcome) => {
      if (live) setState(outcome);
    });
    return () => {
      live = false;
    };
  }, [token, ready]);

  return state;
}
