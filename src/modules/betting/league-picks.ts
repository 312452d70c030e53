/**
 * A league's revealed picks (decision 0056): the bets its standings count, filtered in one query by
 * the league's reveal time, so a pick not yet revealed is never read out, counted or paged over.
 */
import { sql } from "kysely";
import { type Db, jsonList } from "../../runtime/index.ts";
import type { RevealPicks } from "../../shared/league-reveal.ts";
import { type CountedBets, countedBetsFilter } from "./repo.ts";

/** Which bets a league shows: what it counts, and when a pick shows. */
export interface LeaguePicks extends CountedBets {
  /** A contest league counts its own book only. */
  ownBookOnly: boolean;
  reveal: RevealPicks;
}

/**
 * Ids of a league's revealed picks at `now`, newest first: a page of them (`beforeId`, `limit`), or
 * those among `ids`. 'kickoff': the bet's game (a parlay's last leg's) has kicked off; 'week_start':
 * a game of the bet's week has; 'never': none.
 */
export async function revealedPickIds(
  db: Db,
  now: Date,
  picks: LeaguePicks,
  page: { beforeId?: number; limit: number; ids?: number[] },
): Promise<number[]> {
  if (picks.reveal === "never" || picks.userIds.length === 0) return [];
  if (!picks.ownBookOnly && picks.allowedBetTypes.length === 0) return [];
  const at = now.toISOString();
  let query = db
    .selectFrom("bets")
    .innerJoin("games", "games.id", "bets.game_id")
    .select("bets.id")
    .where("bets.user_id", "in", jsonList(db, picks.userIds))
    .where(picks.ownBookOnly ? (eb) => eb("bets.book_id", "=", picks.leagueId) : countedBetsFilter(picks))
    .where((eb) =>
      picks.reveal === "kickoff"
        ? eb("games.commence_time", "<=", at)
        : eb.exists(
            eb
              .selectFrom("games as week_games")
              .select(sql`1`.as("one"))
              .whereRef("week_games.season", "=", "bets.season")
              .whereRef("week_games.week", "=", "bets.week")
              .where("week_games.commence_time", "<=", at),
          ),
    );
  if (page.beforeId !== undefined) query = query.where("bets.id", "<", page.beforeId);
  if (page.ids !== undefined) query = query.where("bets.id", "in", jsonList(db, page.ids.length ? page.ids : [-1]));
  const rows = await query.orderBy("bets.id", "desc").limit(page.limit).execute();
  return rows.map((r) => r.id);
}
