import { useMemo, useState } from "react";
import type { Bet } from "../../../shared/contract/betting.ts";
import type { Game, LineChange, LineHistory } from "../../../shared/contract/games.ts";
import { Modal } from "../../components/Modal.tsx";
import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { apiGet } from "../../lib/api.ts";
import { keys, useQuery } from "../../lib/queries.ts";
import { CHART_MARKETS, type ChartMarket, lineSummary, marketSeries } from "./line-chart.ts";
import { LineChart } from "./LineChart.tsx";

/** Every page of a game's history (the API answers at most 1000 changes at a time). */
async function wholeHistory([, url]: readonly [string, string]): Promise<LineChange[]> {
  const changes: LineChange[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const page: LineHistory = await apiGet<LineHistory>(after === 0 ? url : `${url}?after=${after}`);
    changes.push(...page.changes);
    after = page.next;
  }
  return changes;
}

interface LineHistoryDialogProps {
  game: Game;
  /** The viewer's bets (all of them: a parlay may hold a leg on this game); none for a visitor. */
  bets: readonly Bet[] | undefined;
  onClose(): void;
}

/**
 * A game's line movement (issue 29): a chart per market from the opening to now or the close,
 * the viewer's bets marked on it, and the same in words. Loaded on first open, with the chart
 * library, so the Games screen's first visit carries neither.
 */
export default function LineHistoryDialog({ game, bets, onClose }: LineHistoryDialogProps) {
  const [market, setMarket] = useState<ChartMarket>("spreads");
  const history = useQuery<LineChange[]>(keys.lines(game.id), { fetcher: wholeHistory });
  const series = useMemo(
    () => (history.data ? marketSeries(history.data, market, game, bets ?? [], Date.now()) : null),
    [history.data, market, game, bets],
  );
  const titleId = `line-history-${game.id}`;
  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="line-history-dialog">
      <article>
        <header>
          <h2 id={titleId}>Line movement</h2>
          <p className="line-history-game">
            {game.awayTeam} @ {game.homeTeam}
          </p>
        </header>
        <SegmentedButtons<ChartMarket>
          label="Market"
          options={CHART_MARKETS.map((m) => ({ value: m.market, label: m.label }))}
          value={market}
          onChange={setMarket}
        />
        {history.error ? (
          <p role="alert">Could not load the line history. Close and try again.</p>
        ) : !history.data ? (
          <p aria-busy="true">Loading the line history…</p>
        ) : series ? (
          <>
            <LineChart series={series} />
            <p className="line-summary" aria-live="polite" data-testid="line-summary">
              {lineSummary(series)}
            </p>
            {series.bets.length > 0 ? (
              <p className="line-legend">
                <span className="line-legend-dot" aria-hidden="true" /> your bets, at the line and time they got
              </p>
            ) : null}
          </>
        ) : (
          <p className="line-summary" aria-live="polite" data-testid="line-summary">
            No line for this market yet.
          </p>
        )}
        <footer>
          <button type="button" className="secondary" onClick={onClose} data-autofocus>
            Close
          </button>
        </footer>
      </article>
    </Modal>
  );
}
