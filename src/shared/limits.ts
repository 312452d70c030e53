/**
 * Limits the server enforces and the browser's forms respect, so both say the same. (Kept apart
 * from contract/: the browser imports these values, and contract/ files build TypeBox schemas.)
 */

/** A bet's journal note is at most this long (placing a bet, editing its note). */
export const NOTE_MAX = 1000;

/** User search runs only from this many characters, trimmed (spec §5, §9). */
export const SEARCH_MIN = 2;

/** A leaderboard shows its top 100 (more when players tie at the cut), plus the viewer's own row. */
export const BOARD_SIZE = 100;

/** How many bots POST /api/admin/bots/ensure (and the CLI) may be asked for, and the usual target (spec §2, §5, §9). */
export const BOT_TARGET_MIN = 1;
export const BOT_TARGET_MAX = 100;
export const BOT_TARGET_DEFAULT = 40;

/**
 * The largest id any route takes (path, query or body): PostgreSQL's `integer`, which our ids are
 * there. SQLite's rowids are wider, so without one bound the engines would answer an id above it
 * differently (issue 25).
 */
export const ID_MAX = 2_147_483_647;
