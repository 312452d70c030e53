/**
 * The demo season's pools among the bots (issue 45): one league of each pool format, run by a bot,
 * opened before the season's first kick-off so every week counts; the bots' picks of the weeks
 * already played recorded at the lines their games closed at (pools' `recordPastPicks`).
 */
import type { Db } from "../../runtime/index.ts";
import { randomToken } from "../../lib/ids.ts";
import type { Game } from "../../shared/contract/games.ts";
import { type PoolFormat, type PoolOptions, poolOptionsOf } from "../../shared/pools.ts";
import { recordPastPicks } from "../pools/service.ts";
import { recordHistory } from "./history.ts";
import { poolLeagueOf } from "./pool.ts";
import * as repo from "./repo.ts";

/** Creates a demo pool run by its first member, every member joined at `at` (before the season). */
export async function createDemoPool(
  db: Db,
  at: Date,
  spec: {
    name: string;
    description: string;
    format: PoolFormat;
    options: Partial<PoolOptions>;
    memberIds: readonly number[];
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const [ownerId, ...others] = spec.memberIds;
    const id = await repo.insertLeague(trx, {
      name: spec.name,
      description: spec.description,
      is_public: 1,
      allowed_bet_types: JSON.stringify(["spread", "total", "moneyline"]),
      min_wager_cents: null,
      max_wager_cents: null,
      starting_bankroll_cents: null,
      start_date: null,
      end_date: null,
      created_by: ownerId!,
      invite_token: randomToken(24),
      created_at: at.toISOString(),
      format: spec.format,
      pool: JSON.stringify(poolOptionsOf(spec.format, spec.options)),
    });
    await repo.addMember(trx, id, ownerId!, "admin", at.toISOString());
    await recordHistory(trx, at, id, ownerId!, { kind: "created" });
    for (const memberId of others) await repo.addMember(trx, id, memberId, "member", at.toISOString());
    return id;
  });
}

/** Records the bots' picks of weeks already played in a demo pool. */
export async function recordDemoPoolPicks(
  db: Db,
  leagueId: number,
  picks: readonly {
    userId: number;
    game: Game;
    selection: string;
    points: number | null;
    tiebreaker?: number | null;
  }[],
): Promise<number> {
  const row = await repo.findLeague(db, leagueId);
  return row ? recordPastPicks(db, poolLeagueOf(row), picks) : 0;
}
