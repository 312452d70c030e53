import type { League } from "../../../shared/contract/leagues.ts";
import { allowedBetsText, wagerLimitText } from "../../lib/league-text.ts";

/** Allowed bets and wager limits, as the card and the details dialog both list them. */
export function RuleFacts({ rules, className }: { rules: League["rules"]; className: string }) {
  return (
    <dl className={className}>
      <div>
        <dt>Allowed bets</dt>
        <dd>{allowedBetsText(rules.allowedBetTypes)}</dd>
      </div>
      <div>
        <dt>Min wager</dt>
        <dd>{wagerLimitText(rules.minWager)}</dd>
      </div>
      <div>
        <dt>Max wager</dt>
        <dd>{wagerLimitText(rules.maxWager)}</dd>
      </div>
    </dl>
  );
}
