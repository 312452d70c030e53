/**
 * When a league shows its members' picks to each other (decision 0056): 'kickoff' once every game a
 * pick rides on has kicked off, 'week_start' at its week's first kick-off, 'never'. The rule itself is
 * the feed's one query (betting/league-picks.ts `revealedPickIds`). Pure: the server and the league form share this.
 */

export const REVEAL_PICKS = ["kickoff", "week_start", "never"] as const;
export type RevealPicks = (typeof REVEAL_PICKS)[number];
export const DEFAULT_REVEAL_PICKS: RevealPicks = "kickoff";

/** What the league form's select and the league's rules say of each choice. */
export const REVEAL_PICKS_LABELS: Record<RevealPicks, string> = {
  kickoff: "At each game's kick-off",
  week_start: "At the week's first kick-off",
  never: "Never",
};

/**
 * A revealed pick may be tailed while its game has not kicked off, and only a straight pick: a tail
 * follows one pick at one price, and a parlay is revealed when its last leg kicks off (decision 0056).
 */
export function isTailable(pick: { isParlay: boolean; lastKickoff: string }, now: Date): boolean {
  return !pick.isParlay && Date.parse(pick.lastKickoff) > now.getTime();
}

/** The later a rule shows a pick, the stricter it is: the week's first kick-off, then each game's, then never. */
const STRICTNESS: Record<RevealPicks, number> = { week_start: 0, kickoff: 1, never: 2 };

/** The stricter of two rules: the one that shows a pick later. */
export function stricterReveal(a: RevealPicks, b: RevealPicks): RevealPicks {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}

/** A change of a league's reveal rule, from its history. */
export interface RevealChange {
  at: string;
  from: RevealPicks;
  to: RevealPicks;
}

/** Placement times `from` (inclusive) to `before` (exclusive), ISO-8601; "" and "~" stand for no bound. */
export interface PlacedRange {
  from: string;
  before: string;
}

/**
 * Which rule governs a pick, by when it was placed (decision 0062): the stricter of the rule in force
 * when it was placed and the league's rule now. So a rule made looser shows only picks placed after
 * the change, and a rule made stricter holds back every pick at once. Picks placed in a `never`
 * range never show, those in a `weekStart` range show at their week's first kick-off, all others at
 * their games' kick-off; null when the league's rule now is 'never' (nothing shows).
 */
export function revealWindows(
  current: RevealPicks,
  changes: readonly RevealChange[],
): { never: PlacedRange[]; weekStart: PlacedRange[] } | null {
  if (current === "never") return null;
  const sorted = [...changes].sort((a, b) => a.at.localeCompare(b.at));
  const periods =
    sorted.length === 0
      ? [{ from: "", before: "~", rule: current }]
      : [
          { from: "", before: sorted[0]!.at, rule: sorted[0]!.from },
          ...sorted.map((change, i) => ({ from: change.at, before: sorted[i + 1]?.at ?? "~", rule: change.to })),
        ];
  const windows = { never: [] as PlacedRange[], weekStart: [] as PlacedRange[] };
  for (const period of periods) {
    const rule = stricterReveal(period.rule, current);
    if (rule === "kickoff" || period.from === period.before) continue;
    const list = rule === "never" ? windows.never : windows.weekStart;
    const last = list.at(-1);
    if (last && last.before === period.from) last.before = period.before;
    else list.push({ from: period.from, before: period.before });
  }
  return windows;
}

/** What the invite landing and the joined screen say of a league's reveal rule (issue 40). */
export function revealPromise(rule: RevealPicks): string {
  if (rule === "never") return "This league never shows members' picks to each other.";
  const when = rule === "kickoff" ? "at each game's kick-off" : "at the week's first kick-off";
  return `Members' picks show to the league ${when}. It never shows a pick you placed before joining.`;
}
