import type { Game } from "../../../shared/contract/games.ts";
import { Modal } from "../../components/Modal.tsx";
import { formatKickoff } from "../../lib/games.ts";
import { notStarted } from "./admin-text.ts";
import type { ResolveBody } from "./resolve-input.ts";

/**
 * Resolving settles every bet on the game at once: the admin confirms the game (with its kick-off,
 * so a game of another day stands out) and the score before it goes. A game that has not kicked off
 * gets a distinct, louder confirmation: resolving it early is almost always a wrong row.
 */
export function ConfirmResolve({
  game,
  body,
  regrade,
  onConfirm,
  onCancel,
}: {
  game: Game;
  body: ResolveBody | null;
  regrade: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const id = `confirm-resolve-${game.id}`;
  const stats = body?.playerStats?.length ?? 0;
  const early = !regrade && notStarted(game.commenceTime);
  return (
    <Modal
      open={body !== null}
      onClose={onCancel}
      labelledBy={`${id}-title`}
      className={early ? "confirm-dialog confirm-early" : "confirm-dialog"}
    >
      {body ? (
        <article>
          <header>
            <button type="button" aria-label="Close" rel="prev" onClick={onCancel} />
            <h2 id={`${id}-title`}>
              {regrade ? "Regrade this game?" : early ? "This game has not started yet" : "Resolve this game?"}
            </h2>
          </header>
          {early ? (
            <p className="confirm-warning">
              <strong>Not started:</strong> it kicks off {formatKickoff(game.commenceTime)}. Resolving it now settles
              every bet on it with a score that has not been played. Only do this for a cancelled or moved game.
            </p>
          ) : null}
          <p className="confirm-game">
            <strong>
              {game.awayTeam} @ {game.homeTeam}
            </strong>
            <br />
            <span className="muted">Kick-off {formatKickoff(game.commenceTime)}</span>
          </p>
          <p className="confirm-score">
            Final score: {game.awayTeam} <strong>{body.awayScore}</strong>, {game.homeTeam}{" "}
            <strong>{body.homeScore}</strong>
            {stats > 0 ? ` (with ${stats} player ${stats === 1 ? "figure" : "figures"})` : ""}.
          </p>
          <p>
            {regrade
              ? "Every bet on this game is settled again with the corrected score, and its players are told."
              : "The game is completed and every bet on it is settled at once."}
          </p>
          <footer>
            <button type="button" className="secondary" onClick={onCancel} data-autofocus={early || undefined}>
              Cancel
            </button>
            {early ? (
              // The safe choice takes the focus: Enter on an early resolve cancels.
              <button type="button" className="danger-button" onClick={onConfirm}>
                Resolve Before Kick-off
              </button>
            ) : (
              <button type="button" onClick={onConfirm} data-autofocus>
                {regrade ? "Regrade Game" : "Resolve Game"}
              </button>
            )}
          </footer>
        </article>
      ) : null}
    </Modal>
  );
}
