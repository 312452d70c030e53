import type { Bet } from "../../../shared/contract/betting.ts";
import type { Game } from "../../../shared/contract/games.ts";
import { stringToCents } from "../../../shared/money.ts";
import { CoverStatus } from "../../components/CoverStatus.tsx";
import { outcomeText } from "../../lib/format.ts";
import { dollars, formatOdds, pickText } from "../../lib/odds-format.ts";

function subject(bet: Bet): string | null {
  if (bet.betType === "prop") return bet.prop?.playerName ?? null;
  return bet.betType === "total" ? null : bet.selection;
}

/**
 * 'YOUR BET': what the player has on this game — to win while pending, how it ended once settled
 * ('WON +$90.91') — and, while the game is `live`, where each pending pick stands ('covering by 3.5').
 */
export function YourBet({ bets, live }: { bets: readonly Bet[]; live?: Game | null }) {
  return (
    <div className="your-bet">
      <span className="your-bet-tag">YOUR BET</span>
      <ul>
        {bets.map((bet) => {
          const units = Number(bet.units);
          const outcome = outcomeText(bet);
          return (
            <li key={bet.id}>
              <strong>{pickText({ ...bet, subject: subject(bet), propType: bet.prop?.propType })}</strong>
              <span className="your-bet-terms">
                {formatOdds(bet.odds)} · {units} {units === 1 ? "unit" : "units"} ·{" "}
                {outcome ? (
                  <span className={`your-bet-outcome outcome-${bet.status}`}>{outcome}</span>
                ) : (
                  `to win ${dollars(stringToCents(bet.potentialWin))}`
                )}
                {bet.league ? ` · ${bet.league.name}` : ""}
              </span>
              {live && bet.status === "pending" ? (
                <CoverStatus pick={{ ...bet, propType: bet.prop?.propType }} game={live} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
