/**
 * A league's revealed picks (decisions 0056, 0062): the bets its standings count that its members
 * placed after joining, filtered in one query by the rule that governs each (the stricter of the
 * rule when it was placed and the rule now), so a pick not yet revealed is never read out, counted
 * or paged over.
 */
import { type ExpressionBuilder, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { type Db, jsonList, jsonTable } from "../../runtime/index.ts";
import type { PlacedRange, revealWindows } from "../../shared/league-reveal.ts";
import { type CountedBets, countedBetsFilter } from "./repo.ts";

/** Which bets a league shows: what it counts, whose (members, from when they joined), and when a pick shows. */
export interface LeaguePicks extends CountedBets {
  /** A contest league counts its own book only. */
  ownBookOnly: boolean;
  /** Each member and when they joined: a pick placed before that never shows. */
  members: readonly { userId: number; joinedAt: string }[];
  /** shared/league-reveal.ts `revealWindows`: null shows nothing. */
  windows: ReturnType<typeof revealWindows>;
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
  return eb.and([
    gone("games", at),
    eb.or([
      eb("bets.is_parlay", "=", sql.lit(0)),
      eb.not(
        eb.exists(
          eb
            .selectFrom("bet_legs")
            .innerJoin("games as leg_games", "leg_games.id", "bet_legs.game_id")
            .select("bet_legs.id")
            .whereRef("bet_legs.bet_id", "=", "bets.id")
            .where(sql<boolean>`not ${gone("leg_games", at)}`),
        ),
      ),
    ]),
  ]);
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

/**
 * Ids of a league's revealed picks at `now`, newest first: a page of them (`beforeId`, `limit`), or
 * those among `ids`. A pick shows when it was placed after its owner joined and the rule that
 * governs it says so: 'kickoff' once every game it rides on has kicked off (or is no longer
 * upcoming), 'week_start' once a game of its week has, 'never' not at all.
 */
export async function revealedPickIds(
  db: Db,
  now: Date,
  picks: LeaguePicks,
  page: { beforeId?: number; limit: number; ids?: number[] },
): Promise<number[]> {
  const windows = picks.windows;
  if (windows === null || picks.members.length === 0) return [];
  if (!picks.ownBookOnly && picks.allowedBetTypes.length === 0) return [];
  const at = now.toISOString();
  const members = jsonTable(
    db,
    "members",
    { user_id: "integer", joined_at: "text" },
    picks.members.map((m) => ({ user_id: m.userId, joined_at: m.joinedAt })),
  );
  let query = db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .select("bets.id")
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
    .where(picks.ownBookOnly ? (eb) => eb("bets.book_id", "=", picks.leagueId) : countedBetsFilter(picks))
    .where((eb) =>
      eb.and([
        ...(windows.never.length ? [sql<boolean>`not ${placedIn(db, windows.never, "never_ranges")}`] : []),
        windows.weekStart.length
          ? eb.or([
              allGamesGone(eb, at),
              eb.and([placedIn(db, windows.weekStart, "early_ranges"), weekStarted(eb, at)]),
            ])
          : allGamesGone(eb, at),
      ]),
    );
  if (page.beforeId !== undefined) query = query.where("bets.id", "<", page.beforeId);
  if (page.ids !== undefined) query = query.where("bets.id", "in", jsonList(db, page.ids.length ? page.ids : [-1]));
  const rows = await query.orderBy("bets.id", "desc").limit(page.limit).execute();
  return rows.map((r) => r.id);
}
