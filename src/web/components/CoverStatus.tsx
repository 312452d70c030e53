import { type CoverGame, type CoverPick, coverStatus } from "../lib/cover-status.ts";

interface CoverStatusProps {
  pick: CoverPick;
  game: CoverGame;
  /** The player's figure so far, for a prop (when the feed has it). */
  stat?: number | null;
  /** Written before it (a separator, " · "), only when there is something to say. */
  before?: string;
}

/**
 * Where a pick stands in a game under way ("covering by 3.5"), coloured by whether it would win were
 * the game to end now; nothing when the score says nothing about it (lib/cover-status.ts).
 */
export function CoverStatus({ pick, game, stat, before }: CoverStatusProps) {
  const status = coverStatus(pick, game, stat);
  if (!status) return null;
  return (
    <>
      {before}
      <span className={`cover-status cover-${status.standing}`}>{status.text}</span>
    </>
  );
}
