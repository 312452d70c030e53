import { leagueOf } from "../../shared/bets.ts";
import { centsToString } from "../../shared/money.ts";
import { closingLineValue } from "./clv.ts";
import type { Bet, BetLeg } from "../../shared/contract/betting.ts";
import type { BetWithDetails, LegWithDetails } from "./repo.ts";
import type { PricedGame, PricedMarket } from "./rules.ts";

/** Reads a game's closing odds (JSON) once per answer, however many of its bets the answer holds. */
export type ClosingOddsReader = (gameId: string, json: string | null) => readonly PricedMarket[] | null;

export function closingOddsReader(): ClosingOddsReader {
  const parsed = new Map<string, readonly PricedMarket[] | null>();
  return (gameId, json) => {
    if (!parsed.has(gameId)) parsed.set(gameId, json === null ? null : (JSON.parse(json) as PricedMarket[]));
    return parsed.get(gameId)!;
  };
}

/** What a bet's closing line needs of its row. */
export type ClosingFacts = Pick<
  BetWithDetails,
  | "game_id"
  | "closing_odds"
  | "home_team"
  | "away_team"
  | "bet_type"
  | "selection"
  | "prop_id"
  | "odds"
  | "point"
  | "closing_line"
  | "closing_over_odds"
  | "closing_under_odds"
>;

/** The bet's closing price and CLV, once its game has a closing line (clv.ts). */
export function closingOf(row: ClosingFacts, closingOdds: ClosingOddsReader): Pick<Bet, "closingLine" | "clv"> {
  const odds = closingOdds(row.game_id, row.closing_odds);
  if (odds === null) return { closingLine: null, clv: null };
  const game: PricedGame = {
    homeTeam: row.home_team,
    awayTeam: row.away_team,
    odds,
    playerProps:
      row.prop_id !== null &&
      row.closing_line !== null &&
      row.closing_over_odds !== null &&
      row.closing_under_odds !== null
        ? [
            {
              id: row.prop_id,
              line: row.closing_line,
              overOdds: row.closing_over_odds,
              underOdds: row.closing_under_odds,
            },
          ]
        : [],
  };
  const closing = closingLineValue(
    { betType: row.bet_type, selection: row.selection, propId: row.prop_id, odds: row.odds, point: row.point },
    game,
  );
  if (!closing) return { closingLine: null, clv: null };
  const { price } = closing;
  return {
    closingLine: { odds: String(price.odds), point: price.point === null ? null : String(price.point) },
    clv: closing.clv,
  };
}

/** A parlay's leg as the API shows it. */
export function toLeg(leg: LegWithDetails): BetLeg {
  return {
    gameId: leg.game_id,
    betType: leg.bet_type,
    selection: leg.selection,
    propId: leg.prop_id,
    odds: String(leg.odds),
    point: leg.point === null ? null : String(leg.point),
    status: leg.status,
    game: {
      awayTeam: leg.away_team,
      homeTeam: leg.home_team,
      awayAbbr: leg.away_abbr,
      homeAbbr: leg.home_abbr,
      commenceTime: leg.commence_time,
      homeScore: leg.home_score,
      awayScore: leg.away_score,
      liveStatus: leg.live_status,
    },
    prop: leg.player_name && leg.prop_type ? { playerName: leg.player_name, propType: leg.prop_type } : null,
  };
}

/**
 * A bet as the API shows it (spec §3 Bet): money as numeric strings, the game and book beside it,
 * and its closing line and CLV once the game has kicked off. Pass one `closingOdds` reader to
 * every bet of an answer so each game's closing odds are parsed once.
 */
export function toBet(
  row: BetWithDetails,
  leagueNames: ReadonlyMap<number, string> = new Map(),
  closingOdds: ClosingOddsReader = closingOddsReader(),
  /** A parlay's legs (with their games); ignored for single bets. */
  legs: readonly LegWithDetails[] = [],
): Bet {
  return {
    id: row.id,
    userId: row.user_id,
    gameId: row.game_id,
    betType: row.bet_type,
    selection: row.selection,
    propId: row.prop_id,
    odds: String(row.odds),
    point: row.point === null ? null : String(row.point),
    units: String(row.units),
    wagerAmount: centsToString(row.wager_cents),
    potentialWin: centsToString(row.potential_win_cents),
    confidence: row.confidence,
    note: row.note,
    leagueId: leagueOf(row.book_id),
    isParlay: row.is_parlay === 1,
    status: row.status,
    result: row.result_cents === null ? null : centsToString(row.result_cents),
    season: row.season,
    week: row.week,
    placedAt: row.placed_at,
    pricedAt: row.priced_at,
    settledAt: row.settled_at,
    game: {
      awayTeam: row.away_team,
      homeTeam: row.home_team,
      awayAbbr: row.away_abbr,
      homeAbbr: row.home_abbr,
      commenceTime: row.commence_time,
      homeScore: row.home_score,
      awayScore: row.away_score,
      liveStatus: row.live_status,
    },
    prop: row.player_name && row.prop_type ? { playerName: row.player_name, propType: row.prop_type } : null,
    league: leagueOf(row.book_id) === null ? null : { name: leagueNames.get(row.book_id) ?? "Deleted league" },
    ...closingOf(row, closingOdds),
    legs: row.is_parlay === 1 ? legs.map(toLeg) : null,
  };
}
