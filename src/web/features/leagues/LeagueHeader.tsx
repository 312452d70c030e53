import { Link } from "wouter";
import type { LeagueDetails } from "../../../shared/contract/leagues.ts";
import { isAdmin } from "../../lib/league-text.ts";
import { InviteLinkActions } from "./InviteLinkActions.tsx";
import { LeagueBadges } from "./LeagueBadges.tsx";
import { rulesLine } from "./league-page-text.ts";

/** The league page's head: Back to Leagues, the name as the heading, the rules in one line, and the members' tools. */
export function LeagueHeader({
  league,
  viewerId,
  onEdit,
}: {
  league: LeagueDetails;
  viewerId: number;
  onEdit(): void;
}) {
  const admin = isAdmin(league, viewerId);
  return (
    <header className="league-page-head">
      <p className="league-page-back">
        <Link href="/leagues">← Leagues</Link>
      </p>
      <div className="league-page-title">
        <h1>{league.name}</h1>
        <LeagueBadges league={league} />
      </div>
      <p className="league-page-rules">{rulesLine(league)}</p>
      {league.description ? <p className="league-description">{league.description}</p> : null}
      <div className="league-details-actions">
        {league.format !== "bets" ? (
          <Link href={`/leagues/${league.id}/pool`} className="button-link league-make-picks">
            Make your picks
          </Link>
        ) : null}
        {admin ? (
          <button type="button" className="secondary outline league-edit" onClick={onEdit} aria-haspopup="dialog">
            Edit League
          </button>
        ) : null}
        <InviteLinkActions leagueId={league.id} canRotate={admin} />
      </div>
    </header>
  );
}
