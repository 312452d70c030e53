import type { Db } from "../../runtime/index.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { centsToString } from "../../shared/money.ts";
import { gameForBetting } from "../games/service.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import type { PlaceParlayInput } from "./model.ts";
import { parlayAmericanOdds, parlayKey, parlayLegsProblem, parlayWinCents } from "../../shared/parlays.ts";
import { type BettingGame as Game, gameDetails, type InCommit, place } from "./placement.ts";
import * as repo from "./repo.ts";
import { currentPrice, type Price } from "./rules.ts";
import { ErrorCode } from "../../shared/error-codes.ts";

type Leg = PlaceParlayInput["legs"][number];

interface PricedLeg {
  leg: Leg;
  index: number;
  game: Game;
  price: Price;
  pricedAt: string | null;
}

const matchup = (game: Game) => `${game.awayTeam} @ ${game.homeTeam}`;
const moved = (p: PricedLeg) =>
  p.price.odds !== p.leg.odds || (p.price.point !== null && (p.leg.point ?? null) !== p.price.point);

function checkLegs(legs: readonly Leg[]): void {
  const problem = parlayLegsProblem(legs);
  if (problem) throw badRequest(problem.message, problem.code);
  legs.forEach((leg, i) => {
    if (leg.betType === "prop" && leg.propId == null) throw badRequest(`legs[${i}].propId: is required for a prop leg`);
    // A propId on another leg would change the parlay's key, not its picks (issue 25: the same parlay 21 times).
    if (leg.betType !== "prop" && leg.propId != null)
      throw badRequest(`legs[${i}].propId: only a prop leg takes a propId (this leg is ${leg.betType})`);
  });
}

/** Each leg's game and current price, read in the write transaction; refuses a locked game or an unknown pick. */
async function priceLegs(trx: Db, now: Date, legs: readonly Leg[]): Promise<PricedLeg[]> {
  const priced: PricedLeg[] = [];
  for (const [index, leg] of legs.entries()) {
    const propId = leg.betType === "prop" ? leg.propId! : null;
    const { game, open, pricedAt } = await gameForBetting(trx, leg.gameId, now, propId);
    // A started leg is bad input for a parlay (issue 19: 400), named by its game as singles name theirs.
    if (!open)
      throw new AppError(
        400,
        ErrorCode.gameLocked,
        `legs[${index}].gameId: betting is locked for ${matchup(game)}: it has started or is completed`,
        {},
        { gameId: game.id, field: `legs.${index}.gameId` },
      );
    const price = currentPrice(game, leg.betType, leg.selection, propId);
    if (!price)
      throw badRequest(
        `legs[${index}].selection: "${leg.selection}" is not offered for this ${leg.betType} market`,
        "unknown_selection",
      );
    priced.push({ leg, index, game, price, pricedAt });
  }
  return priced;
}

/** The leg that kicks off last (the later listed on a tie): its game settles the parlay and gives it its week. */
function lastLeg(priced: readonly PricedLeg[]): PricedLeg {
  return priced.reduce((last, p) => (p.game.commenceTime >= last.game.commenceTime ? p : last));
}

/**
 * Places a parlay: 2–8 legs on different games, one stake, priced by the server as the product of
 * the legs' current decimal odds. Refuses a started game (409), a moved price (409 with the new
 * prices), the same parlay twice in one book (409), and league rules it breaks (400).
 */
export async function placeParlay(
  db: Db,
  now: Date,
  userId: number,
  input: PlaceParlayInput,
  inCommit?: InCommit<Bet>,
): Promise<Bet> {
  checkLegs(input.legs);
  const key = parlayKey(input.legs);
  return place(
    db,
    now,
    userId,
    input,
    {
      gameIds: input.legs.map((leg) => leg.gameId),
      async price(trx, wager) {
        const priced = await priceLegs(trx, now, input.legs);
        const currentOdds = priced.map((p) => p.price.odds);
        if (priced.some(moved)) {
          throw conflict("Odds have changed", ErrorCode.oddsChanged, {
            current: {
              odds: parlayAmericanOdds(currentOdds),
              potentialWin: centsToString(parlayWinCents(wager, currentOdds)),
            },
            legs: priced.filter(moved).map((p) => ({
              index: p.index,
              gameId: p.game.id,
              betType: p.leg.betType,
              selection: p.leg.selection,
              propId: p.leg.propId ?? null,
              current: p.price,
            })),
          });
        }
        return {
          game: lastLeg(priced).game,
          // Each leg counts as a parlay and as its own type.
          picks: priced.flatMap((p) => [
            { betType: "parlay", commenceTime: p.game.commenceTime },
            { betType: p.leg.betType, commenceTime: p.game.commenceTime },
          ]),
          row: {
            bet_type: "parlay",
            selection: `${priced.length}-leg parlay`,
            prop_id: null,
            odds: parlayAmericanOdds(currentOdds),
            point: null,
            potential_win_cents: parlayWinCents(wager, currentOdds),
            is_parlay: 1,
            // The parlay's price is as old as its oldest leg's.
            priced_at:
              priced
                .map((p) => p.pricedAt)
                .filter((at): at is string => at !== null)
                .sort()[0] ?? null,
            parlay_key: key,
          },
          writeLegs: (trx, betId) => writeLegs(trx, betId, priced),
        };
      },
      existing: (trx, bookId) => repo.findParlayInBook(trx, userId, bookId, key),
      replace: false,
      duplicate: { message: "You already have this parlay", code: "parlay_exists" },
    },
    inCommit,
  );
}

/** A parlay's legs as rows, and as the answer shows them (with their games). */
async function writeLegs(trx: Db, betId: number, priced: readonly PricedLeg[]) {
  const rows = priced.map((p) => ({
    bet_id: betId,
    leg_index: p.index,
    game_id: p.game.id,
    bet_type: p.leg.betType,
    selection: p.leg.selection,
    prop_id: p.leg.betType === "prop" ? p.leg.propId! : null,
    odds: p.price.odds,
    point: p.price.point,
    status: "pending" as const,
  }));
  await repo.insertLegs(trx, rows);
  return priced.map((p, i) => {
    const prop = p.game.playerProps.find((pp) => pp.id === rows[i]!.prop_id);
    return {
      ...rows[i]!,
      id: 0,
      ...gameDetails(p.game),
      player_name: prop?.playerName ?? null,
      prop_type: prop?.propType ?? null,
    };
  });
}
