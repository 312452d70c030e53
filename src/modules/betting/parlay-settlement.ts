import type { Db } from "../../runtime/index.ts";
import { finalFacts } from "../games/service.ts";
import { settleParlay } from "../../shared/parlays.ts";
import * as repo from "./repo.ts";
import { settleBet, teamAbbr } from "./rules.ts";
import type { Decided, Facts, GameInfo } from "./settlement.ts";
import type { BetStatus } from "../../shared/bets.ts";
import type { SettledPick } from "../../shared/contract/live.ts";
import type { LegWithDetails } from "./repo.ts";
import type { BetRow } from "./table.ts";

const gameInfoOf = (facts: Facts): GameInfo => ({
  awayTeam: facts.awayTeam,
  homeTeam: facts.homeTeam,
  awayScore: facts.awayScore,
  homeScore: facts.homeScore,
});

function gradeLeg(leg: LegWithDetails, facts: Facts | null): BetStatus {
  if (!facts) return "pending";
  return settleBet(
    { betType: leg.bet_type, selection: leg.selection, point: leg.point },
    facts,
    leg.prop_id === null ? undefined : facts.props.get(leg.prop_id),
  );
}

/** A leg as the player's message names it: its pick, its grade, its game (scored once final). */
function legPick(leg: LegWithDetails, status: BetStatus, facts: Facts | null): SettledPick {
  return {
    betType: leg.bet_type,
    selection: leg.selection,
    point: leg.point === null ? null : String(leg.point),
    team: teamAbbr(leg.selection, {
      awayTeam: leg.away_team,
      homeTeam: leg.home_team,
      awayAbbr: leg.away_abbr,
      homeAbbr: leg.home_abbr,
    }),
    prop: leg.player_name && leg.prop_type ? { playerName: leg.player_name, propType: leg.prop_type } : null,
    status,
    game: {
      awayAbbr: leg.away_abbr,
      homeAbbr: leg.home_abbr,
      awayScore: facts?.awayScore ?? null,
      homeScore: facts?.homeScore ?? null,
    },
  };
}

/**
 * Grades every leg of these parlays against its game's final score (a leg whose game is not final
 * stays pending), stores the legs' grades that changed, and says how each parlay ends (shared/parlays.ts):
 * a lost leg loses it at once. A parlay still pending whose leg on `gameId` was graded now carries
 * that leg (`leg`), so its player hears of it. Legs are graded afresh from the games each time, so
 * a sweep that runs twice, or a regrade, agrees. `known` is the final of `gameId`, read once by the caller.
 */
export async function decideParlays(trx: Db, parlays: BetRow[], gameId: string, known: Facts): Promise<Decided[]> {
  const legs = Map.groupBy(
    await repo.legsWithDetails(
      trx,
      parlays.map((p) => p.id),
    ),
    (leg) => leg.bet_id,
  );
  const facts = new Map<string, Facts | null>([[gameId, known]]);
  const factsOf = async (id: string) => {
    if (!facts.has(id)) facts.set(id, await finalFacts(trx, id));
    return facts.get(id)!;
  };

  const regraded = new Map<BetStatus, number[]>();
  const decided: Decided[] = [];
  for (const parlay of parlays) {
    const graded = [];
    const picks: SettledPick[] = [];
    let justGraded: Decided["leg"];
    for (const [index, leg] of (legs.get(parlay.id) ?? []).entries()) {
      const legFacts = await factsOf(leg.game_id);
      const status = gradeLeg(leg, legFacts);
      if (status !== leg.status) {
        regraded.set(status, [...(regraded.get(status) ?? []), leg.id]);
        if (leg.game_id === gameId && status !== "pending") justGraded = { index, legsLeft: 0, before: leg.status };
      }
      graded.push({ status, odds: leg.odds });
      picks.push(legPick(leg, status, legFacts));
    }
    const { status, resultCents } = settleParlay(graded, parlay.wager_cents, parlay.potential_win_cents);
    // The message names the parlay's own game (its last leg) once final, else the game just settled.
    const own = await factsOf(parlay.game_id);
    const stillPending = status === "pending" && parlay.status === "pending";
    decided.push({
      bet: parlay,
      next: { status, result: resultCents },
      gameInfo: gameInfoOf(own ?? known),
      legs: picks,
      ...(stillPending && justGraded
        ? { leg: { ...justGraded, legsLeft: graded.filter((g) => g.status === "pending").length } }
        : {}),
    });
  }
  for (const [status, ids] of regraded) await repo.setLegStatus(trx, ids, status);
  return decided;
}
