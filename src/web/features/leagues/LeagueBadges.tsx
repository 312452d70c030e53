import type { League } from "../../../shared/contract/leagues.ts";

/** Public or Private, and Contest when the league has a bankroll or dates (spec §4). */
export function LeagueBadges({ league }: { league: Pick<League, "isPublic" | "isContest"> }) {
  return (
    <span className="league-badges">
      <span className={`league-badge ${league.isPublic ? "league-badge-public" : "league-badge-private"}`}>
        {league.isPublic ? "Public" : "Private"}
      </span>
      {league.isContest ? <span className="league-badge league-badge-contest">Contest</span> : null}
    </span>
  );
}
