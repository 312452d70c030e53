import { type AnyDb, isPostgres } from "./connection.ts";

/**
 * How big the chunks of a long write job (settling a game) may be. SQLite holds its one write lock
 * and blocks the event loop for a whole chunk: a few milliseconds each. PostgreSQL does neither
 * (the work is on the server, other transactions go on beside it), and each chunk costs network
 * round trips: large chunks.
 */
export interface Chunking {
  first: number;
  budgetMs: number;
  min: number;
  max: number;
  /**
   * How many transactions may work side by side, each on its own share of the rows (a game's bets
   * split by player). SQLite has one writer: 1. PostgreSQL writes in several backends at once.
   */
  partitions: number;
}

const SQLITE: Chunking = { first: 100, budgetMs: 7, min: 50, max: 1000, partitions: 1 };
const POSTGRES: Chunking = { first: 4000, budgetMs: 1000, min: 500, max: 25_000, partitions: 4 };

export function chunkingFor(db: AnyDb): Chunking {
  return isPostgres(db) ? POSTGRES : SQLITE;
}
