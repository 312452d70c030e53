import type { Bet } from "../../../shared/contract/betting.ts";
import { useState } from "react";
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
  rowMatchupText,
  scoreText,
  signedDollars,
  stakeText,
  tone,
} from "./bet-text.ts";
import { LiveScore, livePicks } from "./LiveScore.tsx";
import { ParlayLegs, STATUS_NAMES } from "./ParlayLegs.tsx";

interface BetCardProps {
  bet: Bet;
  now: number;
  onEditNote(bet: Bet): void;
  onCancel(bet: Bet): void;
}

/** A pending bet can be cancelled until its game (a parlay: its first leg's game) kicks off; the server has the last word. */
function cancellable(bet: Bet, now: number): boolean {
  if (bet.status !== "pending") return false;
  const kickoffs = bet.legs ? bet.legs.map((leg) => leg.game.commenceTime) : [bet.game.commenceTime];
  return kickoffs.every((time) => new Date(time).getTime() > now);
}

/**
 * One bet of the tracker as a compact row — its state, the pick, type, week and book, and one
 * figure (what it made or lost once settled; what it stands to win while pending) — whose details
 * (game, legs, price, closing line, note, cancel) open on demand.
 */
export function BetCard({ bet, now, onEditNote, onCancel }: BetCardProps) {
  const [open, setOpen] = useState(false);
  const pick = pickText(bet);
  const score = scoreText(bet.game);
  const live = livePicks(bet);
  const titleId = `bet-${bet.id}-pick`;
  const detailsId = `bet-${bet.id}-details`;
  const settled = bet.status !== "pending" && bet.result !== null;
  // The closing line is recorded at kick-off; the card shows it once the bet is settled.
  const closing =
    bet.status !== "pending" && bet.closingLine !== null && bet.clv !== null
      ? { line: bet.closingLine, clv: bet.clv }
      : null;
  return (
    <article className={`bet-card bet-card-${bet.status}`} aria-labelledby={titleId}>
      <div className="bet-row">
        <div className="bet-row-text">
          <h2 className="bet-pick" id={titleId}>
            {pick}
          </h2>
          {/* One line at any width: the game, the price and when first (a phone shows only those), then the rest. */}
          <p className="bet-row-meta">
            <span className={`status-badge status-${bet.status}`}>{STATUS_NAMES[bet.status]}</span>
            <span className="bet-row-game">{rowMatchupText(bet)}</span>
            <span className="bet-row-when">
              {" · "}
              <span className="bet-row-odds">{oddsText(bet.odds)}</span>
              {" · "}
              <time className="bet-row-placed" dateTime={bet.placedAt} title={fullDateTime(bet.placedAt)}>
                {placedAgo(bet.placedAt, now)}
              </time>
            </span>
            <span className="bet-row-more">
              {" · "}
              <span className="bet-meta">
                {betTypeText(bet.betType)} · Week {bet.week}
              </span>
              {` · ${bet.units}u · ${bet.league?.name ?? "Individual"}`}
            </span>
          </p>
          {live.length > 0 ? (
            <p className="bet-row-live">
              {live.map(({ game, pick }) => (
                <LiveScore key={`${game.awayAbbr}@${game.homeAbbr}`} game={game} pick={pick} />
              ))}
            </p>
          ) : null}
        </div>
        {settled ? (
          <p className={`bet-result ${tone(Number(bet.result))}`}>
            <span className="visually-hidden">Result </span>
            {signedDollars(bet.result!)}
          </p>
        ) : (
          <p className="bet-to-win">
            <span className="bet-to-win-label">To win</span> {dollars(bet.potentialWin)}
          </p>
        )}
        {/* Stretched over the whole row, so a click anywhere on it opens the details. */}
        <button
          type="button"
          className="bet-row-toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`Details of ${pick}`}
          onClick={() => setOpen(!open)}
        />
      </div>

      <div className="bet-details" id={detailsId} hidden={!open}>
        {bet.legs ? null : (
          <p className="bet-game">
            <span>{matchupText(bet.game)}</span>
            {score ? (
              <span className="bet-score">
                {bet.status === "pending" ? "Score" : "Final"} {score}
                {bet.status === "pending" && bet.game.liveStatus ? ` · ${bet.game.liveStatus}` : null}
              </span>
            ) : (
              <span className="bet-kickoff">{kickoffText(bet.game.commenceTime)}</span>
            )}
          </p>
        )}
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
          {settled ? null : (
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
          <div className="bet-note-actions">
            {cancellable(bet, now) ? (
              <button
                type="button"
                className="secondary outline bet-cancel"
                onClick={() => onCancel(bet)}
                aria-label={`Cancel bet ${pick}`}
              >
                Cancel Bet
              </button>
            ) : null}
            <button
              type="button"
              className="secondary outline bet-note-edit"
              onClick={() => onEditNote(bet)}
              aria-label={`${bet.note ? "Edit" : "Add"} note for ${pick}`}
            >
              {bet.note ? "Edit Note" : "Add Note"}
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
