import type { Bet } from "../../../shared/contract/betting.ts";
import { stringToCents } from "../../../shared/money.ts";
import { dollars, formatOdds, pickText } from "../../lib/odds-format.ts";

function subject(bet: Bet): string | null {
  if (bet.betType === "prop") return bet.prop?.playerName ?? null;
  return bet.betType === "total" ? null : bet.selection;
}

/** 'YOUR BET': what the player already has on this game (only games not completed are listed, so bets still to settle). */
export function YourBet({ bets }: { bets: readonly Bet[] }) {
  return (
    <div className="your-bet">
      <span className="your-bet-tag">YOUR BET</span>
      <ul>
        {bets.map((bet) => {
          const units = Number(bet.units);
          return (
            <li key={bet.id}>
              <strong>{pickText({ ...bet, subject: subject(bet), propType: bet.prop?.propType })}</strong>
              <span className="your-bet-terms">
                {formatOdds(bet.odds)} · {units} {units === 1 ? "unit" : "units"} · to win{" "}
                {dollars(stringToCents(bet.potentialWin))}
                {bet.league ? ` · ${bet.league.name}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
