import type { Kysely } from "kysely";
import { lockExclusive, lockShared } from "../../db/locks.ts";
import type { Db } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { groupCommit } from "../../db/group-commit.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { bookOf } from "../../shared/bets.ts";
import { centsToString, wagerCents } from "../../shared/money.ts";
import { gameForBetting } from "../games/service.ts";
import { availableCents } from "../../shared/leagues.ts";
import { leagueBetRules } from "../leagues/service.ts";
import { settledProfitCents } from "../stats/service.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import type { PlaceParlayInput } from "./model.ts";
import { parlayAmericanOdds, parlayKey, parlayLegsProblem, parlayWinCents } from "../../shared/parlays.ts";
import { toBet } from "./present.ts";
import * as repo from "./repo.ts";
import { currentPrice, type Price } from "./rules.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { type Admit, assertNoteText } from "./service.ts";
import { ErrorCode } from "../../shared/error-codes.ts";

type Leg = PlaceParlayInput["legs"][number];
type Game = Awaited<ReturnType<typeof gameForBetting>>["game"];

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
async function priceLegs(trx: Kysely<Database>, now: Date, legs: readonly Leg[]): Promise<PricedLeg[]> {
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
  admit: Admit = async () => {},
): Promise<Bet> {
  checkLegs(input.legs);
  assertNoteText(input.note);
  const bookId = bookOf(input.leagueId);
  const key = parlayKey(input.legs);

  return groupCommit(db)
    .run(async (trx) => {
      await admit(trx);
      // One placement at a time per player and book (the bankroll check), never beside a settlement of a leg's game.
      await lockExclusive(trx, "book", userId, bookId);
      for (const gameId of [...new Set(input.legs.map((leg) => leg.gameId))].sort())
        await lockShared(trx, "game", gameId);
      const priced = await priceLegs(trx, now, input.legs);
      const currentOdds = priced.map((p) => p.price.odds);
      const wager = wagerCents(input.units);
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

      const league = input.leagueId != null ? await leagueBetRules(trx, input.leagueId, userId) : null;
      if (league) {
        for (const p of priced) {
          const broken =
            league.problemWith({ betType: "parlay", wagerCents: wager, commenceTime: p.game.commenceTime }) ??
            league.problemWith({ betType: p.leg.betType, wagerCents: wager, commenceTime: p.game.commenceTime });
          if (broken) throw badRequest(broken, "league_rules");
        }
      }
      const existing = await repo.findParlayInBook(trx, userId, bookId, key);
      if (existing) throw conflict("You already have this parlay", "parlay_exists", { existingBetId: existing.id });
      if (league?.bankrollCents != null) {
        const available = availableCents(
          league.bankrollCents,
          await settledProfitCents(trx, userId, bookId),
          await repo.pendingStakesCents(trx, userId, bookId),
        );
        if (wager > available) {
          throw new AppError(
            400,
            "bankroll_exceeded",
            `Not enough bankroll in ${league.name}: $${centsToString(Math.max(0, available))} available`,
            {},
            { availableCents: available },
          );
        }
      }

      const last = lastLeg(priced);
      const row = {
        user_id: userId,
        game_id: last.game.id,
        book_id: bookId,
        season: last.game.season,
        week: last.game.week,
        bet_type: "parlay",
        selection: `${priced.length}-leg parlay`,
        prop_id: null,
        odds: parlayAmericanOdds(currentOdds),
        point: null,
        units: input.units,
        wager_cents: wager,
        potential_win_cents: parlayWinCents(wager, currentOdds),
        confidence: input.confidence ?? "medium",
        note: input.note?.trim() ? input.note : null,
        is_parlay: 1,
        status: "pending",
        result_cents: null,
        placed_at: now.toISOString(),
        // The parlay's price is as old as its oldest leg's.
        priced_at:
          priced
            .map((p) => p.pricedAt)
            .filter((at): at is string => at !== null)
            .sort()[0] ?? null,
        settled_at: null,
        parlay_key: key,
      } as const;
      const id = await repo.insertBet(trx, row);
      const legRows = priced.map((p) => ({
        bet_id: id,
        leg_index: p.index,
        game_id: p.game.id,
        bet_type: p.leg.betType,
        selection: p.leg.selection,
        prop_id: p.leg.betType === "prop" ? p.leg.propId! : null,
        odds: p.price.odds,
        point: p.price.point,
        status: "pending" as const,
      }));
      await repo.insertLegs(trx, legRows);

      const details = (p: PricedLeg) => ({
        home_team: p.game.homeTeam,
        away_team: p.game.awayTeam,
        home_abbr: p.game.homeAbbr,
        away_abbr: p.game.awayAbbr,
        commence_time: p.game.commenceTime,
        home_score: p.game.homeScore,
        away_score: p.game.awayScore,
      });
      const legs = priced.map((p, i) => {
        const prop = p.game.playerProps.find((pp) => pp.id === legRows[i]!.prop_id);
        return {
          ...legRows[i]!,
          id: 0,
          ...details(p),
          player_name: prop?.playerName ?? null,
          prop_type: prop?.propType ?? null,
        };
      });
      // Everything the answer shows is at hand: no second read. No closing lines before kick-off.
      const detailsRow = {
        ...row,
        id,
        ...details(last),
        player_name: null,
        prop_type: null,
        closing_odds: null,
        closing_line: null,
        closing_over_odds: null,
        closing_under_odds: null,
      };
      return toBet(detailsRow, league ? new Map([[bookId, league.name]]) : undefined, undefined, legs);
    })
    .catch((error: unknown) => {
      // The same parlay placed twice at once: the unique index lets exactly one through.
      if (isUniqueViolation(error)) throw conflict("You already have this parlay", "parlay_exists");
      throw error;
    });
}
