/**
 * Pools (issue 45, decision 0072): a league's format and its options, shared by the server
 * (validation, scoring) and the league form. `bets` is a league of priced bets (today's leagues);
 * the others are sheets of picks scored from the real lines.
 */

export const FORMATS = ["bets", "pickem", "confidence", "survivor"] as const;
export type LeagueFormat = (typeof FORMATS)[number];
export type PoolFormat = Exclude<LeagueFormat, "bets">;

export const FORMAT_LABELS: Record<LeagueFormat, string> = {
  bets: "Bets",
  pickem: "Pick'em",
  confidence: "Confidence pool",
  survivor: "Survivor",
};

/** What a pool's sheet asks of each member, in a sentence. */
export const FORMAT_DESCRIPTIONS: Record<LeagueFormat, string> = {
  bets: "Members place priced bets; the standings count the ones that fit the rules.",
  pickem: "Pick every game of the week; a correct pick scores 1, a push half.",
  confidence: "Pick every game and rank your picks 1 to N; a correct pick scores its points.",
  survivor: "One team a week, each team once a season; a loss knocks you out.",
};

export const isPool = (format: LeagueFormat): format is PoolFormat => format !== "bets";

/**
 * A pool's options (one object for every format; each format reads its own fields):
 * - `lock`: picks lock at each game's kick-off, or all at the week's first kick-off.
 * - `against`: pick'em and confidence picks straight up, or against the spread (frozen when picked).
 * - `priced`: a correct straight-up pick scores its price at the moment of the pick (+250 → 2.5).
 * - `tiebreaker`: each member guesses the total points of the week's last game; the closest wins a tied week.
 * - `tieIs`: in survivor, whether a tied game advances ("win") or counts as a loss.
 * - `strikes`: in survivor, losses a member may take before the next one eliminates (0–2).
 * - `autoPick`: in survivor, a member with no pick gets the largest home favourite still open.
 */
export interface PoolOptions {
  lock: "game" | "week";
  against: "straight" | "spread";
  priced: boolean;
  tiebreaker: boolean;
  tieIs: "win" | "loss";
  strikes: number;
  autoPick: boolean;
}

export const MAX_STRIKES = 2;

export const DEFAULT_POOL: PoolOptions = {
  lock: "game",
  against: "straight",
  priced: false,
  tiebreaker: true,
  tieIs: "win",
  strikes: 0,
  autoPick: false,
};

/** The options a format reads, in the order the form shows them. */
export const OPTIONS_OF: Record<PoolFormat, readonly (keyof PoolOptions)[]> = {
  pickem: ["lock", "against", "priced", "tiebreaker"],
  confidence: ["lock", "against", "priced", "tiebreaker"],
  survivor: ["lock", "tieIs", "strikes", "autoPick"],
};

/** The options as stored and answered: every field, the format's own as given, the others at their default. */
export function poolOptionsOf(format: PoolFormat, given: Partial<PoolOptions>): PoolOptions {
  const options = { ...DEFAULT_POOL };
  for (const key of OPTIONS_OF[format]) {
    const value = given[key];
    if (value !== undefined) (options as Record<string, unknown>)[key] = value;
  }
  return options;
}

/** The first problem with a pool's options, naming the field; null when fine. */
export function poolProblem(format: PoolFormat, o: PoolOptions): { field: string; message: string } | null {
  if (!Number.isInteger(o.strikes) || o.strikes < 0 || o.strikes > MAX_STRIKES)
    return { field: "pool.strikes", message: `pool.strikes: must be a whole number from 0 to ${MAX_STRIKES}` };
  if (format !== "survivor" && o.priced && o.against === "spread")
    return { field: "pool.priced", message: "pool.priced: priced scoring needs straight-up picks" };
  return null;
}

/** The American price as a profit per point staked: +250 → 2.5, −400 → 0.25 (null: no price, worth 1). */
export function priceMultiplier(odds: number | null): number {
  if (odds === null) return 1;
  return odds > 0 ? odds / 100 : 100 / -odds;
}

/** The chance an American price implies (no margin removed): −400 → 0.8, +250 → 0.2857; no price → 0.5. */
export function impliedProbability(odds: number | null): number {
  if (odds === null) return 0.5;
  return odds > 0 ? 100 / (odds + 100) : -odds / (-odds + 100);
}

/** Scores are kept in hundredths of a point (a priced pick's 2.5 is 250), shown with up to two decimals. */
export const SCORE_SCALE = 100;

/** What a correct pick scores, in hundredths: its confidence points (or 1), times its price when the pool is priced. */
export function pickWorth(
  options: Pick<PoolOptions, "priced" | "against">,
  points: number | null,
  odds: number | null,
) {
  const base = points ?? 1;
  const priced = options.priced && options.against === "straight";
  return Math.round(base * SCORE_SCALE * (priced ? priceMultiplier(odds) : 1));
}

/** 250 → "2.5", 1200 → "12", 33 → "0.33". */
export function scoreText(hundredths: number): string {
  return String(Math.round(hundredths) / SCORE_SCALE);
}

/** "1 pick", "3 picks". */
export const picksText = (n: number) => (n === 1 ? "1 pick" : `${n} picks`);

/** "Pick'em · straight up, scored by the price · each game locks at its kick-off". */
export function poolRulesText(format: PoolFormat, options: PoolOptions): string {
  const lock =
    options.lock === "week" ? "every pick locks at the week's first kick-off" : "each game locks at its kick-off";
  if (format === "survivor") {
    const strikes = options.strikes === 0 ? "one loss and you're out" : `${options.strikes + 1} losses and you're out`;
    const tie = options.tieIs === "win" ? "a tie advances" : "a tie counts as a loss";
    const auto = options.autoPick ? "a forgotten week gets the largest home favourite" : null;
    return [FORMAT_LABELS[format], "one team a week, each team once", strikes, tie, auto, lock]
      .filter(Boolean)
      .join(" · ");
  }
  const against = options.against === "spread" ? "against the spread" : "straight up";
  const priced = options.priced && options.against === "straight" ? ", scored by the price" : "";
  const tiebreaker = options.tiebreaker ? "tiebreaker: the last game's total" : null;
  return [FORMAT_LABELS[format], `${against}${priced}`, tiebreaker, lock].filter(Boolean).join(" · ");
}
