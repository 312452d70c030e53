import type { Db } from "../../runtime/index.ts";
import { finalFacts } from "../games/service.ts";
import { settleParlay } from "../../shared/parlays.ts";
import * as repo from "./repo.ts";
import { settleBet } from "./rules.ts";
import type { Decided, Facts, GameInfo } from "./settlement.ts";
import type { BetStatus } from "../../shared/bets.ts";
import type { BetLegRow, BetRow } from "./table.ts";

const infoOf = (facts: Facts): GameInfo => ({
  awayTeam: facts.awayTeam,
  homeTeam: facts.homeTeam,
  awayScore: facts.awayScore,
  homeScore: facts.homeScore,
});

function gradeLeg(leg: BetLegRow, facts: Facts | null): BetStatus {
  if (!facts) return "pending";
  return settleBet(
    { betType: leg.bet_type, selection: leg.selection, point: leg.point },
    facts,
    leg.prop_id === null ? undefined : facts.props.get(leg.prop_id),
  );
}

/**
 * Grades every leg of these parlays against its game's final score (a leg whose game is not final
 * stays pending), stores the legs' grades that changed, and says how each parlay ends (shared/parlays.ts).
 * Legs are graded afresh from the games each time, so a sweep that runs twice, or a regrade, agrees.
 * `known` is the final of the game being settled, read once by the caller.
 */
export async function decideParlays(trx: Db, parlays: BetRow[], known: Facts): Promise<Decided[]> {
  const legs = Map.groupBy(
    await repo.legsOf(
      trx,
      parlays.map((p) => p.id),
    ),
    (leg) => leg.bet_id,
  );
  const facts = new Map<string, Facts | null>();
  const factsOf = async (gameId: string) => {
    if (!facts.has(gameId)) facts.set(gameId, await finalFacts(trx, gameId));
    return facts.get(gameId)!;
  };

  const regraded = new Map<BetStatus, number[]>();
  const decided: Decided[] = [];
  for (const parlay of parlays) {
    const graded = [];
    for (const leg of legs.get(parlay.id) ?? []) {
      const status = gradeLeg(leg, await factsOf(leg.game_id));
      if (status !== leg.status) regraded.set(status, [...(regraded.get(status) ?? []), leg.id]);
      graded.push({ status, odds: leg.odds });
    }
    const { status, resultCents } = settleParlay(graded, parlay.wager_cents, parlay.potential_win_cents);
    // The message names the parlay's own game (its last leg), final once the parlay settles.
    const own = await factsOf(parlay.game_id);
    decided.push({ bet: parlay, next: { status, result: resultCents }, gameInfo: infoOf(own ?? known) });
  }
  for (const [status, ids] of regraded) await repo.setLegStatus(trx, ids, status);
  return decided;
}
