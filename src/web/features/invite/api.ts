import type { JoinedLeague } from "../../../shared/contract/leagues.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterLeagueChange } from "../../lib/queries.ts";

/** Joins the league behind an invite link (spec §7), then refreshes the league lists. */
export async function joinByToken(token: string): Promise<JoinedLeague> {
  const league = await apiRequest<JoinedLeague>("POST", `/api/leagues/join-by-token/${encodeURIComponent(token)}`, {});
  void afterLeagueChange();
  return league;
}
