import type { Db } from "../../runtime/index.ts";
import { badRequest } from "../../lib/errors.ts";
import { assertSelf } from "../../lib/policy.ts";
import { forgetSessionsAndLinks } from "../auth/service.ts";
import type { Asker } from "../../lib/password-hashing.ts";
import { accountExport, anonymise, unusablePasswordHash, verifyPassword } from "../users/service.ts";
import type { Bet } from "../../shared/contract/betting.ts";
import { listBets } from "../betting/service.ts";
import { handOverLeaguesOf } from "../leagues/service.ts";
import { forgetUser } from "../social/service.ts";
import { forgetPushOf } from "../push/service.ts";
import { forgetCommentsOf } from "../comments/service.ts";
import { forgetCalendarOf } from "../calendar/service.ts";
import { toCsv } from "./csv.ts";
import { ErrorCode } from "../../shared/error-codes.ts";

const BET_COLUMNS = [
  "id",
  "placedAt",
  "book",
  "week",
  "game",
  "kickoff",
  "betType",
  "selection",
  "player",
  "propType",
  "point",
  "odds",
  "closingPoint",
  "closingOdds",
  "clv",
  "units",
  "wagerAmount",
  "potentialWin",
  "status",
  "result",
  "settledAt",
  "note",
  "legs",
] as const;

/** A parlay's legs in one cell: "Dallas Cowboys @ Philadelphia Eagles: spread Philadelphia Eagles -3.5 at -110 (won); …". */
function legsCell(bet: Bet): string | null {
  if (!bet.legs) return null;
  return bet.legs
    .map((leg) => {
      const what = [
        leg.betType,
        leg.prop ? `${leg.prop.playerName} ${leg.prop.propType}` : null,
        leg.selection,
        leg.point,
      ]
        .filter((part) => part !== null)
        .join(" ");
      return `${leg.game.awayTeam} @ ${leg.game.homeTeam}: ${what} at ${leg.odds} (${leg.status})`;
    })
    .join("; ");
}

/** The game column: the matchup, or for a parlay how many games it spans (its legs say which). */
const gameCell = (bet: Bet) =>
  bet.legs ? `Parlay of ${bet.legs.length} games` : `${bet.game.awayTeam} @ ${bet.game.homeTeam}`;

/** Every bet of the player as CSV (their own only). */
export async function betsCsv(db: Db, viewerId: number, userId: number): Promise<string> {
  assertSelf(viewerId, userId, "data", "export");
  const bets = await listBets(db, viewerId, userId);
  return toCsv(
    BET_COLUMNS,
    bets.map((b) => [
      b.id,
      b.placedAt,
      b.league?.name ?? "Individual",
      b.week,
      gameCell(b),
      b.game.commenceTime,
      b.betType,
      b.selection,
      b.prop?.playerName ?? null,
      b.prop?.propType ?? null,
      b.point,
      b.odds,
      b.closingLine?.point ?? null,
      b.closingLine?.odds ?? null,
      b.clv,
      b.units,
      b.wagerAmount,
      b.potentialWin,
      b.status,
      b.result,
      b.settledAt,
      b.note,
      legsCell(b),
    ]),
  );
}

/** The account and its bets as JSON (their own only). */
export async function accountJson(db: Db, viewerId: number, userId: number) {
  assertSelf(viewerId, userId, "data", "export");
  return { account: await accountExport(db, userId), bets: await listBets(db, viewerId, userId) };
}

/**
 * Deletes the signed-in player's account after checking their password: email, sessions, friends,
 * push devices and referral data are gone; their bets stay in league and board history under an anonymous name.
 */
export async function deleteAccount(
  db: Db,
  now: Date,
  userId: number,
  password: string,
  asker: Asker,
): Promise<{ message: string }> {
  // Signed in: the player goes first in the password queue.
  const known: Asker = { ...asker, standing: { knownAs: `user:${userId}` } };
  if (!(await verifyPassword(db, userId, password, known)))
    throw badRequest("password: that is not your password", ErrorCode.wrongPassword);
  const unusable = await unusablePasswordHash(known);
  await db.transaction().execute(async (trx) => {
    await forgetUser(trx, userId);
    await forgetPushOf(trx, userId);
    await forgetCommentsOf(trx, userId);
    await forgetCalendarOf(trx, userId);
    await anonymise(trx, now, userId, unusable);
    await handOverLeaguesOf(trx, now, userId);
    await forgetSessionsAndLinks(trx, now, userId);
  });
  return { message: "Your account has been deleted." };
}
