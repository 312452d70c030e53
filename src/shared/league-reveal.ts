/**
 * When a league shows its members' picks to each other (decisions 0056, 0062, 0071): 'kickoff' once
 * every game a pick rides on has kicked off, 'picked' to a member who has picked that game too (and
 * to everyone at kick-off), 'week_start' at its week's first kick-off, 'never'. The rule itself is the
 * feed's one query (betting/league-picks.ts `revealedPickIds`). Pure: the server and the league form share this.
 */

export const REVEAL_PICKS = ["kickoff", "picked", "week_start", "never"] as const;
export type RevealPicks = (typeof REVEAL_PICKS)[number];
export const DEFAULT_REVEAL_PICKS: RevealPicks = "kickoff";

/** What the league form's select and the league's rules say of each choice. */
export const REVEAL_PICKS_LABELS: Record<RevealPicks, string> = {
  kickoff: "At each game's kick-off",
  picked: "Once you've picked that game",
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

/**
 * Whether rule `a` never shows a pick to anyone earlier than rule `b` would: 'never' shows none, and
 * "each game's kick-off" shows none before "the week's first kick-off" or "once you've picked" would.
 */
export function noEarlierThan(a: RevealPicks, b: RevealPicks): boolean {
  return a === b || a === "never" || (a === "kickoff" && (b === "picked" || b === "week_start"));
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

/** The placement times another rule than today's governed, and that rule. */
export interface EarlierRule {
  rule: RevealPicks;
  ranges: PlacedRange[];
}

/**
 * Which rules govern a pick, by when it was placed (decision 0062): both the rule in force when it was
 * placed and the league's rule now must show it. So a rule made looser shows only picks placed after
 * the change, and a rule made stricter holds back every pick at once. `earlier` lists the rules other
 * than today's that governed some placement times, with those times; null when the league's rule now
 * is 'never' (nothing shows).
 */
export function revealWindows(
  current: RevealPicks,
  changes: readonly RevealChange[],
): { current: RevealPicks; earlier: EarlierRule[] } | null {
  if (current === "never") return null;
  const sorted = [...changes].sort((a, b) => a.at.localeCompare(b.at));
  const periods =
    sorted.length === 0
      ? []
      : [
          { from: "", before: sorted[0]!.at, rule: sorted[0]!.from },
          ...sorted.map((change, i) => ({ from: change.at, before: sorted[i + 1]?.at ?? "~", rule: change.to })),
        ];
  const earlier = new Map<RevealPicks, PlacedRange[]>();
  for (const period of periods) {
    // A period whose rule shows nothing earlier than today's adds no condition of its own.
    if (noEarlierThan(current, period.rule) || period.from === period.before) continue;
    const ranges = earlier.get(period.rule) ?? [];
    const last = ranges.at(-1);
    if (last && last.before === period.from) last.before = period.before;
    else ranges.push({ from: period.from, before: period.before });
    earlier.set(period.rule, ranges);
  }
  return { current, earlier: [...earlier].map(([rule, ranges]) => ({ rule, ranges })) };
}

/** What the invite landing and the joined screen say of a league's reveal rule (issue 40). */
export function revealPromise(rule: RevealPicks): string {
  if (rule === "never") return "This league never shows members' picks to each other.";
  const when = {
    kickoff: "at each game's kick-off",
    picked: "to a member once they have picked that game too, and to everyone at its kick-off",
    week_start: "at the week's first kick-off",
  }[rule];
  return `Members' picks show to the league ${when}. It never shows a pick you placed before joining.`;
}

/** The rule in force at `at` in a league whose rule is `current` now, by its changes. */
export function ruleAt(current: RevealPicks, changes: readonly RevealChange[], at: string): RevealPicks {
  const sorted = [...changes].sort((a, b) => a.at.localeCompare(b.at));
  if (sorted.length === 0) return current;
  const last = sorted.filter((c) => c.at <= at).at(-1);
  return last ? last.to : sorted[0]!.from;
}

/**
 * When a pick not shown yet will show to everyone: the latest of what each rule that governs it says
 * (its last game's kick-off, or its week's first kick-off); null when one of them is 'never'.
 */
export function revealTime(
  rules: readonly RevealPicks[],
  times: { lastKickoff: string; weekStart: string },
): string | null {
  let latest = 0;
  for (const rule of rules) {
    if (rule === "never") return null;
    latest = Math.max(latest, Date.parse(rule === "week_start" ? times.weekStart : times.lastKickoff));
  }
  return new Date(latest).toISOString();
}
