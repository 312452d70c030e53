import type { Game } from "../../../shared/contract/games.ts";
import { useState, type FormEvent } from "react";
import { errorText } from "../../lib/api.ts";
import { propTypeText } from "../../lib/odds-format.ts";
import { toast } from "../../lib/toast.ts";
import { resolveGame } from "./api.ts";
import { ConfirmResolve } from "./ConfirmResolve.tsx";
import { resolveBody, type ResolveBody, type StatEntry } from "./resolve-input.ts";

const TEXTS = {
  resolve: {
    submit: "Resolve",
    title: "Game Resolved",
    done: "Bets have been settled automatically.",
    failed: "Failed to resolve game",
  },
  regrade: {
    submit: "Save Regrade",
    title: "Game Regraded",
    done: "Bets have been re-settled with the corrected score.",
    failed: "Failed to regrade game",
  },
};

function ScoreInput({
  id,
  team,
  value,
  onChange,
}: {
  id?: string;
  team: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <label className="score-input">
      <span title={team}>{team}</span>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={999}
        step={1}
        aria-label={`${team} score`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** The id of a game's first score input (the action queue's Resolve moves the focus there). */
export const scoreInputId = (gameId: string) => `score-${gameId}`;

/**
 * Final scores (spec §2/§5) and, optionally, each prop's player figure or 'Did not play'; with
 * `regrade` it corrects a completed game instead.
 */
export function ResolveForm({ game, regrade = false, onDone }: { game: Game; regrade?: boolean; onDone?(): void }) {
  const [away, setAway] = useState(regrade ? String(game.awayScore ?? "") : "");
  const [home, setHome] = useState(regrade ? String(game.homeScore ?? "") : "");
  const [stats, setStats] = useState<Record<number, StatEntry>>({});
  const [pending, setPending] = useState(false);
  const texts = TEXTS[regrade ? "regrade" : "resolve"];
  const setStat = (propId: number, change: Partial<StatEntry>) =>
    setStats((was) => ({ ...was, [propId]: { value: "", didNotPlay: false, ...was[propId], ...change } }));

  const [confirming, setConfirming] = useState<ResolveBody | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = resolveBody(away, home, game.playerProps, stats, regrade);
    if (!body) {
      toast({ title: "Error", description: "Please enter both scores", variant: "destructive" });
      return;
    }
    setConfirming(body);
  }

  async function send(body: ResolveBody) {
    setConfirming(null);
    setPending(true);
    try {
      await resolveGame(game.id, body);
      toast({ title: texts.title, description: texts.done });
      onDone?.();
    } catch (error) {
      toast({ title: texts.failed, description: errorText(error, "Please try again."), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className="resolve-form"
      onSubmit={submit}
      noValidate
      aria-label={`${texts.submit} ${game.awayTeam} @ ${game.homeTeam}`}
    >
      <div className="score-row">
        <ScoreInput id={scoreInputId(game.id)} team={game.awayTeam} value={away} onChange={setAway} />
        <ScoreInput team={game.homeTeam} value={home} onChange={setHome} />
        <button type="submit" disabled={pending} aria-busy={pending}>
          {texts.submit}
        </button>
      </div>
      {game.playerProps.length > 0 ? (
        <details className="prop-stats">
          <summary>
            Player stats ({game.playerProps.length}){" "}
            <small className="muted">
              optional{regrade ? ", blank keeps the recorded figure" : ", settles the props"}
            </small>
          </summary>
          <ul>
            {game.playerProps.map((prop) => {
              const entry = stats[prop.id];
              const name = `${prop.playerName} ${propTypeText(prop.propType)}`;
              return (
                <li key={prop.id} className="prop-stat">
                  <span className="prop-stat-name">
                    {prop.playerName}{" "}
                    <small className="muted">
                      · {propTypeText(prop.propType)} · line {prop.line}
                    </small>
                  </span>
                  <input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    aria-label={name}
                    value={entry?.value ?? ""}
                    disabled={entry?.didNotPlay}
                    onChange={(event) => setStat(prop.id, { value: event.target.value })}
                  />
                  <label className="dnp">
                    <input
                      type="checkbox"
                      aria-label={`Did not play: ${prop.playerName}`}
                      checked={entry?.didNotPlay ?? false}
                      onChange={(event) => setStat(prop.id, { didNotPlay: event.target.checked })}
                    />
                    Did not play
                  </label>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
      <ConfirmResolve
        game={game}
        body={confirming}
        regrade={regrade}
        onConfirm={() => confirming && void send(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </form>
  );
}
