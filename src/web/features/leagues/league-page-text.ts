/** The league page's words (issue 44): the rules in one line, a member's trace on a game. Pure. */
import type { MemberOnGame } from "../../../shared/contract/league-feed.ts";
import type { LeagueSummary } from "../../../shared/contract/leagues.ts";
import { SCORING_LABELS } from "../../../shared/league-scoring.ts";
import { REVEAL_PICKS_LABELS } from "../../../shared/league-reveal.ts";
import { poolRulesText } from "../../../shared/pools.ts";
import { allowedBetsText, moneyText } from "../../lib/league-text.ts";

const lowerFirst = (text: string) => (text === "ROI" ? text : text.charAt(0).toLowerCase() + text.slice(1));

/**
 * "Ranked by units won · Picks shown at each game's kick-off · Spread, Total, Moneyline" (a contest adds
 * its bankroll); a pool: its format, how it scores and when it locks.
 */
export function rulesLine(
  league: Pick<
    LeagueSummary,
    "format" | "pool" | "scoring" | "revealPicks" | "rules" | "isContest" | "startingBankroll"
  >,
): string {
  if (league.format !== "bets" && league.pool) return poolRulesText(league.format, league.pool);
  const shown =
    league.revealPicks === "never"
      ? "Picks never shown"
      : `Picks shown ${lowerFirst(REVEAL_PICKS_LABELS[league.revealPicks])}`;
  return [
    `Ranked by ${lowerFirst(SCORING_LABELS[league.scoring.scoring])}`,
    shown,
    allowedBetsText(league.rules.allowedBetTypes),
    league.isContest && league.startingBankroll !== null ? `${moneyText(league.startingBankroll)} bankroll` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * What a member's trace on a game says before its time (issue 44 item 2), never the pick: "no pick",
 * "picked", "picked · in Picks" once shown; the time a hidden pick shows follows ("· shows at …").
 */
export function traceWords(member: Pick<MemberOnGame, "state" | "showsAt">): { text: string; showsAt: string | null } {
  switch (member.state) {
    case "none":
      return { text: "no pick", showsAt: null };
    case "shown":
      return { text: "picked · in Picks", showsAt: null };
    default: {
      const who = member.state === "mine" ? "your pick" : "picked";
      return member.showsAt === null
        ? { text: `${who} · never shown`, showsAt: null }
        : { text: `${who} · shows at`, showsAt: member.showsAt };
    }
  }
}
