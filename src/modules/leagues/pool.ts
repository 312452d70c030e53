/**
 * A league that runs a pool (decision 0072): who may read and save its sheets, correct a pick, and
 * see its standings, decided here; the pool itself (picks, prices, grades) is the pools module's.
 */
import type { Db } from "../../runtime/index.ts";
import { conflict } from "../../lib/errors.ts";
import type { PoolPick, PoolSheet, PoolStandings } from "../../shared/contract/pools.ts";
import { countedKickoffs } from "../../shared/leagues.ts";
import { isPool } from "../../shared/pools.ts";
import {
  correctPick,
  type Correction,
  type PoolLeague,
  type PoolMember,
  poolStandings,
  readSheet,
  saveSheet,
  type SheetInput,
} from "../pools/service.ts";
import { recordHistory } from "./history.ts";
import { poolOf } from "./pool-settings.ts";
import * as repo from "./repo.ts";
import { leagueFor, settingsOf } from "./service.ts";
import type { LeagueRow } from "./table.ts";

/** The pool a league runs, as the pools module takes it; 409 `not_a_pool` for a league of bets. */
export function poolLeagueOf(row: LeagueRow): PoolLeague {
  if (!isPool(row.format)) throw conflict("This league ranks bets: it has no pick sheet", "not_a_pool");
  const { from, before } = countedKickoffs(settingsOf(row), row.created_at);
  return { id: row.id, name: row.name, format: row.format, options: poolOf(row)!, from, before };
}

/** The league's current members, longest-standing first. */
export async function poolMembers(db: Db, leagueId: number): Promise<PoolMember[]> {
  return (await repo.membersOf(db, [leagueId])).map((m) => ({
    userId: m.user_id,
    username: m.username,
    joinedAt: m.joined_at,
  }));
}

/** A week's sheet for a member: their picks, the others' once locked (decision 0073). */
export async function leaguePoolSheet(
  db: Db,
  now: Date,
  viewerId: number,
  id: number,
  week: number,
): Promise<PoolSheet> {
  const row = await leagueFor(db, id, viewerId, "pickPool");
  return readSheet(db, now, poolLeagueOf(row), await poolMembers(db, id), viewerId, week);
}

/** Saves a member's sheet for a week and answers it as read back. */
export async function saveLeaguePoolSheet(
  db: Db,
  now: Date,
  viewerId: number,
  id: number,
  week: number,
  input: SheetInput,
): Promise<PoolSheet> {
  const row = await leagueFor(db, id, viewerId, "pickPool");
  const pool = poolLeagueOf(row);
  const members = await poolMembers(db, id);
  await saveSheet(db, now, pool, members, viewerId, week, input);
  return readSheet(db, now, pool, members, viewerId, week);
}

/** An admin corrects a member's pick (before its lock or after a mistake): recorded in the league's history, which names the game only; the member sees it in their notifications. */
export async function correctLeaguePoolPick(
  db: Db,
  now: Date,
  actorId: number,
  id: number,
  week: number,
  input: Correction,
): Promise<PoolPick> {
  const row = await leagueFor(db, id, actorId, "correctPool");
  const pool = poolLeagueOf(row);
  if (!(await repo.membership(db, id, input.userId)))
    throw conflict("That player is not a member of this league", "not_member");
  return correctPick(db, now, pool, week, input, (trx, { matchup }) =>
    recordHistory(trx, now, id, actorId, { kind: "pool_pick_corrected", memberId: input.userId, week, matchup }),
  );
}

/** A pool league's standings for its season or a week (the caller checked the viewer may see the league). */
export async function poolStandingsOf(db: Db, now: Date, row: LeagueRow, week: number | null): Promise<PoolStandings> {
  return poolStandings(db, now, poolLeagueOf(row), await poolMembers(db, row.id), week);
}
