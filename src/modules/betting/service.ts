import { type Db, groupCommit, isForeignKeyViolation, type LockIntent } from "../../runtime/index.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { assertSelf } from "../../lib/policy.ts";
import { type BetType, INDIVIDUAL_BOOK } from "../../shared/bets.ts";
import { centsToString, potentialWinCents, STARTING_UNITS, UNIT_CENTS, wagerCents } from "../../shared/money.ts";
import { requiredGamesForPrize } from "../../shared/contest.ts";
import { gameForBetting, gamesInWeek } from "../games/service.ts";
import { leagues } from "./leagues-port.ts";
import type { Bet, BetsSummary, CancelledBet, Coverage } from "../../shared/contract/betting.ts";
import type { SettlementMessage } from "../../shared/contract/live.ts";
import { ID_MAX } from "../../shared/limits.ts";
import type { BetListQuery, PlaceBetInput } from "./model.ts";
import { assertNoteText, type InCommit, place } from "./placement.ts";
import { assertBetOwner } from "./policy.ts";
import { closingOddsReader, closingOf, toBet } from "./present.ts";
import * as repo from "./repo.ts";
import { currentPrice } from "./rules.ts";
import { TAILED_PICK_GONE, tailedPickId } from "./tail.ts";
import { ErrorCode } from "../../shared/error-codes.ts";

/**
 * Places a bet for the signed-in player. The server prices it from the current odds — the client's
 * wager and potential win are ignored — and refuses a stale price (409 with the new one), a started
 * game, or a second bet on the game in the same book unless `replaceExisting`.
 */
export async function placeBet(
  db: Db,
  now: Date,
  userId: number,
  input: PlaceBetInput,
  inCommit?: InCommit<Bet>,
): Promise<Bet> {
  try {
    return await placeSingle(db, now, userId, input, inCommit);
  } catch (error) {
    throw await withExistingBet(db, error);
  }
}

/** A refused second bet on a game names the bet already there, so the slip can show both (Replace). */
async function withExistingBet(db: Db, error: unknown): Promise<unknown> {
  if (!(error instanceof AppError) || error.code !== ErrorCode.betExists) return error;
  const id = error.details.existingBetId;
  if (typeof id !== "number") return error;
  const [existing] = await present(db, await repo.betsWithDetails(db, { ids: [id] }));
  return new AppError(error.status, error.code, error.message, error.headers, { ...error.details, existing });
}

async function placeSingle(
  db: Db,
  now: Date,
  userId: number,
  input: PlaceBetInput,
  inCommit?: InCommit<Bet>,
): Promise<Bet> {
  if (input.isParlay) throw badRequest("isParlay: parlays are placed with POST /api/parlays", "parlay_unsupported");
  if (input.betType === "prop" && input.propId == null) throw badRequest("propId: is required for a prop bet");
  const propId = input.betType === "prop" ? input.propId! : null;
  const placed = place(
    db,
    now,
    userId,
    input,
    {
      gameIds: [input.gameId],
      async price(trx, wager) {
        const tailedFrom = await tailedPickId(trx, now, userId, input);
        const { game, open, pricedAt } = await gameForBetting(trx, input.gameId, now, propId);
        if (!open)
          throw conflict("Betting is locked for this game: it has started or is completed", ErrorCode.gameLocked);
        const price = currentPrice(game, input.betType, input.selection, input.propId);
        if (!price)
          throw badRequest(
            `selection: "${input.selection}" is not offered for this ${input.betType} market`,
            "unknown_selection",
          );
        const clientPoint = input.point ?? null;
        if (price.odds !== input.odds || (price.point !== null && clientPoint !== price.point)) {
          throw conflict("Odds have changed", ErrorCode.oddsChanged, { current: price });
        }
        return {
          game,
          picks: [{ betType: input.betType, commenceTime: game.commenceTime }],
          row: {
            bet_type: input.betType,
            selection: input.selection,
            prop_id: propId,
            odds: price.odds,
            point: price.point,
            potential_win_cents: potentialWinCents(wager, price.odds),
            is_parlay: 0,
            priced_at: pricedAt,
            parlay_key: null,
            tailed_from_bet_id: tailedFrom,
          },
          prop: game.playerProps.find((p) => p.id === propId),
        };
      },
      existing: (trx, bookId) => repo.findBetInBook(trx, userId, input.gameId, bookId),
      replace: Boolean(input.replaceExisting),
      keepNote: Boolean(input.keepNote),
      duplicate: { message: "You already have a bet on this game", code: ErrorCode.betExists },
    },
    inCommit,
  );
  // The pick it tails was cancelled between the check and the write (PostgreSQL, two processes):
  // it is no longer a pick anyone can see.
  return placed.catch((error) => {
    if (input.tailOf != null && isForeignKeyViolation(error)) throw notFound(TAILED_PICK_GONE, "pick_not_found");
    throw error;
  });
}

/** Bets as the API shows them, with their leagues' names and parlays' legs. */
async function present(db: Db, rows: repo.BetWithDetails[]): Promise<Bet[]> {
  const names = await leagues().names(
    db,
    rows.filter((r) => r.book_id !== INDIVIDUAL_BOOK).map((r) => r.book_id),
  );
  const parlayIds = rows.filter((r) => r.is_parlay === 1).map((r) => r.id);
  const legs = Map.groupBy(parlayIds.length > 0 ? await repo.legsWithDetails(db, parlayIds) : [], (leg) => leg.bet_id);
  const closingOdds = closingOddsReader();
  return rows.map((row) => toBet(row, names, closingOdds, legs.get(row.id)));
}

/** All of a player's bets, newest first, each with its game and book. Only for the player themself. */
export async function listBets(db: Db, viewerId: number, userId: number): Promise<Bet[]> {
  assertSelf(viewerId, userId, "bets");
  return present(db, await repo.betsWithDetails(db, { userId }));
}

/** All of a player's bets, newest first, for their profile: the caller decides what of them it may show. */
export async function betsForProfile(db: Db, userId: number): Promise<Bet[]> {
  return present(db, await repo.betsWithDetails(db, { userId }));
}

/** A page of a player's bets through the tracker's filters (model.ts BetListQuery). Only for the player themself. */
export async function listFilteredBets(db: Db, viewerId: number, userId: number, query: BetListQuery): Promise<Bet[]> {
  assertSelf(viewerId, userId, "bets");
  const bookId =
    query.book === undefined ? undefined : query.book === "individual" ? INDIVIDUAL_BOOK : Number(query.book);
  if (bookId !== undefined && bookId > ID_MAX) throw badRequest("book: must be individual or a league id");
  const rows = await repo.filteredBets(db, userId, {
    status: query.status,
    week: query.week,
    betType: query.type,
    bookId,
    result: query.result,
    searchText: query.q,
    sort: query.sort ?? "newest",
    limit: query.limit,
    offset: query.offset,
  });
  return present(db, rows);
}

/** The tracker's bankroll line (counts, open risk, profit, balance) and the books and weeks its filters offer. */
export async function betsSummary(db: Db, viewerId: number, userId: number): Promise<BetsSummary> {
  assertSelf(viewerId, userId, "bets");
  const { groups, weeks } = await repo.betsSummaryRows(db, userId);
  const sum = (pick: (g: (typeof groups)[number]) => number, where: (g: (typeof groups)[number]) => boolean) =>
    groups.filter(where).reduce((total, g) => total + pick(g), 0);
  const count = (status: string) =>
    sum(
      (g) => g.count,
      (g) => g.status === status,
    );
  const profit = sum(
    (g) => g.profitCents,
    () => true,
  );
  const individualProfit = sum(
    (g) => g.profitCents,
    (g) => g.bookId === INDIVIDUAL_BOOK,
  );
  const bookIds = [...new Set(groups.map((g) => g.bookId))];
  const names = await leagues().names(
    db,
    bookIds.filter((id) => id !== INDIVIDUAL_BOOK),
  );
  return {
    openBets: count("pending"),
    openRisk: centsToString(
      sum(
        (g) => g.stakedCents,
        (g) => g.status === "pending",
      ),
    ),
    settledBets: sum(
      (g) => g.count,
      (g) => g.status !== "pending",
    ),
    won: count("won"),
    lost: count("lost"),
    pushed: count("push"),
    profit: centsToString(profit),
    profitUnits: (profit / UNIT_CENTS).toFixed(2),
    balance: centsToString(STARTING_UNITS * UNIT_CENTS + individualProfit),
    books: bookIds
      .map((id) =>
        id === INDIVIDUAL_BOOK
          ? { leagueId: null, name: "Individual" }
          : { leagueId: id, name: names.get(id) ?? "Deleted league" },
      )
      .sort((a, b) => (a.leagueId === null ? -1 : b.leagueId === null ? 1 : a.name.localeCompare(b.name))),
    weeks,
  };
}

/**
 * Cancels a player's pending bet before its game locks (a parlay: before any leg's game locks): the
 * bet is removed and its stake is back in its book in the same transaction. Pending bets are in no
 * stats or board, so nothing else changes. Another player's bet is "not found"; a locked or settled one 409.
 */
export async function cancelBet(
  db: Db,
  now: Date,
  userId: number,
  betId: number,
  inCommit: InCommit<CancelledBet> = {},
): Promise<CancelledBet> {
  // The bet's book and games name its locks; neither changes while the bet exists (ids are never reused).
  const first = await repo.betWithGames(db, betId);
  if (!first || first.user_id !== userId) throw notFound("Bet not found", "bet_not_found");
  // The locks placement and settlement take: no settlement of its games, no placement in its book
  // beside it. Cancels share commits with placements: one flush to disk a batch (decision 0065).
  const locks: LockIntent = {
    exclusive: [["book", userId, first.book_id]],
    shared: [...new Set(first.gameIds)].sort().map((gameId) => ["game", gameId]),
  };
  return groupCommit(db).run(async (trx) => {
    await inCommit.admit?.(trx);
    const bet = await repo.betWithGames(trx, betId);
    if (!bet) throw notFound("Bet not found", "bet_not_found");
    if (bet.status !== "pending") throw conflict("This bet is already settled", "bet_settled");
    for (const gameId of bet.gameIds) {
      const { open } = await gameForBetting(trx, gameId, now, null);
      if (!open) throw conflict("This bet can no longer be cancelled: its game has started", ErrorCode.gameLocked);
    }
    await repo.deleteBetAndLegs(trx, bet.id);
    const cancelled = { id: bet.id, stakeReturned: centsToString(bet.wager_cents) };
    await inCommit.record?.(trx, cancelled);
    return cancelled;
  }, locks);
}

/** A player's bets on one week's games of a season. */
export async function listWeekBets(
  db: Db,
  viewerId: number,
  userId: number,
  season: number,
  week: number,
): Promise<Bet[]> {
  assertSelf(viewerId, userId, "bets");
  return present(db, await repo.betsWithDetails(db, { userId, season, week }));
}

/** Sets or clears the journal note of one's own bet; settled bets keep their notes editable. */
export async function updateNote(db: Db, userId: number, betId: number, note: string | null): Promise<Bet> {
  assertNoteText(note);
  const bet = await repo.findBet(db, betId);
  if (!bet) throw notFound("Bet not found", "bet_not_found");
  assertBetOwner({ userId: bet.user_id }, userId);
  await repo.updateNote(db, betId, note?.trim() ? note : null);
  return (await present(db, await repo.betsWithDetails(db, { ids: [betId] })))[0]!;
}

/** A player's weekly coverage (spec §2 'Week N Betting Coverage'): individual games bet against games scheduled. */
export async function weekCoverage(
  db: Db,
  viewerId: number,
  userId: number,
  season: number,
  week: number,
): Promise<Omit<Coverage, "contest">> {
  assertSelf(viewerId, userId, "bets");
  const [gamesScheduled, gamesBet] = await Promise.all([
    gamesInWeek(db, season, week),
    repo.individualGamesBet(db, userId, season, week),
  ]);
  const gamesRequired = requiredGamesForPrize(gamesScheduled);
  return {
    season,
    week,
    gamesScheduled,
    gamesBet,
    gamesRequired,
    eligible: gamesScheduled > 0 && gamesBet >= gamesRequired,
  };
}

/** How many bets these players have placed, all books. */
export function countBetsOf(db: Db, userIds: number[]): Promise<number> {
  return repo.countBetsOf(db, userIds);
}

export interface PastBet {
  userId: number;
  gameId: string;
  season: number;
  week: number;
  betType: "spread" | "total" | "moneyline" | "prop";
  selection: string;
  propId: number | null;
  odds: number;
  point: number | null;
  units: number;
  placedAt: string;
}

/**
 * Records individual bets on games that have already started, at the odds of their time: the demo
 * history a first start gives its bots. Not a way around the placing rules for anyone else —
 * nothing calls it from a route. The settlement sweep settles them like any other bet.
 */
export async function recordPastBets(db: Db, bets: PastBet[], signal?: AbortSignal): Promise<number> {
  // 21 values a row: 1,000 rows stay well inside SQLite's bound-parameter limit.
  for (let i = 0; i < bets.length; i += 1000) {
    // Stopping: each chunk is whole; the bets recorded so far are pending, settled by the next sweep.
    if (signal?.aborted) return i;
    await db.transaction().execute(async (trx) => {
      await repo.insertBets(
        trx,
        bets.slice(i, i + 1000).map((b) => {
          const wager = wagerCents(b.units);
          return {
            user_id: b.userId,
            game_id: b.gameId,
            book_id: INDIVIDUAL_BOOK,
            season: b.season,
            week: b.week,
            bet_type: b.betType,
            selection: b.selection,
            prop_id: b.propId,
            odds: b.odds,
            point: b.point,
            units: b.units,
            wager_cents: wager,
            potential_win_cents: potentialWinCents(wager, b.odds),
            confidence: "medium",
            note: null,
            is_parlay: 0,
            status: "pending",
            result_cents: null,
            placed_at: b.placedAt,
            priced_at: b.placedAt,
            settled_at: null,
            parlay_key: null,
          };
        }),
      );
    });
  }
  return bets.length;
}

/** Different games each player bet in the individual book in a week (players with none are absent). */
export async function individualGamesBet(
  db: Db,
  userIds: number[],
  season: number,
  week: number,
): Promise<Map<number, number>> {
  const rows = await repo.individualGamesBetByUsers(db, userIds, season, week);
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/** The games a player has an individual single bet on in a week (the contest's coverage). */
export function individualGameIdsBet(db: Db, userId: number, season: number, week: number): Promise<string[]> {
  return repo.individualGameIdsBet(db, userId, season, week);
}

/** Bets and distinct players on each of these games (parlays count on each leg's game); games without bets are absent. */
export async function betCountsByGame(
  db: Db,
  gameIds: readonly string[],
): Promise<Map<string, { bets: number; players: number }>> {
  const rows = await repo.betCountsByGame(db, gameIds);
  return new Map(rows.map((r) => [r.game_id, { bets: Number(r.bets), players: Number(r.players) }]));
}

/** Bets still waiting for their result, by week of a season (weeks without any are absent). */
export async function pendingBetsByWeek(db: Db, season: number): Promise<Map<number, number>> {
  return new Map((await repo.pendingBetsByWeek(db, season)).map((r) => [r.week, Number(r.n)]));
}

/** Bets of a week still waiting for their result. */
export function pendingBetsInWeek(db: Db, season: number, week: number): Promise<number> {
  return repo.pendingBetsInWeek(db, season, week);
}

/** A player's recently settled bets, for their notifications. */
/** What a player was told of their bets since `since` (settlements, graded legs, corrected scores), newest first. */
export async function recentNotices(db: Db, userId: number, since: string, limit = 20) {
  return (await repo.noticesSince(db, userId, since, limit)).map((r) => ({
    id: r.id,
    betId: r.bet_id,
    at: r.told_at,
    message: JSON.parse(r.message) as SettlementMessage,
  }));
}

/** Bets settled since `since` with no message kept (settled before messages were kept), newest first. */
export async function recentSettlements(db: Db, userId: number, since: string, limit = 20) {
  return (await repo.settledSince(db, userId, since, limit)).map((r) => ({
    betId: r.id,
    selection: r.selection,
    status: r.status,
    result: centsToString(r.result_cents ?? 0),
    settledAt: r.settled_at!,
    game: `${r.away_team} @ ${r.home_team}`,
  }));
}

export type { CountedBets, CountedScope } from "./repo.ts";

/** How many bets each member has in play that a league will count. */
export function countedPendingCounts(db: Db, counted: repo.CountedBets, scope: repo.CountedScope) {
  return repo.countedPendingCounts(db, counted, scope);
}

/** Members' figures per week over the bets a league counts (repo `countedBetWeeks`, one grouped query). */
export function countedBetWeeks(db: Db, counted: repo.CountedBets, scope: repo.CountedScope) {
  return repo.countedBetWeeks(db, counted, scope);
}

/** The sum and count of CLV (percent) of members' counted single bets with a closing line, by "user:season:week". */
export async function countedBetClv(
  db: Db,
  counted: repo.CountedBets,
  scope: repo.CountedScope,
): Promise<Map<string, { sum: number; count: number }>> {
  const closingOdds = closingOddsReader();
  const totals = new Map<string, { sum: number; count: number }>();
  for (const row of await repo.countedBetsForClv(db, counted, scope)) {
    const { clv } = closingOf(row, closingOdds);
    if (clv === null) continue;
    const key = `${row.user_id}:${row.season}:${row.week}`;
    const total = totals.get(key) ?? { sum: 0, count: 0 };
    totals.set(key, { sum: total.sum + clv, count: total.count + 1 });
  }
  return totals;
}

/** Members' settled figures over the bets a league without its own book ranks (repo `countedBetFigures`). */
export function countedBetFigures(db: Db, counted: repo.CountedBets) {
  return repo.countedBetFigures(db, counted);
}

export { type LeaguePicks, pendingLeaguePicks, revealedPickIds } from "./league-picks.ts";

/** Bets by id, newest first, each with the pick it tailed (its id; null for none). For a league's feed. */
export async function betsWithTails(db: Db, ids: number[]): Promise<{ bet: Bet; tailedFromBetId: number | null }[]> {
  if (ids.length === 0) return [];
  const rows = await repo.betsWithDetails(db, { ids });
  const bets = await present(db, rows);
  return bets.map((bet, i) => ({ bet, tailedFromBetId: rows[i]!.tailed_from_bet_id }));
}

/** What a straight pick would be priced at now: null once its game has locked, or when its market is gone. */
export async function priceNow(
  db: Db,
  now: Date,
  pick: Pick<Bet, "gameId" | "betType" | "selection" | "propId">,
): Promise<{ odds: number; point: number | null } | null> {
  if (pick.betType === "parlay") return null;
  const { game, open } = await gameForBetting(db, pick.gameId, now, pick.propId);
  if (!open) return null;
  return currentPrice(game, pick.betType as BetType, pick.selection, pick.propId);
}

/** Which game each of these bets is on (push merges a game's settlements into one message). */
export async function gameIdsOfBets(db: Db, betIds: readonly number[]): Promise<Map<number, string>> {
  const games = new Map<number, string>();
  for (let i = 0; i < betIds.length; i += 1000)
    for (const r of await repo.gameIdsOf(db, betIds.slice(i, i + 1000))) games.set(r.id, r.game_id);
  return games;
}

/** Whose each of these bets is (bet id → player id). */
export async function betOwners(db: Db, betIds: readonly number[]): Promise<Map<number, number>> {
  const owners = new Map<number, number>();
  for (let i = 0; i < betIds.length; i += 1000)
    for (const r of await repo.ownersOf(db, betIds.slice(i, i + 1000))) owners.set(r.id, r.user_id);
  return owners;
}

/** A pick tailed by another player: who tailed whose pick, and the pick as the original took it. */
export interface Tail {
  tailBetId: number;
  ownerId: number;
  tailer: string;
  betType: string;
  selection: string;
  point: number | null;
  odds: number;
  placedAt: string;
}

/** "Kansas City Chiefs -3.5 at -110", "Over 47.5 at -105": a tailed pick as its owner took it. */
export function tailedPickText(tail: Pick<Tail, "betType" | "selection" | "point" | "odds">): string {
  const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
  const point = tail.point === null ? "" : ` ${tail.betType === "spread" ? signed(tail.point) : tail.point}`;
  return `${tail.selection}${point} at ${signed(tail.odds)}`;
}

/** The tails of a player's picks placed since `since`, newest first (the bell tells of them). */
export function tailsOfPicksOf(db: Db, ownerId: number, since: string): Promise<Tail[]> {
  return repo.tailsOfPicksOf(db, ownerId, since);
}

/** Tails placed after `since` and by `now`, oldest first (for telling each pick's owner). */
export function tailsPlacedBetween(db: Db, since: Date, now: Date): Promise<Tail[]> {
  return repo.tailsPlacedBetween(db, since.toISOString(), now.toISOString());
}
