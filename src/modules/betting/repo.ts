import { type Db, jsonList } from "../../runtime/index.ts";
import type { Database } from "../../db/schema.ts";
import { type Expression, type ExpressionBuilder, type Insertable, type SqlBool, sql } from "kysely";
import { type BetStatus, type BetType, INDIVIDUAL_BOOK, type LegBetType } from "../../shared/bets.ts";
import type { BetLegsTable, BetRow, BetsTable, SettlementNoticesTable } from "./table.ts";

/** A player's single bet on a game in one book; parlays are their own bets and do not count. */
export function findBetInBook(db: Db, userId: number, gameId: string, bookId: number) {
  return betInBookQuery(db, userId, gameId, bookId).executeTakeFirst();
}

/** findBetInBook's query, unexecuted (its plan is tested). */
export function betInBookQuery(db: Db, userId: number, gameId: string, bookId: number) {
  return (
    db
      .selectFrom("bets")
      .selectAll()
      .where("user_id", "=", userId)
      .where("game_id", "=", gameId)
      .where("book_id", "=", bookId)
      // A literal, not a parameter, here and below: a statement prepared with `is_parlay = ?` cannot
      // plan the partial unique index (bets_one_per_game_per_book, `where is_parlay = 0`). PostgreSQL's
      // generic plan then reads every bet of the player; SQLite prepares the statement again on every
      // run (tests/api/placement-plan.test.ts).
      .where("is_parlay", "=", sql.lit(0))
  );
}

/** A player's parlay with exactly these legs in one book, if any. */
export function findParlayInBook(db: Db, userId: number, bookId: number, parlayKey: string) {
  return db
    .selectFrom("bets")
    .select(["id", "status", "wager_cents", "note"])
    .where("user_id", "=", userId)
    .where("book_id", "=", bookId)
    .where("parlay_key", "=", parlayKey)
    .executeTakeFirst();
}

export function insertLegs(db: Db, rows: Insertable<BetLegsTable>[]) {
  return db.insertInto("bet_legs").values(rows).execute();
}

/** The legs of these parlays, in their order. */
export function legsOf(db: Db, betIds: number[]) {
  return db
    .selectFrom("bet_legs")
    .selectAll()
    .where("bet_id", "in", jsonList(db, betIds))
    .orderBy("bet_id")
    .orderBy("leg_index")
    .execute();
}

/** What the screens show beside a pick (a bet's or a parlay leg's): its game and its prop. */
const PICK_DETAILS = [
  "games.home_team",
  "games.away_team",
  "games.home_abbr",
  "games.away_abbr",
  "games.commence_time",
  "games.home_score",
  "games.away_score",
  "games.live_status",
  "game_props.player_name",
  "game_props.prop_type",
] as const;

/** The legs of these parlays with their games and props, for the API. */
export function legsWithDetails(db: Db, betIds: number[]) {
  return db
    .selectFrom("bet_legs")
    .innerJoin("games", "games.id", "bet_legs.game_id")
    .leftJoin("game_props", "game_props.id", "bet_legs.prop_id")
    .selectAll("bet_legs")
    .select(PICK_DETAILS)
    .where("bet_legs.bet_id", "in", jsonList(db, betIds))
    .orderBy("bet_legs.bet_id")
    .orderBy("bet_legs.leg_index")
    .execute();
}

export type LegWithDetails = Awaited<ReturnType<typeof legsWithDetails>>[number];

/**
 * Up to `limit` parlays with a leg on a game after `afterId`, in id order; `pendingOnly` (the
 * settlement sweep): those whose leg on it is still ungraded, a parlay already lost included.
 */
export function parlaysWithLegOn(db: Db, gameId: string, afterId: number, limit: number, pendingOnly: boolean) {
  let query = db
    .selectFrom("bet_legs")
    .innerJoin("bets", "bets.id", "bet_legs.bet_id")
    .selectAll("bets")
    .where("bet_legs.game_id", "=", gameId)
    .where("bets.id", ">", afterId);
  if (pendingOnly) query = query.where("bet_legs.status", "=", "pending");
  return query.orderBy("bets.id").limit(limit).execute();
}

/** Grades many legs the same way in one statement. */
export function setLegStatus(db: Db, ids: number[], status: BetStatus) {
  return db.updateTable("bet_legs").set({ status }).where("id", "in", jsonList(db, ids)).execute();
}

export function findBet(db: Db, id: number) {
  return db.selectFrom("bets").selectAll().where("id", "=", id).executeTakeFirst();
}

export function deleteBet(db: Db, id: number) {
  return db.deleteFrom("bets").where("id", "=", id).execute();
}

export async function insertBet(db: Db, row: Insertable<BetsTable>): Promise<number> {
  const { id } = await db.insertInto("bets").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export function updateNote(db: Db, id: number, note: string | null) {
  return db.updateTable("bets").set({ note }).where("id", "=", id).execute();
}

/** Bets joined with what the screens show beside them (their game's closing line included). */
function detailsQuery(db: Db) {
  return db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .leftJoin("game_props", "game_props.id", "bets.prop_id")
    .selectAll("bets")
    .select([
      ...PICK_DETAILS,
      "games.closing_odds",
      "game_props.closing_line",
      "game_props.closing_over_odds",
      "game_props.closing_under_odds",
    ]);
}

/** A player's bets with what the screens show beside them, newest first. */
export function betsWithDetails(db: Db, filter: { userId?: number; ids?: number[]; season?: number; week?: number }) {
  let query = detailsQuery(db);
  if (filter.userId !== undefined) query = query.where("bets.user_id", "=", filter.userId);
  if (filter.ids !== undefined) query = query.where("bets.id", "in", filter.ids.length ? filter.ids : [-1]);
  if (filter.season !== undefined) query = query.where("bets.season", "=", filter.season);
  if (filter.week !== undefined) query = query.where("bets.week", "=", filter.week);
  return query.orderBy("bets.placed_at", "desc").orderBy("bets.id", "desc").execute();
}

/** The tracker's filters, already checked (model.ts BetListQuery). */
export interface BetFilter {
  status?: "open" | "settled";
  week?: number;
  betType?: BetType;
  bookId?: number;
  result?: "won" | "lost" | "push";
  /**
   * Searched, case-insensitive, as plain text (no wildcards), in the journal note, the selection, both
   * teams (names and abbreviations) and a prop's player — a parlay's legs' too.
   */
  searchText?: string;
  sort: "newest" | "oldest" | "stake" | "payout";
  limit?: number;
  offset?: number;
}

/** LIKE's wildcards and its escape character, taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of a player's bets through the tracker's filters, in the order asked for. */
export function filteredBets(db: Db, userId: number, filter: BetFilter) {
  let query = detailsQuery(db).where("bets.user_id", "=", userId);
  if (filter.status === "open") query = query.where("bets.status", "=", "pending");
  if (filter.status === "settled") query = query.where("bets.status", "!=", "pending");
  if (filter.week !== undefined) query = query.where("bets.week", "=", filter.week);
  if (filter.betType !== undefined) query = query.where("bets.bet_type", "=", filter.betType);
  if (filter.bookId !== undefined) query = query.where("bets.book_id", "=", filter.bookId);
  if (filter.result !== undefined) query = query.where("bets.status", "=", filter.result);
  if (filter.searchText !== undefined) {
    const pattern = `%${likeLiteral(filter.searchText.toLowerCase())}%`;
    const matches = (...columns: string[]) =>
      sql.join(
        columns.map((c) => sql<boolean>`lower(${sql.ref(c)}) like ${pattern} escape '\\'`),
        sql` or `,
      );
    query = query.where(
      (eb) =>
        sql<boolean>`(${matches(
          "bets.note",
          "bets.selection",
          "games.home_team",
          "games.away_team",
          "games.home_abbr",
          "games.away_abbr",
          "game_props.player_name",
        )} or ${eb.exists(
          eb
            .selectFrom("bet_legs")
            .innerJoin("games as leg_games", "leg_games.id", "bet_legs.game_id")
            .leftJoin("game_props as leg_props", "leg_props.id", "bet_legs.prop_id")
            .select("bet_legs.id")
            .whereRef("bet_legs.bet_id", "=", "bets.id")
            .where(
              sql<boolean>`(${matches(
                "bet_legs.selection",
                "leg_games.home_team",
                "leg_games.away_team",
                "leg_games.home_abbr",
                "leg_games.away_abbr",
                "leg_props.player_name",
              )})`,
            ),
        )})`,
    );
  }
  switch (filter.sort) {
    case "oldest":
      query = query.orderBy("bets.placed_at", "asc").orderBy("bets.id", "asc");
      break;
    case "stake":
      query = query.orderBy("bets.wager_cents", "desc");
      break;
    case "payout":
      // Settled: what it made (or lost); open: what it stands to win.
      query = query.orderBy(sql`coalesce(bets.result_cents, bets.potential_win_cents)`, "desc");
      break;
    default:
      // The just-settled first; pending bets (no settled_at) by when they were placed.
      if (filter.status === "settled") query = query.orderBy("bets.settled_at", "desc");
  }
  query = query.orderBy("bets.placed_at", "desc").orderBy("bets.id", "desc");
  if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
  return query.execute();
}

/** The tracker's summary of a player's bets: counts, stakes and profit per book and status, and the weeks bet. */
export async function betsSummaryRows(db: Db, userId: number) {
  const groups = await db
    .selectFrom("bets")
    .select([
      "book_id",
      "status",
      (eb) => eb.fn.countAll<number>().as("n"),
      (eb) => eb.fn.sum<number>("wager_cents").as("staked"),
      (eb) => eb.fn.sum<number>(sql`coalesce(result_cents, 0)`).as("profit"),
    ])
    .where("user_id", "=", userId)
    .groupBy(["book_id", "status"])
    .execute();
  const weeks = await db
    .selectFrom("bets")
    .select("week")
    .distinct()
    .where("user_id", "=", userId)
    .orderBy("week")
    .execute();
  return {
    groups: groups.map((g) => ({
      bookId: g.book_id,
      status: g.status,
      count: Number(g.n),
      stakedCents: Number(g.staked ?? 0),
      profitCents: Number(g.profit ?? 0),
    })),
    weeks: weeks.map((w) => Number(w.week)),
  };
}

/** A player's bet (single or parlay) with the games it stands on, for cancelling. */
export async function betWithGames(db: Db, id: number) {
  const bet = await db
    .selectFrom("bets")
    .select(["id", "user_id", "book_id", "game_id", "is_parlay", "status", "wager_cents"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!bet) return undefined;
  const gameIds =
    bet.is_parlay === 1
      ? (await db.selectFrom("bet_legs").select("game_id").where("bet_id", "=", id).execute()).map((l) => l.game_id)
      : [bet.game_id];
  return { ...bet, gameIds };
}

/** Removes a bet and its legs (a parlay's). */
export async function deleteBetAndLegs(db: Db, id: number) {
  await db.deleteFrom("bet_legs").where("bet_id", "=", id).execute();
  await db.deleteFrom("bets").where("id", "=", id).execute();
}

export type BetWithDetails = Awaited<ReturnType<typeof betsWithDetails>>[number];

/** Up to `limit` single bets of a game after `afterId`, in id order; `pendingOnly` for the settlement sweep. */
/** What settling a single bet reads of it (not its note, price or placement details). */
const SETTLING_COLUMNS = [
  "id",
  "user_id",
  "book_id",
  "season",
  "week",
  "bet_type",
  "selection",
  "point",
  "prop_id",
  "wager_cents",
  "potential_win_cents",
  "status",
  "result_cents",
  "settled_at",
] as const;

export type SettlingBet = Pick<BetRow, (typeof SETTLING_COLUMNS)[number]>;

/**
 * A game's single bets after `afterId`, in id order. With `share`, only the bets of players whose
 * id falls in that share (user_id % of = part): settlement's partitions never share a player.
 */
export function betsOfGame(
  db: Db,
  gameId: string,
  afterId: number,
  limit: number,
  pendingOnly: boolean,
  share?: { part: number; of: number },
): Promise<SettlingBet[]> {
  let query = db
    .selectFrom("bets")
    .select(SETTLING_COLUMNS)
    .where("game_id", "=", gameId)
    .where("is_parlay", "=", sql.lit(0))
    .where("id", ">", afterId);
  if (pendingOnly) query = query.where("status", "=", "pending");
  if (share && share.of > 1) query = query.where(sql<number>`user_id % ${share.of}`, "=", share.part);
  return query.orderBy("id").limit(limit).execute();
}

/** Games with a pending single bet, or an ungraded parlay leg. */
export function gamesWithPendingBets(db: Db) {
  return db
    .selectFrom("bets")
    .select("game_id")
    .where("status", "=", "pending")
    .where("is_parlay", "=", sql.lit(0))
    .union(db.selectFrom("bet_legs").select("bet_legs.game_id").where("bet_legs.status", "=", "pending"))
    .execute();
}

/** Gives many bets the same outcome in one statement (a chunk has few distinct outcomes). */
export function setOutcome(
  db: Db,
  ids: number[],
  status: BetStatus,
  resultCents: number | null,
  settledAt: string | null,
) {
  return db
    .updateTable("bets")
    .set({ status, result_cents: resultCents, settled_at: settledAt })
    .where("id", "in", jsonList(db, ids))
    .execute();
}

/** Every settled outcome of these players, oldest first, with its book: what a regrade rebuilds streaks from. */
export function settledOutcomes(db: Db, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bets")
    .select(["user_id as userId", "book_id as bookId", "status"])
    .where("user_id", "in", userIds)
    .where("status", "!=", "pending")
    .$narrowType<{ status: Exclude<BetStatus, "pending"> }>()
    .orderBy("settled_at")
    .orderBy("id")
    .execute();
}

/** How many different games a player has an individual single bet on in a week (parlays do not count toward coverage). */
export async function individualGamesBet(db: Db, userId: number, season: number, week: number): Promise<number> {
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.count<number>("game_id").distinct().as("n"))
    .where("user_id", "=", userId)
    .where("season", "=", season)
    .where("week", "=", week)
    .where("book_id", "=", INDIVIDUAL_BOOK)
    .where("is_parlay", "=", sql.lit(0))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function countBetsOf(db: Db, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "in", userIds)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function insertBets(db: Db, rows: Insertable<BetsTable>[]) {
  if (rows.length === 0) return Promise.resolve();
  return db
    .insertInto("bets")
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The games a player has an individual single bet on in a week. */
export async function individualGameIdsBet(db: Db, userId: number, season: number, week: number): Promise<string[]> {
  const rows = await db
    .selectFrom("bets")
    .select("game_id")
    .distinct()
    .where("user_id", "=", userId)
    .where("season", "=", season)
    .where("week", "=", week)
    .where("book_id", "=", INDIVIDUAL_BOOK)
    .where("is_parlay", "=", sql.lit(0))
    .execute();
  return rows.map((r) => r.game_id);
}

export function individualGamesBetByUsers(db: Db, userIds: number[], season: number, week: number) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("bets")
    .select(["user_id", (eb) => eb.fn.count<number>("game_id").distinct().as("n")])
    .where("user_id", "in", userIds)
    .where("season", "=", season)
    .where("week", "=", week)
    .where("book_id", "=", INDIVIDUAL_BOOK)
    .where("is_parlay", "=", sql.lit(0))
    .groupBy("user_id")
    .execute();
}

export async function pendingBetsInWeek(db: Db, season: number, week: number): Promise<number> {
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("season", "=", season)
    .where("week", "=", week)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Stakes of a player's pending bets in one book, in cents. */
export async function pendingStakesCents(db: Db, userId: number, bookId: number): Promise<number> {
  const row = await db
    .selectFrom("bets")
    .select((eb) => eb.fn.sum<number>("wager_cents").as("n"))
    .where("user_id", "=", userId)
    .where("book_id", "=", bookId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A player's bets settled since a time, newest first, with their games. */
/** Keeps what players were told of their bets, one row per message. */
export async function insertNotices(db: Db, rows: Insertable<SettlementNoticesTable>[]) {
  if (rows.length > 0) await db.insertInto("settlement_notices").values(rows).execute();
}

/** A player's settlement messages told since `since`, newest first. */
export function noticesSince(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom("settlement_notices")
    .select(["id", "bet_id", "told_at", "message"])
    .where("user_id", "=", userId)
    .where("told_at", ">=", since)
    .orderBy("told_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function settledSince(db: Db, userId: number, since: string, limit: number) {
  return db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .select([
      "bets.id",
      "bets.selection",
      "bets.status",
      "bets.result_cents",
      "bets.settled_at",
      "games.away_team",
      "games.home_team",
    ])
    .where("bets.user_id", "=", userId)
    .where("bets.status", "!=", "pending")
    .where("bets.settled_at", ">=", since)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("settlement_notices").select("id").whereRef("settlement_notices.bet_id", "=", "bets.id"))),
    )
    .orderBy("bets.settled_at", "desc")
    .orderBy("bets.id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Bets and distinct players riding on each game, in one grouped query: single bets by their game,
 * parlays by each leg's game (a parlay counts once on every game it needs).
 */
export function betCountsByGame(db: Db, gameIds: readonly string[]) {
  if (gameIds.length === 0) return Promise.resolve([]);
  const rides = db
    .selectFrom("bets")
    .select(["game_id", "user_id"])
    .where("is_parlay", "=", sql.lit(0))
    .where("game_id", "in", gameIds)
    .unionAll(
      db
        .selectFrom("bet_legs as l")
        .innerJoin("bets as b", "b.id", "l.bet_id")
        .select(["l.game_id as game_id", "b.user_id as user_id"])
        .where("l.game_id", "in", gameIds),
    );
  return db
    .selectFrom(rides.as("r"))
    .select([
      "r.game_id",
      (eb) => eb.fn.countAll<number>().as("bets"),
      (eb) => eb.fn.count<number>("r.user_id").distinct().as("players"),
    ])
    .groupBy("r.game_id")
    .execute();
}

/** Pending bets of each week of a season, in one grouped query. */
export function pendingBetsByWeek(db: Db, season: number) {
  return db
    .selectFrom("bets")
    .select(["week", (eb) => eb.fn.countAll<number>().as("n")])
    .where("season", "=", season)
    .where("status", "=", "pending")
    .groupBy("week")
    .execute();
}

/** What a league without its own book counts of its members' bets (betting service `leagueRankRows`). */
export interface CountedBets {
  leagueId: number;
  userIds: number[];
  allowedBetTypes: readonly string[];
  minWagerCents: number | null;
  maxWagerCents: number | null;
  /** Kick-offs from this ISO time, and before this one when set (shared/leagues.ts `countedKickoffs`). */
  kickoffFrom: string;
  kickoffBefore: string | null;
}

/**
 * The settled bets a league counts (countedBetFigures), or its bets still in play with `pending`: with
 * `ownBookOnly`, its own book's only (a contest league).
 */
function countedBets(db: Db, c: CountedBets, ownBookOnly = false, pending = false) {
  return db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .where("bets.status", pending ? "=" : "!=", "pending")
    .where((eb) => {
      // A league's own book: found through the partial index bets_league_book (book_id <> 0), which
      // holds the league books' bets only. Members are picked out by the caller.
      if (ownBookOnly)
        return eb.and([
          eb("bets.book_id", "=", c.leagueId),
          sql<boolean>`bets.book_id <> 0`, // the index's own condition, which SQLite matches by its terms
        ]);
      return eb("bets.user_id", "in", jsonList(db, c.userIds));
    })
    .where((eb) => (ownBookOnly ? eb.lit(true) : countedBetsFilter(c)(eb)));
}

/**
 * Each member's settled figures over the bets a league without its own book counts, in one grouped
 * query: their individual bets whose type, stake and every game's kick-off fit the league (a
 * parlay: every leg's type and game too), plus any bets in the league's own book. Members without
 * such bets have no row.
 */
export async function countedBetFigures(db: Db, c: CountedBets) {
  if (c.userIds.length === 0 || c.allowedBetTypes.length === 0) return [];
  const rows = await countedBets(db, c)
    .select([
      "bets.user_id",
      (eb) => eb.fn.countAll<number>().as("settled"),
      (eb) => eb.fn.sum<number>(sql`case when bets.status = 'won' then 1 else 0 end`).as("won"),
      (eb) => eb.fn.sum<number>("bets.wager_cents").as("wagered"),
      (eb) => eb.fn.sum<number>(sql`coalesce(bets.result_cents, 0)`).as("profit"),
    ])
    .groupBy("bets.user_id")
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    settled: Number(r.settled),
    won: Number(r.won ?? 0),
    wageredCents: Number(r.wagered ?? 0),
    profitCents: Number(r.profit ?? 0),
  }));
}

type LegBuilder = ExpressionBuilder<Database & { leg_games: Database["games"] }, "bets" | "bet_legs" | "leg_games">;

/**
 * A straight bet, or a parlay none of whose legs (joined with their game as `leg_games`) is as
 * `failing` says: "every leg fits", as a where clause over `bets`.
 */
export function noLegWhere(
  eb: ExpressionBuilder<Database, "bets" | "games">,
  failing: (leg: LegBuilder) => Expression<SqlBool>,
) {
  return eb.or([
    eb("bets.is_parlay", "=", sql.lit(0)),
    eb.not(
      eb.exists(
        eb
          .selectFrom("bet_legs")
          .innerJoin("games as leg_games", "leg_games.id", "bet_legs.game_id")
          .select("bet_legs.id")
          .whereRef("bet_legs.bet_id", "=", "bets.id")
          .where(failing),
      ),
    ),
  ]);
}

/** The bets of `c.userIds` a league without its own book counts (its own book's, and individual bets that fit it), as a where clause. */
export function countedBetsFilter(c: CountedBets) {
  const allowed = [...c.allowedBetTypes] as BetType[];
  return (eb: ExpressionBuilder<Database, "bets" | "games">) => {
    const kickoffFits = (column: string) =>
      c.kickoffBefore === null
        ? sql<boolean>`${sql.ref(column)} >= ${c.kickoffFrom}`
        : sql<boolean>`(${sql.ref(column)} >= ${c.kickoffFrom} and ${sql.ref(column)} < ${c.kickoffBefore})`;
    return eb.or([
      eb("bets.book_id", "=", c.leagueId),
      eb.and([
        eb("bets.book_id", "=", INDIVIDUAL_BOOK),
        eb("bets.bet_type", "in", allowed),
        ...(c.minWagerCents === null ? [] : [eb("bets.wager_cents", ">=", c.minWagerCents)]),
        ...(c.maxWagerCents === null ? [] : [eb("bets.wager_cents", "<=", c.maxWagerCents)]),
        kickoffFits("games.commence_time"),
        noLegWhere(eb, (leg) =>
          leg.or([
            leg("bet_legs.bet_type", "not in", allowed as LegBetType[]),
            sql<boolean>`not ${kickoffFits("leg_games.commence_time")}`,
          ]),
        ),
      ]),
    ]);
  };
}

/** The game of each bet named (a parlay's is its first leg's). */
export function gameIdsOf(db: Db, betIds: readonly number[]) {
  return db
    .selectFrom("bets")
    .select(["id", "game_id"])
    .where("id", "in", [...betIds])
    .execute();
}

export function ownersOf(db: Db, betIds: readonly number[]) {
  return db
    .selectFrom("bets")
    .select(["id", "user_id"])
    .where("id", "in", [...betIds])
    .execute();
}

/** Tails (bets that follow another's pick) with whose pick, who tailed and the pick as its owner took it. */
function tails(db: Db) {
  return db
    .selectFrom("bets as tail")
    .innerJoin("bets as original", "original.id", "tail.tailed_from_bet_id")
    .innerJoin("users as tailer", "tailer.id", "tail.user_id")
    .select([
      "tail.id as tailBetId",
      "original.user_id as ownerId",
      "tailer.username as tailer",
      "original.bet_type as betType",
      "original.selection as selection",
      "original.point as point",
      "original.odds as odds",
      "tail.placed_at as placedAt",
    ]);
}

export function tailsPlacedBetween(db: Db, since: string, until: string) {
  return tails(db)
    .where("tail.placed_at", ">", since)
    .where("tail.placed_at", "<=", until)
    .orderBy("tail.id")
    .execute();
}

export function tailsOfPicksOf(db: Db, ownerId: number, since: string) {
  return tails(db)
    .where("original.user_id", "=", ownerId)
    .where("tail.placed_at", ">=", since)
    .orderBy("tail.id", "desc")
    .limit(50)
    .execute();
}

/** Which of a league's counted bets (countedBets): its own book only for a contest league; one week of a season, or all. */
export interface CountedScope {
  ownBookOnly: boolean;
  week: { season: number; week: number } | null;
}

function scoped(db: Db, c: CountedBets, scope: CountedScope, pending = false) {
  const q = countedBets(db, c, scope.ownBookOnly, pending);
  return scope.week === null
    ? q
    : q.where("bets.season", "=", scope.week.season).where("bets.week", "=", scope.week.week);
}

const nothingCounted = (c: CountedBets, scope: CountedScope) =>
  c.userIds.length === 0 || (!scope.ownBookOnly && c.allowedBetTypes.length === 0);

/**
 * Each member's figures per week over the bets a league counts, in one grouped query: settled, won,
 * lost, stake, profit, and the latest settlement of a win, of a win or loss, and of any bet.
 */
export async function countedBetWeeks(db: Db, c: CountedBets, scope: CountedScope) {
  if (nothingCounted(c, scope)) return [];
  const lastWhen = (condition: string) =>
    sql<string | null>`max(case when ${sql.raw(condition)} then bets.settled_at end)`;
  const [season, week] = [sql<number>`bets.season`, sql<number>`bets.week`];
  const rows = await scoped(db, c, scope)
    .select([
      "bets.user_id",
      season.as("season"),
      week.as("week"),
      (eb) => eb.fn.countAll<number>().as("settled"),
      (eb) => eb.fn.sum<number>(sql`case when bets.status = 'won' then 1 else 0 end`).as("won"),
      (eb) => eb.fn.sum<number>(sql`case when bets.status = 'lost' then 1 else 0 end`).as("lost"),
      (eb) => eb.fn.sum<number>("bets.wager_cents").as("wagered"),
      (eb) => eb.fn.sum<number>(sql`coalesce(bets.result_cents, 0)`).as("profit"),
      lastWhen("bets.status = 'won'").as("last_win_at"),
      lastWhen("bets.status in ('won', 'lost')").as("last_move_at"),
      (eb) => eb.fn.max("bets.settled_at").as("last_settled_at"),
    ])
    .groupBy(["bets.user_id", season, week])
    .execute();
  const members = new Set(c.userIds);
  return rows
    .filter((r) => members.has(r.user_id))
    .map((r) => ({
      userId: r.user_id,
      season: Number(r.season),
      week: Number(r.week),
      settled: Number(r.settled),
      won: Number(r.won ?? 0),
      lost: Number(r.lost ?? 0),
      wageredCents: Number(r.wagered ?? 0),
      profitCents: Number(r.profit ?? 0),
      lastWinAt: r.last_win_at ?? null,
      lastMoveAt: r.last_move_at ?? null,
      lastSettledAt: r.last_settled_at ?? null,
    }));
}

/** How many bets each member has in play that the league will count (its standings' "pending" column). */
export async function countedPendingCounts(db: Db, c: CountedBets, scope: CountedScope): Promise<Map<number, number>> {
  if (nothingCounted(c, scope)) return new Map();
  const rows = await scoped(db, c, scope, true)
    .select(["bets.user_id", (eb) => eb.fn.countAll<number>().as("pending")])
    .groupBy("bets.user_id")
    .execute();
  const members = new Set(c.userIds);
  return new Map(rows.filter((r) => members.has(r.user_id)).map((r) => [r.user_id, Number(r.pending)]));
}

/** The single bets a league counts, with what their closing-line value needs (parlays have none). */
export function countedBetsForClv(db: Db, c: CountedBets, scope: CountedScope) {
  if (nothingCounted(c, scope)) return Promise.resolve([]);
  return scoped(db, c, scope)
    .leftJoin("game_props", "game_props.id", "bets.prop_id")
    .where("bets.is_parlay", "=", sql.lit(0))
    .where("games.closing_odds", "is not", null)
    .select([
      "bets.user_id",
      "bets.season",
      "bets.week",
      "bets.game_id",
      "bets.bet_type",
      "bets.selection",
      "bets.prop_id",
      "bets.odds",
      "bets.point",
      "games.home_team",
      "games.away_team",
      "games.closing_odds",
      "game_props.closing_line",
      "game_props.closing_over_odds",
      "game_props.closing_under_odds",
    ])
    .execute();
}
