import type { JoinedLeague } from "../../../shared/contract/leagues.ts";
import { apiRequest } from "../../lib/api.ts";
import { invalidate } from "../../lib/swr.ts";

/** Joins the league behind an invite link (spec §7), then refreshes the league lists. */
export async function joinByToken(token: string): Promise<JoinedLeague> {
  const league = await apiRequest<JoinedLeague>("POST", `/api/leagues/join-by-token/${encodeURIComponent(token)}`, {});
  void invalidate((path) => path.startsWith("/api/leagues") || /^\/api\/users\/\d+\/(leagues|invitations)$/.test(path));
  return league;
}
