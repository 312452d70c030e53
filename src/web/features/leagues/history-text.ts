/** What a league's history says of each event (issue 40, decision 0062). Pure. */
import type { LeagueHistoryEntry } from "../../../shared/contract/league-history.ts";
import { noEarlierThan, REVEAL_PICKS_LABELS } from "../../../shared/league-reveal.ts";

type Who = { username: string } | null;

const name = (who: Who) => who?.username ?? "A deleted account";

/** One sentence for one event. */
export function historyText(entry: LeagueHistoryEntry): string {
  switch (entry.kind) {
    case "created":
      return `${name(entry.actor)} created the league.`;
    case "reveal_changed": {
      const change = `${name(entry.actor)} changed when picks show: “${REVEAL_PICKS_LABELS[entry.from]}” → “${REVEAL_PICKS_LABELS[entry.to]}”.`;
      return noEarlierThan(entry.to, entry.from)
        ? `${change} Every pick follows it from now on.`
        : `${change} Picks placed before the change keep “${REVEAL_PICKS_LABELS[entry.from]}”.`;
    }
    case "rules_changed":
      return `${name(entry.actor)} changed the ${listText(entry.fields)}.`;
    case "joined":
      return `${name(entry.member)} joined.`;
    case "left":
      return `${name(entry.member)} left.`;
    case "removed":
      return `${name(entry.actor)} removed ${name(entry.member)}.`;
    case "admin_appointed":
      return entry.actor === null
        ? `${name(entry.member)} became an admin (the league had none left).`
        : `${name(entry.actor)} made ${name(entry.member)} an admin.`;
    case "pool_pick_corrected":
      return `${name(entry.actor)} corrected ${name(entry.member)}'s pick on ${entry.matchup} (week ${entry.week}).`;
  }
}

/** "name", "name and visibility", "name, visibility and scoring". */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "settings";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
