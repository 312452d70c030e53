/**
 * The automatic survivor pick (decision 0072): in a pool that asks for it, a member still alive with
 * no pick for the current week gets the largest home favourite still open, shortly before the week's
 * busiest kick-off (its first, when the week locks at once). It is a pick like any other: the member
 * may change it until its game locks.
 */
import { type Db, transaction } from "../../runtime/index.ts";
import { currentWeek } from "../games/service.ts";
import { type PoolLeague, type PoolMember, poolWeeks, sideLine, survivorRuns, weekGames } from "./pool.ts";
import * as repo from "./repo.ts";
import { autoPickKickoff, autoPickOf } from "./rules.ts";
import { sheetLock, writePick } from "./sheet.ts";

/** How long before the kick-off the automatic picks are made. */
export const AUTO_PICK_LEAD_MS = 15 * 60 * 1000;

/** Makes the due automatic picks of one survivor pool; returns how many. */
export async function makeAutoPicks(
  db: Db,
  now: Date,
  league: PoolLeague,
  members: readonly PoolMember[],
): Promise<number> {
  if (league.format !== "survivor" || !league.options.autoPick) return 0;
  const { season, week } = await currentWeek(db, now);
  if (!(await poolWeeks(db, league, season)).some((w) => w.week === week)) return 0;
  const games = await weekGames(db, league, season, week, now);
  const due = autoPickKickoff(
    games.map((g) => g.game.commenceTime),
    league.options.lock,
  );
  if (due === null || now.getTime() < Date.parse(due) - AUTO_PICK_LEAD_MS) return 0;
  const open = games.filter((g) => !g.locked);
  if (open.length === 0) return 0;
  const runs = await survivorRuns(db, league, members, season, now);
  const picked = new Set((await repo.picksOfWeek(db, league.id, season, week)).map((p) => p.user_id));
  let made = 0;
  for (const member of members) {
    if (picked.has(member.userId) || runs.get(member.userId)?.alive === false) continue;
    if (member.joinedAt >= (open.at(-1)?.game.commenceTime ?? "")) continue;
    made += await transaction(db, sheetLock(league.id, member.userId), async (trx) => {
      if ((await repo.memberWeek(trx, league.id, member.userId, season, week)).length > 0) return 0;
      const used = await repo.teamsUsed(trx, league.id, member.userId, season, week);
      const choice = autoPickOf(
        open.map(({ game }) => ({
          id: game.id,
          homeTeam: game.homeTeam,
          awayTeam: game.awayTeam,
          commenceTime: game.commenceTime,
          homePrice: sideLine(game, game.homeTeam).price,
          awayPrice: sideLine(game, game.awayTeam).price,
        })),
        used,
      );
      if (choice === null) return 0;
      const game = open.find((g) => g.game.id === choice.gameId)!.game;
      const key = { userId: member.userId, season, week };
      await writePick(
        trx,
        now,
        league,
        key,
        game,
        { gameId: game.id, selection: choice.selection, points: null },
        undefined,
        {
          auto: true,
        },
      );
      await repo.touchSheet(trx, { leagueId: league.id, ...key }, now.toISOString(), undefined);
      return 1;
    });
  }
  return made;
}
