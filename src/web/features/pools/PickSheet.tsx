import { type FormEvent, useState } from "react";
import type { PoolSheet } from "../../../shared/contract/pools.ts";
import { Field } from "../../components/Field.tsx";
import { errorText } from "../../lib/api.ts";
import { formatKickoff } from "../../lib/games.ts";
import { toast } from "../../lib/toast.ts";
import { savePoolSheet } from "./api.ts";
import { neededText } from "./pool-text.ts";
import { PoolGameRow } from "./PoolGameRow.tsx";
import {
  chooseSide,
  clearPick,
  type Draft,
  draftOf,
  isDirty,
  pointChoices,
  setPoints,
  sheetPayload,
  stillNeeded,
} from "./sheet-draft.ts";

/** The week's sheet as a form: a side per game, points in confidence, the tiebreaker, one Save. */
export function PickSheet({ sheet, onSaved }: { sheet: PoolSheet; onSaved(saved: PoolSheet): void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(sheet));
  const [tiebreaker, setTiebreaker] = useState(sheet.tiebreaker === null ? "" : String(sheet.tiebreaker));
  const [pending, setPending] = useState(false);
  const saved = new Map(sheet.picks.map((p) => [p.gameId, p]));
  const choices = pointChoices(sheet, draft);
  const needed = stillNeeded(sheet, draft);
  const dirty = isDirty(sheet, draft, tiebreaker);
  const tiebreakGame = sheet.games.find((g) => g.gameId === sheet.tiebreakerGameId);
  const survivorPick =
    sheet.format === "survivor"
      ? Object.keys(draft).find((id) => !sheet.games.find((g) => g.gameId === id)?.locked)
      : undefined;
  const open = sheet.games.filter((g) => !g.locked && !(g.gameId in draft));
  const nextLock =
    open.length > 0
      ? formatKickoff(sheet.options.lock === "week" ? sheet.games[0]!.commenceTime : open[0]!.commenceTime)
      : null;
  const out = sheet.survivor !== null && !sheet.survivor.you.alive;

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const answer = await savePoolSheet(sheet.leagueId, sheet.week, sheetPayload(sheet, draft, tiebreaker));
      toast({ title: "Picks saved", description: neededText(answer, answer.needed, null) });
      onSaved(answer);
    } catch (error) {
      toast({
        title: "Error",
        description: errorText(error, "Your picks could not be saved."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="pool-sheet" onSubmit={save} aria-label={`Week ${sheet.week} picks`}>
      <p className="pool-needed" role="status">
        {out ? "You are out of this pool: no more picks." : neededText(sheet, needed, nextLock)}
      </p>
      {sheet.games.length === 0 ? <p className="muted">No games scheduled for this week</p> : null}
      <div className="pool-games">
        {sheet.games.map((game) => (
          <PoolGameRow
            key={game.gameId}
            sheet={sheet}
            game={out && !game.locked ? { ...game, locked: true } : game}
            pick={draft[game.gameId]}
            saved={saved.get(game.gameId)}
            group={sheet.format === "survivor" ? "pool-survivor" : `pool-${game.gameId}`}
            pointChoices={choices}
            onSide={(team) => setDraft((d) => chooseSide(sheet, d, game.gameId, team))}
            onPoints={(points) => setDraft((d) => setPoints(sheet, d, game.gameId, points))}
            onSwap={(from) =>
              setDraft((d) => {
                const points = d[game.gameId]?.points;
                return points == null ? d : setPoints(sheet, d, from, points);
              })
            }
          />
        ))}
      </div>
      {tiebreakGame ? (
        <div className="pool-tiebreaker">
          <Field
            id="pool-tiebreaker"
            label={`Tiebreaker: total points in ${tiebreakGame.awayTeam} at ${tiebreakGame.homeTeam}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={200}
            step={1}
            value={tiebreaker}
            disabled={tiebreakGame.locked}
            placeholder="e.g. 44"
            onChange={(event) => setTiebreaker(event.target.value)}
            hint="The week's last game. If you tie on points, the closest guess wins the week."
          />
        </div>
      ) : null}
      <footer className="pool-sheet-actions">
        {survivorPick ? (
          <button
            type="button"
            className="secondary outline"
            onClick={() => setDraft((d) => clearPick(sheet, d, survivorPick))}
          >
            Clear pick
          </button>
        ) : null}
        <button type="submit" disabled={pending || !dirty || out} aria-busy={pending || undefined}>
          {pending ? "Saving…" : "Save picks"}
        </button>
      </footer>
    </form>
  );
}
