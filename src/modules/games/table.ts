import type { Generated, Selectable } from "kysely";

export interface GamesTable {
  /** The provider's id for the game. */
  id: string;
  provider: string;
  season: number;
  week: number;
  home_team: string;
  away_team: string;
  home_abbr: string;
  away_abbr: string;
  /** ISO-8601 UTC. */
  commence_time: string;
  /** The running score while the game is under way (as the feed last gave it); final once completed_at is set. */
  home_score: number | null;
  away_score: number | null;
  /** The feed's short status of a game under way ("Q3 - 4:12", "Halftime"); null otherwise. */
  live_status: Generated<string | null>;
  /** Set when the game got its final score; live/upcoming follow from the clock. */
  completed_at: string | null;
  /** Who gave the final score; a provider never overwrites an admin's. */
  resolved_by: "provider" | "admin" | null;
  /** JSON OddsMarket[]. */
  odds: Generated<string>;
  odds_updated_at: string | null;
  /** JSON OddsMarket[]: the line the game held at kick-off; null until it starts (or if it never had odds). */
  closing_odds: string | null;
}

export interface GamePropsTable {
  id: Generated<number>;
  game_id: string;
  /** The provider's stable key within the game. */
  key: string;
  player_name: string;
  team: string;
  prop_type: string;
  line: number;
  over_odds: number;
  under_odds: number;
  /** The player's final figure for prop_type; null until known. */
  stat_value: number | null;
  /** 1 when the player did not play: bets on the prop are void. */
  did_not_play: Generated<number>;
  /** The line and prices at kick-off, recorded with the game's closing_odds; null until then. */
  closing_line: number | null;
  closing_over_odds: number | null;
  closing_under_odds: number | null;
}

export type GameRow = Selectable<GamesTable>;
export type GamePropRow = Selectable<GamePropsTable>;

/** One change of one selection's line, as a provider sync saw it (not a snapshot per sync). */
export interface LineChangesTable {
  id: Generated<number>;
  game_id: string;
  /** "spreads" | "totals" | "h2h". */
  market: string;
  /** The team (spread, moneyline) or "Over"/"Under" (total). */
  selection: string;
  /** null for a moneyline. */
  point: number | null;
  price: number;
  /** ISO-8601 UTC: the sync (or, for a provider that tells its past, the move) that saw it. */
  changed_at: string;
  /** The provider that reported it. */
  source: string;
}
