/**
 * The league standings' ranking rule, pure (decision 0058): members' per-week figures and the league's
 * scoring settings in, ordered rows with their rank out. Weekly standings rank one week; season
 * standings add each member's weeks up after dropping their worst N.
 */
import type { Scoring, ScoringSettings, Tiebreaker } from "../../shared/league-scoring.ts";

/** Counted, settled bets added up: a member's week, or their season. */
export interface Figures {
  settled: number;
  won: number;
  lost: number;
  wageredCents: number;
  profitCents: number;
  /** Sum and count of the CLV (percent) of the bets that have a closing line. */
  clvSum: number;
  clvCount: number;
  /** The latest settlement of a won bet; of a won or lost bet; of any bet (ISO times; null for none). */
  lastWinAt: string | null;
  lastMoveAt: string | null;
  lastSettledAt: string | null;
}

/** One member's counted, settled bets in one week (of one season). */
export interface MemberWeek extends Figures {
  userId: number;
  season: number;
  week: number;
}

export interface RankedRow extends Figures {
  userId: number;
  /** Null: listed below the ranked members, for `unranked`. */
  rank: number | null;
  unranked: string | null;
  /** The tiebreaker that put this member below the one listed above, when their scores tie. */
  tiebreak: Tiebreaker | null;
  /** Season standings: the weeks ("season-week") left out as this member's worst. */
  droppedWeeks: string[];
}

const ZERO: Figures = {
  settled: 0,
  won: 0,
  lost: 0,
  wageredCents: 0,
  profitCents: 0,
  clvSum: 0,
  clvCount: 0,
  lastWinAt: null,
  lastMoveAt: null,
  lastSettledAt: null,
};

const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a > b ? a : b);

function add(a: Figures, b: Figures): Figures {
  return {
    settled: a.settled + b.settled,
    won: a.won + b.won,
    lost: a.lost + b.lost,
    wageredCents: a.wageredCents + b.wageredCents,
    profitCents: a.profitCents + b.profitCents,
    clvSum: a.clvSum + b.clvSum,
    clvCount: a.clvCount + b.clvCount,
    lastWinAt: later(a.lastWinAt, b.lastWinAt),
    lastMoveAt: later(a.lastMoveAt, b.lastMoveAt),
    lastSettledAt: later(a.lastSettledAt, b.lastSettledAt),
  };
}

const roiRatio = (f: Figures) => (f.wageredCents === 0 ? 0 : f.profitCents / f.wageredCents);
const winRatio = (f: Figures) => (f.settled === 0 ? 0 : f.won / f.settled);

/** The member's score under a scoring; higher ranks first. */
function score(scoring: Scoring, f: Figures): number {
  if (scoring === "roi") return roiRatio(f);
  if (scoring === "wins") return f.won;
  return f.profitCents;
}

/**
 * When the member reached their final figure: the settlement that last changed it. Units move on a
 * win or a loss (a push or void changes nothing), wins only on a win, ROI on any settlement (a push
 * adds to the stake). Null: never moved, i.e. at zero from the start, which is earliest of all.
 */
export function reachedAt(scoring: Scoring, f: Figures): string | null {
  if (scoring === "wins") return f.lastWinAt;
  if (scoring === "roi") return f.lastSettledAt;
  return f.lastMoveAt;
}

/** Negative when `a` goes first on this tiebreaker; 0 when it does not separate them. */
function compareOn(tiebreaker: Tiebreaker, scoring: Scoring, a: Figures, b: Figures): number {
  switch (tiebreaker) {
    case "roi":
      return roiRatio(b) - roiRatio(a);
    case "winRate":
      return winRatio(b) - winRatio(a);
    case "fewerBets":
      return a.settled - b.settled;
    case "moreBets":
      return b.settled - a.settled;
    case "earliest": {
      const [x, y] = [reachedAt(scoring, a), reachedAt(scoring, b)];
      if (x === y) return 0;
      if (x === null) return -1;
      if (y === null) return 1;
      return x < y ? -1 : 1;
    }
    case "clv": {
      // Members without a closing line to compare go after those with one.
      if (a.clvCount === 0 || b.clvCount === 0) return (a.clvCount === 0 ? 1 : 0) - (b.clvCount === 0 ? 1 : 0);
      return b.clvSum / b.clvCount - a.clvSum / a.clvCount;
    }
  }
}

/** The first tiebreaker that separates two members whose scores tie, with its verdict. */
function tiebreakBetween(settings: ScoringSettings, a: Figures, b: Figures): { by: Tiebreaker; order: number } | null {
  for (const by of settings.tiebreakers) {
    const order = compareOn(by, settings.scoring, a, b);
    if (order !== 0) return { by, order };
  }
  return null;
}

function compare(settings: ScoringSettings, a: Figures, b: Figures): number {
  return score(settings.scoring, b) - score(settings.scoring, a) || (tiebreakBetween(settings, a, b)?.order ?? 0);
}

type Entry = { userId: number; figures: Figures; unranked: string | null; droppedWeeks: string[] };

/**
 * Ranked members first, by score then the tiebreakers in order; members still tied share a rank and
 * keep the order given (the league's members, longest-standing first: never alphabetical). Unranked
 * members follow, in the same order, without a rank.
 */
function rank(settings: ScoringSettings, entries: Entry[]): RankedRow[] {
  const ranked = entries.filter((e) => e.unranked === null);
  ranked.sort((a, b) => compare(settings, a.figures, b.figures)); // stable: ties keep member order
  const rows: RankedRow[] = [];
  let place = 0;
  ranked.forEach((e, i) => {
    const above = ranked[i - 1];
    const tied = above !== undefined && compare(settings, above.figures, e.figures) === 0;
    if (!tied) place = i + 1;
    const scoresTie =
      above !== undefined && score(settings.scoring, above.figures) === score(settings.scoring, e.figures);
    rows.push({
      ...e.figures,
      userId: e.userId,
      rank: place,
      unranked: null,
      tiebreak: scoresTie && !tied ? (tiebreakBetween(settings, above.figures, e.figures)?.by ?? null) : null,
      droppedWeeks: e.droppedWeeks,
    });
  });
  for (const e of entries.filter((x) => x.unranked !== null))
    rows.push({
      ...e.figures,
      userId: e.userId,
      rank: null,
      unranked: e.unranked,
      tiebreak: null,
      droppedWeeks: e.droppedWeeks,
    });
  return rows;
}

function figuresOf(w: MemberWeek): Figures {
  const { userId: _u, season: _s, week: _w, ...figures } = w;
  return figures;
}

const settledBets = (n: number) => `${n} settled ${n === 1 ? "bet" : "bets"}`;

const roiShortfall = (settings: ScoringSettings, f: Figures) =>
  settings.scoring === "roi" && f.settled < settings.roiMinBets
    ? `Fewer than ${settledBets(settings.roiMinBets)} for ROI`
    : null;

/**
 * One week's standings: each member's figures in that week. A member with fewer settled bets than
 * the week's minimum, or than ROI scoring's minimum, is listed unranked with the reason.
 */
export function weeklyStandings(
  settings: ScoringSettings,
  memberIds: readonly number[],
  weekFigures: readonly MemberWeek[],
): RankedRow[] {
  const byMember = new Map(weekFigures.map((w) => [w.userId, figuresOf(w)]));
  return rank(
    settings,
    memberIds.map((userId) => {
      const figures = byMember.get(userId) ?? ZERO;
      const unranked =
        figures.settled < settings.minBetsPerWeek
          ? `Fewer than ${settledBets(settings.minBetsPerWeek)} this week`
          : roiShortfall(settings, figures);
      return { userId, figures, unranked, droppedWeeks: [] };
    }),
  );
}

const weekKey = (w: { season: number; week: number }) => `${w.season}-${w.week}`;

/** How bad a week is for the season: lower is worse (units and ROI lose money; wins count wins, then fewer losses). */
function weekWorth(scoring: Scoring, f: Figures): [number, number] {
  return scoring === "wins" ? [f.won, -f.lost] : [f.profitCents, 0];
}

/**
 * The season standings: each member's weeks added up, their worst `dropWorstWeeks` left out. The
 * weeks a member may drop are all the league's weeks (those with any counted bet), a week the member
 * did not bet counting as zero, so skipping a week is dropped before a played one. Of equally bad
 * weeks the earliest is dropped. Weeks are dropped only once the league has played more weeks than
 * it drops (issue 44: before that, every week counts, as the footnote says). The week minimum does not apply (every week counts, so stopping
 * after a bad start of a week gains nothing); ROI's minimum applies to the season's bets.
 */
export function seasonStandings(
  settings: ScoringSettings,
  memberIds: readonly number[],
  weekFigures: readonly MemberWeek[],
): RankedRow[] {
  const leagueWeeks = [...new Map(weekFigures.map((w) => [weekKey(w), w])).values()]
    .sort((a, b) => a.season - b.season || a.week - b.week)
    .map(weekKey);
  const weeksOf = Map.groupBy(weekFigures, (w) => w.userId);
  return rank(
    settings,
    memberIds.map((userId) => {
      const own = new Map((weeksOf.get(userId) ?? []).map((w) => [weekKey(w), figuresOf(w)]));
      const weeks = leagueWeeks.map((key) => ({ key, figures: own.get(key) ?? ZERO }));
      const worstFirst = [...weeks].sort((a, b) => {
        const [x, y] = [weekWorth(settings.scoring, a.figures), weekWorth(settings.scoring, b.figures)];
        return x[0] - y[0] || x[1] - y[1]; // stable: the earliest of equal weeks first
      });
      const drop = leagueWeeks.length > settings.dropWorstWeeks ? settings.dropWorstWeeks : 0;
      const dropped = new Set(worstFirst.slice(0, drop).map((w) => w.key));
      const figures = weeks.filter((w) => !dropped.has(w.key)).reduce((sum, w) => add(sum, w.figures), ZERO);
      return {
        userId,
        figures,
        unranked: roiShortfall(settings, figures),
        droppedWeeks: leagueWeeks.filter((key) => dropped.has(key)),
      };
    }),
  );
}
