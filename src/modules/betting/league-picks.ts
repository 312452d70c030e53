/**
 * A league's revealed picks (decisions 0056, 0062, 0071): the bets its standings count that its
 * members placed after joining, filtered in one query by the rules that govern each (both the rule
 * when it was placed and the rule now must show it), so a pick not yet revealed is never read out,
 * counted or paged over.
 */
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type Db, jsonList, jsonTable } from "../../runtime/index.ts";
import type { PlacedRange, RevealPicks, revealWindows } from "../../shared/league-reveal.ts";
import { type CountedBets, countedBetsFilter, noLegWhere } from "./repo.ts";

/** Which bets a league shows: what it counts, whose (members, from when they joined), and when a pick shows. */
export interface LeaguePicks extends CountedBets {
  /** A contest league counts its own book only. */
  ownBookOnly: boolean;
  /** Each member and when they joined: a pick placed before that never shows. */
  members: readonly { userId: number; joinedAt: string }[];
  /** shared/league-reveal.ts `revealWindows`: null shows nothing. */
  windows: ReturnType<typeof revealWindows>;
  /** Whom the picks are shown to: under 'picked' a member sees a game's picks once they picked it; null asks for what shows to everyone. */
  viewerId: number | null;
}

type Builder = ExpressionBuilder<Database, "bets" | "games">;

/**
 * A game has "gone" by `at` when it kicked off, or was no longer upcoming (it had a final score: an
 * admin resolved it early). Asked of a past moment too (a push compares two), so the final counts from when it came.
 */
const gone = (alias: string, at: string) =>
  sql<boolean>`(${sql.ref(`${alias}.commence_time`)} <= ${at} or ${sql.ref(`${alias}.completed_at`)} <= ${at})`;

/** Every game the bet rides on has gone: a straight bet's own, each leg's of a parlay. */
function allGamesGone(eb: Builder, at: string) {
  return eb.and([gone("games", at), noLegWhere(eb, () => sql<boolean>`not ${gone("leg_games", at)}`)]);
}

/** A game of the bet's week has gone. */
function weekStarted(eb: Builder, at: string) {
  return eb.exists(
    eb
      .selectFrom("games as week_games")
      .select(sql`1`.as("one"))
      .whereRef("week_games.season", "=", "bets.season")
      .whereRef("week_games.week", "=", "bets.week")
      .where(gone("week_games", at)),
  );
}

/** The viewer has picked the bet's game: a bet of theirs on it, straight or as a parlay's leg. A parlay is never shown this way. */
function viewerPicked(eb: Builder, viewerId: number) {
  return eb.and([
    eb("bets.is_parlay", "=", sql.lit(0)),
    eb.or([
      eb.exists(
        eb
          .selectFrom("bets as mine")
          .select("mine.id")
          .where("mine.user_id", "=", viewerId)
          .whereRef("mine.game_id", "=", "bets.game_id"),
      ),
      eb.exists(
        eb
          .selectFrom("bet_legs as my_legs")
          .innerJoin("bets as my_parlays", "my_parlays.id", "my_legs.bet_id")
          .select("my_legs.id")
          .where("my_parlays.user_id", "=", viewerId)
          .whereRef("my_legs.game_id", "=", "bets.game_id"),
      ),
    ]),
  ]);
}

/** Whether one rule shows the bet to the viewer at `at`. */
function shows(eb: Builder, rule: RevealPicks, at: string, viewerId: number | null) {
  switch (rule) {
    case "kickoff":
      return allGamesGone(eb, at);
    case "picked":
      return viewerId === null ? allGamesGone(eb, at) : eb.or([allGamesGone(eb, at), viewerPicked(eb, viewerId)]);
    case "week_start":
      return weekStarted(eb, at);
    case "never":
      return sql<boolean>`1 = 0`;
  }
}

/** The bet was placed within one of the ranges. */
function placedIn(db: Db, ranges: readonly PlacedRange[], alias: string) {
  const table = jsonTable(
    db,
    alias,
    { from_at: "text", before_at: "text" },
    ranges.map((r) => ({ from_at: r.from, before_at: r.before })),
  );
  return sql<boolean>`exists (select 1 from ${table} where bets.placed_at >= ${sql.ref(`${alias}.from_at`)} and bets.placed_at < ${sql.ref(`${alias}.before_at`)})`;
}

/** The bets a league shows at some time: what it counts of its members' bets, placed after each joined. */
function countedPicks(db: Db, picks: LeaguePicks) {
  const members = jsonTable(
    db,
    "members",
    { user_id: "integer", joined_at: "text" },
    picks.members.map((m) => ({ user_id: m.userId, joined_at: m.joinedAt })),
  );
  return db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .where(
      "bets.user_id",
      "in",
      jsonList(
        db,
        picks.members.map((m) => m.userId),
      ),
    )
    .where(
      sql<boolean>`exists (select 1 from ${members} where members.user_id = bets.user_id and bets.placed_at >= members.joined_at)`,
    )
    .where(picks.ownBookOnly ? (eb) => eb("bets.book_id", "=", picks.leagueId) : countedBetsFilter(picks));
}

/**
 * A league's pending picks of one week, shown or not (issue 44: a hidden pick leaves a trace): who,
 * when placed, and every game each rides on. Nothing of the pick itself: no side, price or stake.
 */
export async function pendingLeaguePicks(db: Db, picks: LeaguePicks, season: number, week: number) {
  if (picks.members.length === 0 || (!picks.ownBookOnly && picks.allowedBetTypes.length === 0)) return [];
  const rows = await countedPicks(db, picks)
    .select(["bets.id", "bets.user_id", "bets.game_id", "bets.is_parlay", "bets.placed_at"])
    .where("bets.status", "=", "pending")
    .where("bets.season", "=", season)
    .where("bets.week", "=", week)
    .execute();
  const parlays = rows.filter((r) => r.is_parlay === 1).map((r) => r.id);
  const legs = parlays.length
    ? await db
        .selectFrom("bet_legs")
        .select(["bet_id", "game_id"])
        .where("bet_id", "in", jsonList(db, parlays))
        .execute()
    : [];
  const legGames = Map.groupBy(legs, (l) => l.bet_id);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    placedAt: r.placed_at,
    gameIds: r.is_parlay === 1 ? (legGames.get(r.id) ?? []).map((l) => l.game_id) : [r.game_id],
  }));
}

/**
 * Ids of a league's revealed picks at `now`, newest first: a page of them (`beforeId`, `limit`), or
 * those among `ids`, of a season or one of its weeks when asked (only tails, with `tailsOnly`; only
 * unsettled ones, with `pendingOnly`). A pick shows when it was placed after its owner joined and both the rule now and
 * the rule it was placed under say so: 'kickoff' once every game it rides on has kicked off (or is
 * final), 'picked' then or once the viewer picked its game, 'week_start' once a game of its week
 * has, 'never' not at all.
 */
export async function revealedPickIds(
  db: Db,
  now: Date,
  picks: LeaguePicks,
  page: {
    beforeId?: number;
    limit: number;
    ids?: number[];
    season?: number;
    week?: number;
    tailsOnly?: boolean;
    pendingOnly?: boolean;
  },
): Promise<number[]> {
  const windows = picks.windows;
  if (windows === null || picks.members.length === 0) return [];
  if (!picks.ownBookOnly && picks.allowedBetTypes.length === 0) return [];
  const at = now.toISOString();
  let query = countedPicks(db, picks)
    .select("bets.id")
    .where((eb) =>
      eb.and([
        shows(eb, windows.current, at, picks.viewerId),
        ...windows.earlier.map(({ rule, ranges }) =>
          eb.or([sql<boolean>`not ${placedIn(db, ranges, `${rule}_ranges`)}`, shows(eb, rule, at, picks.viewerId)]),
        ),
      ]),
    );
  if (page.beforeId !== undefined) query = query.where("bets.id", "<", page.beforeId);
  if (page.season !== undefined) query = query.where("bets.season", "=", page.season);
  if (page.week !== undefined) query = query.where("bets.week", "=", page.week);
  if (page.tailsOnly) query = query.where("bets.tailed_from_bet_id", "is not", null);
  if (page.pendingOnly) query = query.where("bets.status", "=", "pending");
  if (page.ids !== undefined) query = query.where("bets.id", "in", jsonList(db, page.ids.length ? page.ids : [-1]));
  const rows = await query.orderBy("bets.id", "desc").limit(page.limit).execute();
  return rows.map((r) => r.id);
}
