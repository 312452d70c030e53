import { useMemo } from "react";
import type { Game } from "../../../shared/contract/games.ts";
import type { LeagueStandings } from "../../../shared/contract/leagues.ts";
import type { PoolStandings } from "../../../shared/contract/pools.ts";
import { LocalTime } from "../../components/LocalTime.tsx";
import { PlayerLink } from "../../components/PlayerLink.tsx";
import { formatOdds, pickText } from "../../lib/odds-format.ts";
import { keys, useQuery } from "../../lib/queries.ts";
import { useFirstNow } from "../../lib/render-env.tsx";
import { dollarsText } from "../../lib/stats-format.ts";
import { useLeagueSweat } from "./api.ts";
import {
  gameStates,
  type SweatGroup,
  type SweatLeg,
  type SweatLine,
  scoreText,
  standingText,
  sweatLine,
  sweatView,
} from "./sweat.ts";

const KICKOFF: Intl.DateTimeFormatOptions = { weekday: "short", hour: "numeric", minute: "2-digit" };

const legText = (leg: {
  betType: string;
  selection: string;
  point: string | null;
  prop: { playerName: string; propType: string } | null;
}) => pickText({ ...leg, subject: leg.prop?.playerName, propType: leg.prop?.propType });

/** "Won +$150.00", "Lost -$100.00", "Push"; nothing while in play. */
function gradeText(line: SweatLine): string | null {
  if (line.profitCents === null) return null;
  if (line.grade === "push") return "Push";
  const amount = dollarsText(Math.abs(line.profitCents));
  return line.grade === "won" ? `Won +${amount}` : `Lost -${amount}`;
}

function Cover({ leg }: { leg: SweatLeg }) {
  if (!leg.cover) return null;
  return <span className={`sweat-cover sweat-cover-${leg.tone ?? "even"}`}>{leg.cover}</span>;
}

function GameState({ game }: { game: SweatLeg["game"] }) {
  const score = scoreText(game);
  if (score) return <span className={`sweat-score sweat-score-${game.phase}`}>{score}</span>;
  return (
    <span className="sweat-score sweat-score-upcoming">
      Kicks off <LocalTime iso={game.commenceTime} options={KICKOFF} />
    </span>
  );
}

function StraightLine({ line }: { line: SweatLine }) {
  const leg = line.legs[0]!;
  const grade = gradeText(line);
  return (
    <li className={`sweat-pick sweat-pick-${line.grade}`}>
      <span className="sweat-who">
        <PlayerLink username={line.pick.player.username} />
      </span>
      <span className="sweat-what">
        <strong>{leg.text}</strong> <span className="sweat-price">{formatOdds(line.pick.odds)}</span> ·{" "}
        {line.pick.units}U
      </span>
      <span className="sweat-where">
        {grade ? <span className={`sweat-grade sweat-grade-${line.grade}`}>{grade}</span> : null}
        {grade && leg.cover ? " · " : null}
        <Cover leg={leg} />
      </span>
    </li>
  );
}

function ParlayLine({ line }: { line: SweatLine }) {
  const grade = gradeText(line);
  return (
    <li className={`sweat-pick sweat-parlay sweat-pick-${line.grade}`}>
      <span className="sweat-who">
        <PlayerLink username={line.pick.player.username} />
      </span>
      <span className="sweat-what">
        <strong>{line.legs.length}-leg parlay</strong> <span className="sweat-price">{formatOdds(line.pick.odds)}</span>{" "}
        · {line.pick.units}U
      </span>
      <span className="sweat-where">
        {grade ? <span className={`sweat-grade sweat-grade-${line.grade}`}>{grade}</span> : "In play"}
      </span>
      <ol className="sweat-legs">
        {line.legs.map((leg) => (
          <li key={leg.gameId} className={`sweat-leg sweat-pick-${leg.grade}`}>
            <strong>{leg.text}</strong> · <GameState game={leg.game} />
            {leg.cover ? " · " : null}
            <Cover leg={leg} />
          </li>
        ))}
      </ol>
    </li>
  );
}

function Group({ group }: { group: SweatGroup }) {
  const titleId = `sweat-${group.key}`;
  return (
    <section className="sweat-game" aria-labelledby={titleId}>
      <header className="sweat-game-head">
        <h3 id={titleId}>{group.game ? `${group.game.awayAbbr} @ ${group.game.homeAbbr}` : "Parlays"}</h3>
        {group.game ? <GameState game={group.game} /> : null}
      </header>
      <ul className="sweat-picks">
        {group.lines.map((line) =>
          line.pick.legs ? (
            <ParlayLine key={line.pick.id} line={line} />
          ) : (
            <StraightLine key={line.pick.id} line={line} />
          ),
        )}
      </ul>
    </section>
  );
}

/**
 * The sweat room (issue 44 item 4): every member's revealed picks still in play, grouped by game, each
 * with its game's live score and where it stands, and standings that move as the games end. The
 * scores and finals arrive with the live games updates the socket already brings (lib/queries.ts
 * putGamesInPlace keeps the week's games in place): nothing here asks the server again per update.
 */
export function SweatRoom({ leagueId, viewerId }: { leagueId: number; viewerId: number }) {
  const { data: sweat, error } = useLeagueSweat(leagueId);
  const week = sweat?.week ?? null;
  const { data: games } = useQuery<Game[]>(week === null ? null : keys.games(week));
  const { data: standings } = useQuery<LeagueStandings | PoolStandings>(
    week === null ? null : keys.leagueStandings(leagueId, week),
  );
  const now = useFirstNow();
  const view = useMemo(() => {
    if (!sweat) return null;
    const states = gameStates(games);
    const lines = sweat.picks.map((pick) => sweatLine(pick, states, now, legText));
    const base = standings && standings.format === "bets" && standings.week === week ? standings.rows : [];
    return sweatView(lines, base);
  }, [sweat, games, standings, week, now]);

  return (
    <section className="sweat-room" aria-labelledby="sweat-title">
      <h2 id="sweat-title">{week === null ? "Sweat" : `Week ${week} sweat`}</h2>
      <p className="muted sweat-note">
        Every revealed pick still in play, with its game's live score and where it stands. It moves as the games do.
      </p>
      {error ? <p className="muted">Could not load the sweat room.</p> : null}
      {!view && !error ? (
        <p className="muted" aria-busy="true">
          Loading the sweat room…
        </p>
      ) : null}
      {view ? (
        <>
          <section className="sweat-standings" aria-labelledby="sweat-standings-title">
            <h3 id="sweat-standings-title">This week so far</h3>
            <ol>
              {view.standings.map((row) => (
                <li key={row.userId} aria-current={row.userId === viewerId ? "true" : undefined}>
                  {standingText(row)}
                </li>
              ))}
            </ol>
          </section>
          {view.groups.length === 0 ? (
            <p className="muted sweat-empty">No revealed pick is in play right now.</p>
          ) : (
            view.groups.map((group) => <Group key={group.key} group={group} />)
          )}
        </>
      ) : null}
    </section>
  );
}
