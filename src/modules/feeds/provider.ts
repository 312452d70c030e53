/**
 * What the odds feed (modules/feeds) needs from a source of NFL data. The default, `embedded`, generates a
 * season offline; real providers (ESPN, The Odds API) implement the same contract.
 */

export type MarketType = "spreads" | "totals" | "h2h";

/** One priced outcome of a market (spec §3 Odds entry). Spread/h2h name a team; totals "Over"/"Under". */
export interface OddsOutcome {
  name: string;
  /** American odds, e.g. -110 or 145. */
  price: number;
  /** The line for spreads (this side's) and totals; absent for h2h. */
  point?: number;
  /** The feed gave the line but no price: `price` is the standard -110, not a quote. */
  assumed?: boolean;
}

export interface OddsMarket {
  marketType: MarketType;
  outcomes: OddsOutcome[];
}

export interface ProviderProp {
  /** Stable within the game, e.g. "jalen-hurts-passing_yards". */
  key: string;
  playerName: string;
  /** Abbreviation of the player's team. */
  team: string;
  /** snake_case; the screen shows underscores as spaces. */
  propType: string;
  line: number;
  overOdds: number;
  underOdds: number;
}

export interface ScheduledGame {
  /** The provider's own id for the game. */
  providerId: string;
  season: number;
  week: number;
  homeTeam: string;
  awayTeam: string;
  homeAbbr: string;
  awayAbbr: string;
  /** ISO-8601 UTC kick-off. */
  commenceTime: string;
  /** The provider reports the game under way or over (ESPN's state); absent when it cannot tell. */
  started?: boolean;
}

export interface GameOdds {
  providerId: string;
  odds: OddsMarket[];
  props: ProviderProp[];
}

/** A game's lines at each moment they moved (`PastLines`). */
export interface PastLines {
  providerId: string;
  snapshots: { at: string; odds: OddsMarket[] }[];
}

export interface PlayerStat {
  playerName: string;
  propType: string;
  value: number;
}

export interface GameResult {
  providerId: string;
  homeScore: number;
  awayScore: number;
  /** Stats for the props offered on the game; a player who did not play is absent. */
  playerStats: PlayerStat[];
  /**
   * True when this source has no player stats for the game (none given is then no sign that a
   * player sat out): its props stay pending until an admin gives their figures, never void.
   */
  statsUnknown?: boolean;
}

/** The running score of a game under way, as the source reports it (never a final: see `GameResult`). */
export interface LiveScore {
  providerId: string;
  homeScore: number;
  awayScore: number;
  /** Where the game stands, short: "Q3 - 4:12", "Halftime", "OT - 2:05"; null when the source does not say. */
  status: string | null;
}

/** Player figures of one finished game (see `PlayerStat`); a player who did not play is absent. */
export interface GameStats {
  providerId: string;
  playerStats: PlayerStat[];
}

/** What a provider knows of its own health, for logs and GET /api/health. */
export interface ProviderDiagnostics {
  /** Failures since the last call (HTTP errors, timeouts, bad answers); reading clears them. The sync backs off. */
  problems: string[];
  /** States worth showing that are not failures (a quota at its reserve, a box score not out yet); reading clears them. */
  notices?: string[];
  /**
   * Wrong data the source keeps answering (another season's events, no games at all): shown with
   * `ok: false` while it lasts, kept until it is read correctly, but no back-off — the source answers.
   */
  faults?: string[];
  /** Requests left in a metered plan, as the service last reported it; absent for unmetered sources. */
  requestsRemaining?: number | null;
}

export interface OddsProvider {
  readonly name: string;
  /** The season to show at `now`: the one in progress, else the next. */
  currentSeason(now: Date): Promise<number>;
  /** Every regular-season game of a season, with kick-offs but no prices. `now` lets a remote source decide what to re-read. */
  schedule(season: number, now?: Date): Promise<ScheduledGame[]>;
  /** Current lines and props for these games as of `now`. */
  odds(games: readonly ScheduledGame[], now: Date): Promise<GameOdds[]>;
  /** Final scores and player stats for the games among these that have finished by `now`. */
  results(games: readonly ScheduledGame[], now: Date): Promise<GameResult[]>;
  /**
   * Running scores of the games among these that are under way at `now` (kicked off, not final).
   * Absent: the source gives finals only, and games show no score until then.
   */
  liveScores?(games: readonly ScheduledGame[], now: Date): Promise<LiveScore[]>;
  /**
   * Figures for the props of finished games that still lack them (their results came with
   * `statsUnknown`); games whose figures are not out yet are left out. A remote source paces itself:
   * `more` says it held requests back and wants to be asked again soon. Absent: props wait for an admin.
   */
  playerStats?(games: readonly ScheduledGame[], now: Date): Promise<{ stats: GameStats[]; more: boolean }>;
  /**
   * The moves of these games' lines up to `now`, oldest first, the last one the current line: a
   * source that can tell its past (the embedded season) fills the line history of games it seeds.
   * Absent: a new game's history starts with the line it has at its first sync.
   */
  pastLines?(games: readonly ScheduledGame[], now: Date): Promise<PastLines[]>;
  /**
   * Remote providers only: what went wrong since the last call. A remote provider logs and skips
   * bad input and failed requests rather than throwing, so one outage never blocks the rest of a sync.
   */
  diagnostics?(): ProviderDiagnostics;
}
