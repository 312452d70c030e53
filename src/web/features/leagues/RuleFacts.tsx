import type { League } from "../../../shared/contract/leagues.ts";
import { REVEAL_PICKS_LABELS, type RevealPicks } from "../../../shared/league-reveal.ts";
import { allowedBetsText, wagerLimitText } from "../../lib/league-text.ts";

/** Allowed bets and wager limits, as the card and the details dialog both list them. */
export function RuleFacts({
  rules,
  revealPicks,
  className,
}: {
  rules: League["rules"];
  /** When members' picks show (the details dialog says it; the card leaves it out). */
  revealPicks?: RevealPicks;
  className: string;
}) {
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
      {revealPicks ? (
        <div>
          <dt>Picks shown</dt>
          <dd>{REVEAL_PICKS_LABELS[revealPicks]}</dd>
        </div>
      ) : null}
    </dl>
  );
}
