import type { LeagueWeekPicks, MemberOnGame } from "../../../shared/contract/league-feed.ts";
import { LocalTime } from "../../components/LocalTime.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { dateFormat, useViewerZone } from "../../lib/viewer-zone.ts";
import { useLeagueWeekPicks } from "./api.ts";
import { traceWords } from "./league-page-text.ts";

const KICKOFF: Intl.DateTimeFormatOptions = { weekday: "short", hour: "numeric", minute: "2-digit" };
const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "numeric", day: "numeric" };

/** "4:25 PM" on the game's own day, "Thu 8:15 PM" on another (a week's first kick-off). */
function ShowsAt({ iso, kickoff }: { iso: string; kickoff: string }) {
  const zone = useViewerZone();
  const sameDay = zone
    ? dateFormat(zone, DAY).format(new Date(iso)) === dateFormat(zone, DAY).format(new Date(kickoff))
    : true;
  return <LocalTime iso={iso} options={sameDay ? TIME : KICKOFF} />;
}

function Member({ member, kickoff, viewerId }: { member: MemberOnGame; kickoff: string; viewerId: number }) {
  const words = traceWords(member);
  return (
    <li className={`week-trace-member week-trace-${member.state}`}>
      <span className="week-trace-name">
        <PlayerLink username={member.username} />
        {member.userId === viewerId ? <span className="muted"> (you)</span> : null}
      </span>
      <span className="week-trace-state">
        {words.text}
        {words.showsAt ? (
          <>
            {" "}
            <ShowsAt iso={words.showsAt} kickoff={kickoff} />
          </>
        ) : null}
      </span>
    </li>
  );
}

function Game({ game, viewerId }: { game: LeagueWeekPicks["games"][number]; viewerId: number }) {
  const titleId = `week-trace-${game.gameId}`;
  const picked = game.members.filter((m) => m.state !== "none").length;
  return (
    <li className="week-trace-game">
      <article aria-labelledby={titleId}>
        <h3 id={titleId}>
          {game.awayAbbr} @ {game.homeAbbr}{" "}
          <span className="week-trace-kickoff">
            · <LocalTime iso={game.commenceTime} options={KICKOFF} />
          </span>
        </h3>
        <p className="muted week-trace-count">
          {picked} of {game.members.length} picked
        </p>
        <ul className="week-trace-members">
          {game.members.map((member) => (
            <Member key={member.userId} member={member} kickoff={game.commenceTime} viewerId={viewerId} />
          ))}
        </ul>
      </article>
    </li>
  );
}

/**
 * This week (issue 44 item 2): for each game still to kick off, who has picked it and when a pick the
 * viewer cannot see yet will show — never what was picked; a member without a pick shows that too.
 */
export function WeekTrace({ leagueId, viewerId }: { leagueId: number; viewerId: number }) {
  const { data, error } = useLeagueWeekPicks(leagueId);
  return (
    <section aria-labelledby="week-trace-title" className="week-trace">
      <h2 id="week-trace-title">{data ? `Week ${data.week}: who has picked` : "This week"}</h2>
      <p className="muted week-trace-note">
        A pick stays hidden until the league's rule shows it: until then you see that a member picked, and when it shows
        — not what they took.
      </p>
      {error ? <p className="muted">Could not load this week's picks.</p> : null}
      {!data && !error ? (
        <p className="muted" aria-busy="true">
          Loading this week…
        </p>
      ) : null}
      {data && data.games.length === 0 ? (
        <p className="muted week-trace-empty">No game of Week {data.week} is left to pick.</p>
      ) : null}
      {data ? (
        <ul className="week-trace-games">
          {data.games.map((game) => (
            <Game key={game.gameId} game={game} viewerId={viewerId} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
