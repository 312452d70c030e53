/**
 * A hidden pick leaves a trace (issue 44 item 2): for each game of the current week still to kick off,
 * which members have picked it, and when a pick the viewer cannot see yet will show — never the pick.
 */
import type { Db } from "../../runtime/index.ts";
import type { LeagueWeekPicks, MemberOnGame } from "../../shared/contract/league-feed.ts";
import { revealTime, ruleAt } from "../../shared/league-reveal.ts";
import { pendingLeaguePicks, revealedPickIds } from "../betting/service.ts";
import { currentWeek, weekSchedule } from "../games/service.ts";
import { picksOf } from "./feed.ts";
import { revealChanges } from "./history.ts";
import * as repo from "./repo.ts";
import { leagueFor } from "./service.ts";

type Pending = Awaited<ReturnType<typeof pendingLeaguePicks>>[number];

/** The current week's open games and each member's trace on them; members only (policy `viewFeed`). */
export async function leagueWeekPicks(db: Db, now: Date, viewerId: number, leagueId: number): Promise<LeagueWeekPicks> {
  const row = await leagueFor(db, leagueId, viewerId, "viewFeed");
  const members = await repo.membersOf(db, [leagueId]);
  const { season, week } = await currentWeek(db, now);
  const schedule = await weekSchedule(db, season, week, now);
  const picks = await picksOf(db, row, members, viewerId);
  const pending = await pendingLeaguePicks(db, picks, season, week);
  const shown = new Set(
    await revealedPickIds(db, now, picks, { ids: pending.map((p) => p.id), limit: pending.length || 1 }),
  );
  const changes = await revealChanges(db, leagueId);
  const kickoffs = new Map(schedule.map((g) => [g.id, g.commenceTime]));
  const weekStart = schedule[0]?.commenceTime ?? now.toISOString();
  const showsAt = (pick: Pending) => {
    const lastKickoff = pick.gameIds
      .map((id) => kickoffs.get(id) ?? weekStart)
      .reduce((a, b) => (Date.parse(a) > Date.parse(b) ? a : b), weekStart);
    return revealTime([row.reveal_picks, ruleAt(row.reveal_picks, changes, pick.placedAt)], { lastKickoff, weekStart });
  };
  const byMember = Map.groupBy(pending, (p) => p.userId);
  const traceOf = (userId: number, username: string, gameId: string): MemberOnGame => {
    const onGame = (byMember.get(userId) ?? []).filter((p) => p.gameIds.includes(gameId));
    if (onGame.length === 0) return { userId, username, state: "none", showsAt: null };
    if (userId !== viewerId && onGame.some((p) => shown.has(p.id)))
      return { userId, username, state: "shown", showsAt: null };
    const times = onGame.map(showsAt);
    const earliest = times.includes(null) ? null : times.reduce((a, b) => (a! < b! ? a : b));
    return { userId, username, state: userId === viewerId ? "mine" : "hidden", showsAt: earliest };
  };
  return {
    season,
    week,
    games: schedule
      .filter((g) => g.open)
      .map((g) => ({
        gameId: g.id,
        awayAbbr: g.awayAbbr,
        homeAbbr: g.homeAbbr,
        commenceTime: g.commenceTime,
        members: members.map((m) => traceOf(m.user_id, m.username, g.id)),
      })),
  };
}
