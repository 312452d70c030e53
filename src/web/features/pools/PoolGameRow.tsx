import { type DragEvent, useState } from "react";
import type { PoolGame, PoolPick, PoolSheet } from "../../../shared/contract/pools.ts";
import { TeamLogo } from "../../components/TeamLogo.tsx";
import { formatKickoff } from "../../lib/games.ts";
import { pickedAtText, resultText, sideLine } from "./pool-text.ts";
import type { DraftPick } from "./sheet-draft.ts";

interface PoolGameRowProps {
  sheet: PoolSheet;
  game: PoolGame;
  /** The draft's pick on this game. */
  pick: DraftPick | undefined;
  /** The saved pick (its price, its grade). */
  saved: PoolPick | undefined;
  /** The radio group's name: one per game, one for the whole week in survivor. */
  group: string;
  pointChoices: readonly number[];
  onSide(team: string): void;
  onPoints(points: number): void;
  /** Confidence: a row dropped on this one (its game id) swaps points with it. */
  onSwap(fromGameId: string): void;
}

/** One game of the sheet: its two sides with their lines, the pick, its points (confidence), locked or graded. */
export function PoolGameRow({
  sheet,
  game,
  pick,
  saved,
  group,
  pointChoices,
  onSide,
  onPoints,
  onSwap,
}: PoolGameRowProps) {
  const [dropping, setDropping] = useState(false);
  const confidence = sheet.format === "confidence";
  const against = sheet.format === "survivor" ? "straight" : sheet.options.against;
  const used = new Set(sheet.usedTeams);
  const matchup = `${game.awayTeam} at ${game.homeTeam}`;
  const graded = saved && saved.selection === pick?.selection ? resultText(saved) : null;
  const draggable = confidence && !game.locked && pick !== undefined;
  const dropProps =
    confidence && !game.locked
      ? {
          onDragOver: (event: DragEvent) => {
            if (!event.dataTransfer.types.includes("application/x-pool-game")) return;
            event.preventDefault();
            setDropping(true);
          },
          onDragLeave: () => setDropping(false),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            setDropping(false);
            const from = event.dataTransfer.getData("application/x-pool-game");
            if (from && from !== game.gameId) onSwap(from);
          },
        }
      : {};
  const side = (which: "away" | "home") => {
    const team = which === "away" ? game.awayTeam : game.homeTeam;
    const abbr = which === "away" ? game.awayAbbr : game.homeAbbr;
    const taken = used.has(team);
    const chosen = pick?.selection === team;
    return (
      <label className={`pool-side${chosen ? " pool-side-chosen" : ""}`}>
        <input
          type="radio"
          name={group}
          value={team}
          checked={chosen}
          disabled={game.locked || taken}
          onChange={() => onSide(team)}
          aria-describedby={`pool-game-${game.gameId}-when`}
        />
        <TeamLogo abbr={abbr} />
        <span className="pool-side-team">
          <span className="pool-side-abbr">{abbr}</span>
          <span className="pool-side-name">{team}</span>
        </span>
        <span className="pool-side-line">{taken ? "used" : sideLine(game, which, against)}</span>
      </label>
    );
  };
  return (
    <fieldset
      className={`pool-game${game.locked ? " pool-game-locked" : ""}${dropping ? " pool-game-drop" : ""}`}
      disabled={game.locked}
      {...dropProps}
    >
      <legend className="pool-game-head">
        <span className="visually-hidden">{matchup}</span>
        <span id={`pool-game-${game.gameId}-when`} className="pool-game-when">
          {game.locked ? (game.status === "completed" ? "Final" : "Locked") : formatKickoff(game.commenceTime)}
          {game.status !== "upcoming" && game.awayScore !== null && game.homeScore !== null
            ? ` · ${game.awayAbbr} ${game.awayScore} – ${game.homeAbbr} ${game.homeScore}`
            : ""}
        </span>
      </legend>
      <div className="pool-sides">
        {side("away")}
        <span className="pool-at" aria-hidden="true">
          @
        </span>
        {side("home")}
      </div>
      <div className="pool-game-foot">
        {confidence && pick ? (
          // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the keyboard sets points with the select inside
          <span
            className={`pool-points${draggable ? " pool-points-drag" : ""}`}
            draggable={draggable}
            onDragStart={(event) => {
              event.dataTransfer.setData("application/x-pool-game", game.gameId);
              event.dataTransfer.effectAllowed = "move";
            }}
          >
            {draggable ? (
              <span className="pool-drag-handle" aria-hidden="true" title="Drag onto another pick to swap points">
                ⠿
              </span>
            ) : null}
            <label htmlFor={`pool-points-${game.gameId}`}>Points</label>
            <select
              id={`pool-points-${game.gameId}`}
              value={pick.points ?? ""}
              disabled={game.locked}
              onChange={(event) => onPoints(Number(event.target.value))}
            >
              {(game.locked ? [pick.points ?? 0] : pointChoices).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        {saved && saved.selection === pick?.selection ? (
          <span className="pool-picked-at">
            {saved.auto ? "Automatic pick " : ""}
            {pickedAtText(saved)}
          </span>
        ) : null}
        {graded ? <span className={`pool-result pool-result-${saved!.result}`}>{graded}</span> : null}
      </div>
    </fieldset>
  );
}
