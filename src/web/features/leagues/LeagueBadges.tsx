import type { League } from "../../../shared/contract/leagues.ts";
import { FORMAT_LABELS } from "../../../shared/pools.ts";

/** Public or Private, Contest when the league has a bankroll or dates (spec §4), and a pool's format (issue 45). */
export function LeagueBadges({
  league,
}: {
  league: Pick<League, "isPublic" | "isContest"> & Partial<Pick<League, "format">>;
}) {
  return (
    <span className="league-badges">
      <span className={`league-badge ${league.isPublic ? "league-badge-public" : "league-badge-private"}`}>
        {league.isPublic ? "Public" : "Private"}
      </span>
      {league.isContest ? <span className="league-badge league-badge-contest">Contest</span> : null}
      {league.format && league.format !== "bets" ? (
        <span className="league-badge league-badge-pool">{FORMAT_LABELS[league.format]}</span>
      ) : null}
    </span>
  );
}
