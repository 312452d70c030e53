import { centsToString } from "../../lib/money.ts";
import type { Bet } from "./model.ts";
import type { BetWithDetails } from "./repo.ts";
import { INDIVIDUAL_BOOK } from "./table.ts";

/** A bet as the API shows it (spec §3 Bet): money as numeric strings, the game and book beside it. */
export function toBet(row: BetWithDetails, leagueNames: ReadonlyMap<number, string> = new Map()): Bet {
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
    leagueId: row.book_id === INDIVIDUAL_BOOK ? null : row.book_id,
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
    },
    prop: row.player_name && row.prop_type ? { playerName: row.player_name, propType: row.prop_type } : null,
    league: row.book_id === INDIVIDUAL_BOOK ? null : { name: leagueNames.get(row.book_id) ?? "League" },
  };
}
