import type { Game } from "../../../shared/contract/games.ts";

/** A card's way to its line movement chart; its name says which game for a screen reader's list of buttons. */
export function LineHistoryButton({ game, onShowLines }: { game: Game; onShowLines(gameId: string): void }) {
  return (
    <button
      type="button"
      className="link-button line-history-button"
      aria-label={`Line movement: ${game.awayTeam} @ ${game.homeTeam}`}
      onClick={() => onShowLines(game.id)}
    >
      Line movement
    </button>
  );
}
