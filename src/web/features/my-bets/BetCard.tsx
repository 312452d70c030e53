import type { Bet } from "../../../shared/contract/betting.ts";
import {
  betTypeText,
  closingText,
  clvText,
  dollars,
  fullDateTime,
  kickoffText,
  matchupText,
  oddsText,
  pickText,
  placedAgo,
  scoreText,
  stakeText,
  tone,
} from "./bet-text.ts";
import { outcomeText } from "../../lib/format.ts";
import { ParlayLegs, STATUS_NAMES } from "./ParlayLegs.tsx";

interface BetCardProps {
  bet: Bet;
  now: number;
  onEditNote(bet: Bet): void;
}

/** One bet of the journal: the pick and its game (a parlay: its legs), the price and stake, the book, how it ended, and the note. */
export function BetCard({ bet, now, onEditNote }: BetCardProps) {
  const pick = pickText(bet);
  const score = scoreText(bet.game);
  // Settled: how it ended ('WON +$90.91') beside the pick, where a pending bet says what it is to win.
  const outcome = outcomeText(bet);
  const titleId = `bet-${bet.id}-pick`;
  // The closing line is recorded at kick-off; the card shows it once the bet is settled.
  const closing =
    bet.status !== "pending" && bet.closingLine !== null && bet.clv !== null
      ? { line: bet.closingLine, clv: bet.clv }
      : null;
  return (
    <article className={`bet-card bet-card-${bet.status}`} aria-labelledby={titleId}>
      <div className="bet-card-head">
        <p className="bet-meta">
          {betTypeText(bet.betType)} · Week {bet.week}
        </p>
        <span className={`status-badge status-${bet.status}`}>{STATUS_NAMES[bet.status]}</span>
      </div>
      <div className="bet-card-main">
        <h2 className="bet-pick" id={titleId}>
          {pick}
        </h2>
        {bet.status !== "pending" && bet.result !== null ? (
          <p className={`bet-result ${tone(Number(bet.result))}`}>
            <span className="visually-hidden">Result </span>
            {outcome}
          </p>
        ) : null}
        {bet.legs ? null : (
          <p className="bet-game">
            <span>{matchupText(bet.game)}</span>
            {score ? (
              <span className="bet-score">
                {bet.status === "pending" ? "Score" : "Final"} {score}
              </span>
            ) : (
              <span className="bet-kickoff">{kickoffText(bet.game.commenceTime)}</span>
            )}
          </p>
        )}
      </div>
      {bet.legs ? <ParlayLegs legs={bet.legs} /> : null}

      <dl className="bet-facts">
        <div>
          <dt>Odds</dt>
          <dd>{oddsText(bet.odds)}</dd>
        </div>
        <div>
          <dt>Stake</dt>
          <dd className="bet-stake">{stakeText(bet.units, bet.wagerAmount)}</dd>
        </div>
        {outcome ? null : (
          <div>
            <dt>To win</dt>
            <dd>{dollars(bet.potentialWin)}</dd>
          </div>
        )}
        {closing ? (
          <>
            <div className="bet-fact-closing">
              <dt>Closing</dt>
              <dd>{closingText(bet.betType, closing.line)}</dd>
            </div>
            <div>
              <dt>
                <abbr title="Closing-line value: the bet's expected return, in percent of the stake, had the closing line been the true price">
                  CLV
                </abbr>
              </dt>
              <dd className={`bet-clv ${tone(closing.clv)}`}>{clvText(closing.clv)}</dd>
            </div>
          </>
        ) : null}
        <div>
          <dt>Book</dt>
          <dd>{bet.league?.name ?? "Individual"}</dd>
        </div>
        <div>
          <dt>Placed</dt>
          <dd>
            <time dateTime={bet.placedAt} title={fullDateTime(bet.placedAt)}>
              {placedAgo(bet.placedAt, now)}
            </time>
          </dd>
        </div>
      </dl>

      <div className="bet-note">
        {bet.note ? (
          <p className="bet-note-text">{bet.note}</p>
        ) : (
          <p className="bet-note-text bet-note-empty">No note yet.</p>
        )}
        <button
          type="button"
          className="secondary outline bet-note-edit"
          onClick={() => onEditNote(bet)}
          aria-label={`${bet.note ? "Edit" : "Add"} note for ${pick}`}
        >
          {bet.note ? "Edit Note" : "Add Note"}
        </button>
      </div>
    </article>
  );
}
