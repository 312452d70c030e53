/**
 * The vocabulary of bets, shared by the server and the browser: bet types, outcomes, and books.
 * A bet belongs to a book (DESIGN "Betting"): the player's individual book, or one league's book,
 * whose id is the league's id. Stats add a book of their own, every book of a player summed.
 */

export type BetType = "spread" | "total" | "moneyline" | "prop" | "parlay";
/** What a single bet or a parlay's leg can be. */
export type LegBetType = Exclude<BetType, "parlay">;
export type BetStatus = "pending" | "won" | "lost" | "push";

/** The individual book's id (never NULL in the database, so the one-bet-per-game index holds). */
export const INDIVIDUAL_BOOK = 0;
/** The stats row summing all of a player's books (`user_book_stats` only; no bet is in it). */
export const ALL_BOOKS = -1;

/** The book a bet placed with this `leagueId` goes to. */
export const bookOf = (leagueId: number | null | undefined): number => leagueId ?? INDIVIDUAL_BOOK;

/** The league of a book; null for the individual book. */
export const leagueOf = (bookId: number): number | null => (bookId === INDIVIDUAL_BOOK ? null : bookId);
