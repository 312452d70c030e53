import type { LeagueSummary } from "../../../shared/contract/leagues.ts";
import { LeagueBadges } from "./LeagueBadges.tsx";
import { datesText, memberCountText } from "../../lib/league-text.ts";
import { RuleFacts } from "./RuleFacts.tsx";

interface LeagueCardProps {
  league: LeagueSummary;
  /** Shown on public leagues the viewer is not in (spec §6). */
  onJoin?(): void;
  joining?: boolean;
  onOpen(): void;
}

/** A league in a list (spec §2): name, badges, dates, description, allowed bets and wager limits; the whole card opens its details. */
export function LeagueCard({ league, onJoin, joining = false, onOpen }: LeagueCardProps) {
  const titleId = `league-${league.id}-name`;
  const dates = datesText(league);
  return (
    <article className="league-card" aria-labelledby={titleId}>
      <header className="league-card-head">
        <h3 id={titleId}>
          {/* The name's button covers the card (see .league-open), so a click anywhere opens the details. */}
          <button type="button" className="league-open" aria-haspopup="dialog" onClick={onOpen}>
            {league.name}
          </button>
        </h3>
        <LeagueBadges league={league} />
      </header>
      {dates ? <p className="league-dates">{dates}</p> : null}
      {league.description ? <p className="league-description">{league.description}</p> : null}
      <RuleFacts rules={league.rules} className="league-facts" />
      <div className="league-card-foot">
        <span className="muted">{memberCountText(league.memberCount)}</span>
        {onJoin ? (
          <button
            type="button"
            className="league-join"
            onClick={onJoin}
            disabled={joining}
            aria-busy={joining || undefined}
            aria-label={`Join ${league.name}`}
          >
            {joining ? "Joining..." : "Join"}
          </button>
        ) : null}
      </div>
    </article>
  );
}
