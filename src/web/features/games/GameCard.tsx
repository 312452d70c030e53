import type { Bet } from "../../../shared/contract/betting.ts";
import type { Game } from "../../../shared/contract/games.ts";
import { memo, useEffect, useMemo, useState } from "react";
import { TeamLogo } from "../../components/TeamLogo.tsx";
import { dateFormat, useViewerZone } from "../../lib/viewer-zone.ts";
import { useFirstNow } from "../../lib/render-env.tsx";
import { KickoffTime } from "./KickoffTime.tsx";
import { type LineMove, parseMoves, updatedAgoText } from "./line-moves.ts";
import { OddsButton } from "./OddsButton.tsx";
import { gameLines, type GameLines } from "./odds.ts";
import { PropsList } from "./PropsList.tsx";
import { LineHistoryButton } from "./LineHistoryButton.tsx";
import { YourBet } from "./YourBet.tsx";

interface GameCardProps {
  game: Game;
  locked: boolean;
  /** The keys of this game's picks in the slip, joined: a plain string keeps memo cheap. */
  selectedKeys: string;
  /** This game's prices that moved while the screen was open (`movesOfGame`), joined likewise. */
  moves?: string;
  bets: readonly Bet[] | undefined;
  /** Opens the game's line movement (a stable callback: memo). */
  onShowLines?(gameId: string): void;
}

/** The columns of a team's row, in the order of the headings. */
const MARKETS = ["spread", "total", "moneyline"] as const satisfies readonly (keyof GameLines)[];

function TeamRow({
  name,
  abbr,
  score,
  lines,
  side,
  selected,
  moved,
  locked,
}: {
  name: string;
  abbr: string;
  score: number | null;
  lines: GameLines;
  side: 0 | 1;
  selected: Set<string>;
  moved: ReadonlyMap<string, LineMove>;
  locked: boolean;
}) {
  const space = name.lastIndexOf(" ");
  return (
    <>
      <div className="team">
        <TeamLogo abbr={abbr} />
        <span className="team-name">
          {/* Phones show the nickname only ("Eagles"); the city is hidden there. */}
          <span className="team-city">{space > 0 ? name.slice(0, space) : ""}</span>{" "}
          {space > 0 ? name.slice(space + 1) : name}
        </span>
        {score !== null ? <span className="team-score">{score}</span> : null}
      </div>
      {MARKETS.map((market) => {
        const choice = lines[market][side];
        return (
          <OddsButton
            key={market}
            choice={choice}
            selected={!!choice && selected.has(choice.key)}
            moved={choice ? moved.get(choice.key) : undefined}
            locked={locked}
          />
        );
      })}
    </>
  );
}

function Status({ game }: { game: Game }) {
  if (game.status === "live") {
    // Where the game stands as the feed last said ("Q3 - 4:12"); nothing made up before it says.
    return (
      <span className="game-when">
        <span className="live-badge">LIVE</span>
        {game.liveStatus ? <span className="live-clock"> {game.liveStatus}</span> : null}
      </span>
    );
  }
  if (game.status === "completed") return <span className="game-when">Final</span>;
  return (
    <span className="game-when">
      <KickoffTime iso={game.commenceTime} />
      {game.oddsUpdatedAt ? <UpdatedAgo at={game.oddsUpdatedAt} /> : null}
    </span>
  );
}

// As Date.prototype.toLocaleString() writes it, in the viewer's zone.
const MOVED_AT: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
};

/** When the game's odds last moved ("· updated 4 min ago"), kept current by a minute tick of its own. */
function UpdatedAgo({ at }: { at: string }) {
  const [now, setNow] = useState(useFirstNow());
  const zone = useViewerZone();
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const when = zone ? dateFormat(zone, MOVED_AT).format(new Date(at)) : null;
  return (
    <span className="odds-updated" title={when ? `Odds last moved ${when}` : undefined}>
      {/* After the kick-off time; alone while a server's page leaves that time to the browser. */}
      {zone ? "· " : ""}
      {updatedAgoText(at, now)}
    </span>
  );
}

/** One game (spec §2): status, both teams with scores, the three markets, your bet, lock banner, props. */
export const GameCard = memo(function GameCard({
  game,
  locked,
  selectedKeys,
  moves = "",
  bets,
  onShowLines,
}: GameCardProps) {
  const lines = useMemo(() => gameLines(game), [game]);
  const selected = useMemo(() => new Set(selectedKeys ? selectedKeys.split("\n") : []), [selectedKeys]);
  const moved = useMemo(() => parseMoves(moves), [moves]);
  const banner =
    game.status === "completed" ? "Game Completed - Betting Closed" : locked ? "Game Started - Betting Locked" : null;
  const row = { lines, selected, moved, locked };
  return (
    <article
      className={`game-card surface${locked ? " game-locked" : ""}`}
      data-testid="game-card"
      aria-label={`${game.awayTeam} @ ${game.homeTeam}`}
    >
      <div className="game-grid">
        <Status game={game} />
        <span className="market-spacer" aria-hidden="true" />
        <span className="market-head" aria-hidden="true">
          Spread
        </span>
        <span className="market-head" aria-hidden="true">
          Total
        </span>
        <span className="market-head" aria-hidden="true">
          Moneyline
        </span>
        <TeamRow name={game.awayTeam} abbr={game.awayAbbr} score={game.awayScore} side={0} {...row} />
        <TeamRow name={game.homeTeam} abbr={game.homeAbbr} score={game.homeScore} side={1} {...row} />
      </div>
      {bets && bets.length > 0 ? <YourBet bets={bets} live={game.status === "live" ? game : null} /> : null}
      {banner ? (
        <p className="lock-banner" role="status">
          {banner}
        </p>
      ) : null}
      <PropsList game={game} selected={selected} moved={moved} locked={locked} />
      {onShowLines ? <LineHistoryButton game={game} onShowLines={onShowLines} /> : null}
    </article>
  );
});
