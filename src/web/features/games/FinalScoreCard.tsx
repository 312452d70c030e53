import type { Bet } from "../../../shared/contract/betting.ts";
import type { Game } from "../../../shared/contract/games.ts";
import { memo } from "react";
import { TeamLogo } from "../../components/TeamLogo.tsx";
import { KickoffTime } from "./KickoffTime.tsx";
import { LineHistoryButton } from "./LineHistoryButton.tsx";
import { YourBet } from "./YourBet.tsx";

function Team({ name, abbr, score, won }: { name: string; abbr: string; score: number | null; won: boolean }) {
  return (
    <li className={won ? "final-team final-winner" : "final-team"}>
      <TeamLogo abbr={abbr} />
      <span className="final-name">{name}</span>
      <span className="final-score">{score ?? "–"}</span>
    </li>
  );
}

/** A completed game, read-only: its final score (the winner in bold) and how the player's bets on it ended. */
export const FinalScoreCard = memo(function FinalScoreCard({
  game,
  bets,
  onShowLines,
}: {
  game: Game;
  bets: readonly Bet[] | undefined;
  onShowLines?(gameId: string): void;
}) {
  const away = game.awayScore ?? 0;
  const home = game.homeScore ?? 0;
  return (
    <article
      className="final-card surface"
      data-testid="final-card"
      aria-label={`Final: ${game.awayTeam} @ ${game.homeTeam}`}
    >
      <p className="final-when">
        <strong>Final</strong> · <KickoffTime iso={game.commenceTime} />
      </p>
      <ul className="final-teams">
        <Team name={game.awayTeam} abbr={game.awayAbbr} score={game.awayScore} won={away > home} />
        <Team name={game.homeTeam} abbr={game.homeAbbr} score={game.homeScore} won={home > away} />
      </ul>
      {bets && bets.length > 0 ? <YourBet bets={bets} /> : null}
      {onShowLines ? <LineHistoryButton game={game} onShowLines={onShowLines} /> : null}
    </article>
  );
});
