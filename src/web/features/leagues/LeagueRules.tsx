import type { LeagueSummary } from "../../../shared/contract/leagues.ts";
import { dayText, moneyText } from "../../lib/league-text.ts";
import { RuleFacts } from "./RuleFacts.tsx";
import { poolRulesText } from "../../../shared/pools.ts";

/** The league's rules and, for a contest, its contest settings (spec §2 details dialog). */
export function LeagueRules({ league }: { league: LeagueSummary }) {
  return (
    <div className="league-rules">
      <section aria-labelledby="league-rules-title">
        <h3 id="league-rules-title">Rules</h3>
        {league.format !== "bets" && league.pool ? (
          <p className="league-pool-rules">{poolRulesText(league.format, league.pool)}</p>
        ) : null}
        <RuleFacts rules={league.rules} revealPicks={league.revealPicks} className="league-rule-list" />
      </section>
      {league.isContest ? (
        <section aria-labelledby="league-contest-title">
          <h3 id="league-contest-title">Contest settings</h3>
          <dl className="league-rule-list">
            <div>
              <dt>Starting bankroll</dt>
              <dd>{league.startingBankroll === null ? "Not set" : moneyText(league.startingBankroll)}</dd>
            </div>
            <div>
              <dt>Start date</dt>
              <dd>{league.startDate ? dayText(league.startDate) : "Not set"}</dd>
            </div>
            <div>
              <dt>End date</dt>
              <dd>{league.endDate ? dayText(league.endDate) : "Not set"}</dd>
            </div>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
