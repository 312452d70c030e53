/**
 * The placement core (DESIGN "Betting"): what a single bet (`placeBet`) and a parlay (`placeParlay`)
 * share — admission, the locks, the league's rules, its bankroll, the row and the answer. Each kind
 * brings its own pricing and what counts as the same bet twice, as a `Ticket`.
 */
import { type Db, groupCommit, isUniqueViolation, type LockIntent } from "../../runtime/index.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { bookOf } from "../../shared/bets.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import { availableCents, leagueBetProblem, type LeaguePick } from "../../shared/leagues.ts";
import { centsToString, wagerCents } from "../../shared/money.ts";
import { controlCharacterProblem } from "../../shared/text.ts";
import type { gameForBetting } from "../games/service.ts";
import { leagues } from "./leagues-port.ts";
import { settledProfitCents } from "../stats/service.ts";
import { toBet } from "./present.ts";
import * as repo from "./repo.ts";
import type { BetRow } from "./table.ts";

/** Runs first in a placement's transaction: the caller's budget (a rate limit) that may refuse it (429). */
export type Admit = (trx: Db) => Promise<void>;

/**
 * What the route adds to a change's own transaction: its budget first, and last a record of its
 * answer (an Idempotency-Key's), which commits with the change or not at all.
 */
export interface InCommit<T> {
  admit?: Admit;
  record?: (trx: Db, answer: T) => Promise<void>;
}

/** A game as placement reads it (in the write transaction), with its prices. */
export type BettingGame = Awaited<ReturnType<typeof gameForBetting>>["game"];

/** What the player asked for, whatever the kind of bet. */
export interface Stake {
  leagueId?: number | null;
  units: number;
  confidence?: "low" | "medium" | "high" | null;
  note?: string | null;
}

/** A bet priced from the current odds: what its row says beyond the stake, and what the answer shows. */
export interface Priced {
  /** The game the row is on (a parlay's: the leg kicking off last), giving it its week and its details. */
  game: BettingGame;
  /** What the league's rules check, in order (the first problem is the answer). */
  picks: readonly LeaguePick[];
  row: Pick<
    BetRow,
    | "bet_type"
    | "selection"
    | "prop_id"
    | "odds"
    | "point"
    | "potential_win_cents"
    | "is_parlay"
    | "priced_at"
    | "parlay_key"
  > &
    Partial<Pick<BetRow, "tailed_from_bet_id">>;
  /** A prop bet's player and stat, for the answer. */
  prop?: { playerName: string; propType: string };
  /** Written after the row (a parlay's legs); gives what the answer shows of them. */
  writeLegs?: (trx: Db, betId: number) => Promise<Parameters<typeof toBet>[3]>;
}

/** One kind of bet, as the placement core takes it. */
export interface Ticket {
  /** The games none of whose settlements may run beside this placement. */
  gameIds: readonly string[];
  /** Reads the games under the locks and prices the bet; refuses a locked game, an unknown pick or a moved price. */
  price(trx: Db, wagerCents: number): Promise<Priced>;
  /** The bet in the book this one would repeat, if any. */
  existing(trx: Db, bookId: number): Promise<Pick<BetRow, "id" | "status" | "wager_cents" | "note"> | undefined>;
  /** Whether the existing bet is replaced (while pending) instead of refused. */
  replace: boolean;
  /** Whether a replacement without a note of its own keeps the replaced bet's note. */
  keepNote?: boolean;
  /** What the same bet twice in one book answers (409). */
  duplicate: { message: string; code: string };
}

/** A journal note holds text and line breaks: no NUL (which one engine would store and the other refuse) or other controls. */
export function assertNoteText(note: string | null | undefined): void {
  const problem = controlCharacterProblem("note", note);
  if (problem) throw badRequest(problem);
}

/** A game's columns as a bet's or a leg's answer shows them. */
export function gameDetails(game: BettingGame) {
  return {
    home_team: game.homeTeam,
    away_team: game.awayTeam,
    home_abbr: game.homeAbbr,
    away_abbr: game.awayAbbr,
    commence_time: game.commenceTime,
    home_score: game.homeScore,
    away_score: game.awayScore,
    live_status: game.liveStatus ?? null,
  };
}

/** Places one bet of either kind in the player's book (the individual one or a league's) and answers it as the API shows it. */
export async function place(
  db: Db,
  now: Date,
  userId: number,
  stake: Stake,
  ticket: Ticket,
  inCommit: InCommit<Bet> = {},
): Promise<Bet> {
  assertNoteText(stake.note);
  const bookId = bookOf(stake.leagueId);
  const wager = wagerCents(stake.units);

  // On PostgreSQL, one placement at a time per player and book (bankroll check, one bet per game,
  // replace), and none while one of its games' bets settle (SQLite's write lock does both).
  const locks: LockIntent = {
    exclusive: [["book", userId, bookId]],
    shared: [...new Set(ticket.gameIds)].sort().map((gameId) => ["game", gameId]),
  };
  // Concurrent placements share a commit, holding their locks from its start: the commit is most of a placement's cost.
  return groupCommit(db)
    .run(async (trx) => {
      // The caller's budget (a rate limit), counted in this commit (a refusal's count is rolled back
      // with it and counted again on its own by the caller).
      await inCommit.admit?.(trx);
      // Read the games inside the write transaction: a resolve cannot slip in between check and insert.
      const priced = await ticket.price(trx, wager);

      const league = stake.leagueId != null ? await leagues().betRules(trx, stake.leagueId, userId) : null;
      const broken = league && leagueBetProblem(league.rules, wager, priced.picks);
      if (broken) throw badRequest(broken, "league_rules");

      const existing = await ticket.existing(trx, bookId);
      if (existing) {
        if (!ticket.replace)
          throw conflict(ticket.duplicate.message, ticket.duplicate.code, { existingBetId: existing.id });
        if (existing.status !== "pending") throw conflict("Your bet on this game is already settled", "bet_settled");
      }
      if (league?.bankrollCents != null) {
        const pending = (await repo.pendingStakesCents(trx, userId, bookId)) - (existing?.wager_cents ?? 0);
        const available = availableCents(league.bankrollCents, await settledProfitCents(trx, userId, bookId), pending);
        if (wager > available) {
          throw new AppError(
            400,
            "bankroll_exceeded",
            `Not enough bankroll in ${league.name}: $${centsToString(Math.max(0, available))} available`,
            {},
            { availableCents: available },
          );
        }
      }
      if (existing) await repo.deleteBet(trx, existing.id);

      const row = {
        ...priced.row,
        user_id: userId,
        game_id: priced.game.id,
        book_id: bookId,
        season: priced.game.season,
        week: priced.game.week,
        units: stake.units,
        wager_cents: wager,
        confidence: stake.confidence ?? "medium",
        // A replacement keeps the replaced bet's note only when the player asks: a note argues for its own pick.
        note: stake.note?.trim() ? stake.note : ticket.keepNote ? (existing?.note ?? null) : null,
        status: "pending",
        result_cents: null,
        placed_at: now.toISOString(),
        settled_at: null,
        tailed_from_bet_id: priced.row.tailed_from_bet_id ?? null,
      } as const;
      const id = await repo.insertBet(trx, row);
      const legs = await priced.writeLegs?.(trx, id);
      // Everything the answer shows is at hand: no second read. Betting is open, so no game has
      // kicked off: no closing line yet.
      const bet = toBet(
        {
          ...row,
          id,
          ...gameDetails(priced.game),
          player_name: priced.prop?.playerName ?? null,
          prop_type: priced.prop?.propType ?? null,
          closing_odds: null,
          closing_line: null,
          closing_over_odds: null,
          closing_under_odds: null,
        },
        league ? new Map([[bookId, league.name]]) : undefined,
        undefined,
        legs,
      );
      await inCommit.record?.(trx, bet);
      return bet;
    }, locks)
    .catch((error: unknown) => {
      // Two identical placements racing: the unique book index lets exactly one through.
      if (isUniqueViolation(error)) throw conflict(ticket.duplicate.message, ticket.duplicate.code);
      throw error;
    });
}
