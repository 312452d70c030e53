import { type Chunking, chunkingFor, type Db, holdLocks, transaction } from "../../runtime/index.ts";
import { centsToString } from "../../shared/money.ts";
import { finalFacts } from "../games/service.ts";
import { publish } from "../realtime/service.ts";
import { boardsUpToDate, playersSettled, recordOutcomeChanges, type OutcomeChange } from "../stats/service.ts";
import * as repo from "./repo.ts";
import { resultCents, settleBet, teamAbbr } from "./rules.ts";
import { decideParlays } from "./parlay-settlement.ts";
import type { BetStatus, LegBetType } from "../../shared/bets.ts";
import type { SettledPick, SettlementMessage } from "../../shared/contract/live.ts";
import type { SettlingBet } from "./repo.ts";

/**
 * Bets settled in the first transaction (small: the machine is not known yet); later chunks adapt
 * so each holds the write lock about CHUNK_BUDGET_MS. The event loop is let through every few
 * milliseconds inside a chunk anyway (runtime/connection.ts), so the budget trades placements' waits
 * against settling speed, not readers' stalls (bench/betting.ts, bench/sunday.ts).
 */
const CHUNK = 100;
/** A chunk holds the write lock about this long; sizes adapt to the machine. */
const CHUNK_BUDGET_MS = 10;

/** The next chunk's size from how long the last one took: smaller on a slow or busy machine, never below 50. */
export function nextChunkSize(size: number, tookMs: number, chunking: Chunking = SQLITE_CHUNKS): number {
  const scaled = Math.round(size * Math.min(1.5, Math.max(0.5, chunking.budgetMs / Math.max(tookMs, 0.1))));
  return Math.min(chunking.max, Math.max(chunking.min, scaled));
}
const SQLITE_CHUNKS: Chunking = { first: CHUNK, budgetMs: CHUNK_BUDGET_MS, min: 50, max: 1000, partitions: 1 };
/** Parlays per transaction: each brings up to 8 legs (and their games) along. */
const PARLAY_CHUNK = 100;

/** Lets waiting requests run between chunks; setImmediate, not a timer, so settling alone never idles. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type Facts = NonNullable<Awaited<ReturnType<typeof finalFacts>>>;

export type Outcome = { status: BetStatus; result: number | null };
export type GameInfo = SettlementMessage["betDetails"]["gameInfo"];

/** A bet and the outcome settlement found for it, with the game and the picks its message names. */
export interface Decided {
  bet: SettlingBet;
  next: Outcome;
  gameInfo: GameInfo;
  /** A single bet's pick, or a parlay's legs, as the player's message names them. */
  pick?: SettledPick;
  legs?: SettledPick[];
  /** A parlay that stays pending while its leg on the settled game was graded now (from `before`). */
  leg?: { index: number; legsLeft: number; before: BetStatus };
}

/** The score a regrade corrected, for the players' messages ("what changed"). */
export type PreviousScore = { awayScore: number; homeScore: number };

export const gameInfoOf = (facts: Facts): GameInfo => ({
  awayTeam: facts.awayTeam,
  homeTeam: facts.homeTeam,
  awayScore: facts.awayScore,
  homeScore: facts.homeScore,
});

function outcomeOf(bet: SettlingBet, facts: Facts): Outcome {
  const status = settleBet(
    { betType: bet.bet_type, selection: bet.selection, point: bet.point },
    facts,
    bet.prop_id === null ? undefined : facts.props.get(bet.prop_id),
  );
  return {
    status,
    result: status === "pending" ? null : resultCents(status, bet.wager_cents, bet.potential_win_cents),
  };
}

function pickOf(bet: SettlingBet, status: BetStatus, facts: Facts): SettledPick {
  const prop = bet.prop_id === null ? undefined : facts.props.get(bet.prop_id);
  return {
    // Single bets only (parlays name their legs).
    betType: bet.bet_type as LegBetType,
    selection: bet.selection,
    point: bet.point === null ? null : String(bet.point),
    team: teamAbbr(bet.selection, facts),
    prop: prop ? { playerName: prop.playerName, propType: prop.propType } : null,
    status,
    game: {
      awayAbbr: facts.awayAbbr,
      homeAbbr: facts.homeAbbr,
      awayScore: facts.awayScore,
      homeScore: facts.homeScore,
    },
  };
}

const singles = (bets: SettlingBet[], facts: Facts): Decided[] =>
  bets.map((bet) => {
    const next = outcomeOf(bet, facts);
    return { bet, next, gameInfo: gameInfoOf(facts), pick: pickOf(bet, next.status, facts) };
  });

const moneyText = (cents: number | null) => (cents === null ? null : centsToString(cents));

/**
 * The player's message: the bet's new outcome, or (`leg`) the grade of one leg of a parlay that
 * stays pending. On a regrade, what was settled before, if anything, goes along as `corrected`.
 */
function message({ bet, next, gameInfo, pick, legs, leg }: Decided, regrade: RegradeOf) {
  const msg: SettlementMessage = {
    betId: bet.id,
    userId: bet.user_id,
    status: next.status,
    result: moneyText(next.result),
    betDetails: {
      selection: bet.selection,
      wagerAmount: centsToString(bet.wager_cents),
      gameInfo,
      ...(pick ? { pick } : {}),
      ...(legs ? { legs } : {}),
    },
  };
  if (leg) msg.leg = { index: leg.index, legsLeft: leg.legsLeft };
  const before = leg
    ? { status: leg.before, result: null }
    : { status: bet.status, result: moneyText(bet.result_cents) };
  if (regrade && before.status !== "pending") msg.corrected = { ...before, game: regrade.game };
  return msg;
}

/** Null for a first settlement; for a regrade, the game it corrected, its score before and after. */
type RegradeOf = { game: NonNullable<SettlementMessage["corrected"]>["game"] } | null;

/**
 * Applies outcomes to a batch of bets in the caller's transaction: bet rows, the weekly aggregates,
 * and one bet_settlements event carrying each affected player's settlement message. Bets whose outcome is unchanged are left alone,
 * so running it twice changes nothing (the sweep is idempotent). The changes are added to `touched`
 * (see `inSettlingTransaction`).
 */
async function applyOutcomes(
  trx: Db,
  now: Date,
  decided: Decided[],
  regrade: RegradeOf,
  touched: OutcomeChange[],
): Promise<number> {
  const changes: OutcomeChange[] = [];
  const messages: SettlementMessage[] = [];
  // Bets that end the same way are written together: a chunk has only a handful of outcomes.
  const updates = new Map<
    string,
    { status: BetStatus; result: number | null; settledAt: string | null; ids: number[] }
  >();
  let changed = 0;
  for (const one of decided) {
    const { bet, next } = one;
    if (next.status === bet.status && next.result === bet.result_cents) {
      // The parlay is unchanged, but one of its legs was just graded: the player hears of that leg.
      if (one.leg) messages.push(message(one, regrade));
      continue;
    }
    changed += 1;
    changes.push({
      userId: bet.user_id,
      bookId: bet.book_id,
      season: bet.season,
      week: bet.week,
      wagerCents: bet.wager_cents,
      before: { status: bet.status, resultCents: bet.result_cents },
      after: { status: next.status, resultCents: next.result },
    });
    const settledAt = next.status === "pending" ? null : (bet.settled_at ?? now.toISOString());
    const key = `${next.status}|${next.result}|${settledAt}`;
    const group = updates.get(key) ?? { ...next, settledAt, ids: [] };
    group.ids.push(bet.id);
    updates.set(key, group);
    messages.push(message(one, regrade));
  }
  for (const { status, result, settledAt, ids } of updates.values())
    await repo.setOutcome(trx, ids, status, result, settledAt);
  await recordOutcomeChanges(
    trx,
    changes,
    regrade !== null ? (userIds) => repo.settledOutcomes(trx, userIds) : undefined,
  );
  // One event for the chunk: the WebSocket hub hands each player only their own settlements.
  if (messages.length > 0) await publish(trx, now, "bet_settlements", { settlements: messages });
  // The bell keeps each message's words (issue 46 item 7).
  await repo.insertNotices(
    trx,
    messages.map((m) => ({
      user_id: m.userId,
      bet_id: m.betId,
      told_at: now.toISOString(),
      message: JSON.stringify(m),
    })),
  );
  touched.push(...changes);
  return changed;
}

/**
 * A settling transaction; once it has committed, the boards hear whose figures it changed (told
 * before the commit, a board could read them on another connection before they exist).
 */
async function inSettlingTransaction<T>(db: Db, work: (trx: Db, touched: OutcomeChange[]) => Promise<T>): Promise<T> {
  const touched: OutcomeChange[] = [];
  const result = await db.transaction().execute((trx) => work(trx, touched));
  playersSettled(db, touched);
  return result;
}

/**
 * On PostgreSQL, settlement steps that touch the same players run one at a time across processes,
 * as SQLite's write lock makes them anyway: a player's aggregates and streaks are read, then
 * written; a parlay spans games settled apart. Players are split into `partitions` shares
 * (user_id % partitions): a first settlement's chunk holds its share's lock, so chunks of
 * different shares (of one game or of two) run side by side and never meet on a player, and
 * chunks of one share queue. Exactly once: a second settlement of the game waits for the share,
 * then finds its bets settled. Steps that touch any player (a regrade, parlays) hold every share
 * and the game. Locks are taken in one order (shares ascending, then the game): no deadlock.
 */
async function lockShare(trx: Db, part: number): Promise<void> {
  await holdLocks(trx, { exclusive: [["settlement", part]] });
}

async function lockSettlement(trx: Db, gameId: string, partitions: number): Promise<void> {
  const shares = Array.from({ length: partitions }, (_, part) => ["settlement", part] as const);
  await holdLocks(trx, { exclusive: [...shares, ["game", gameId]] });
}

/**
 * Settles a completed game's pending bets in chunks (yielding between them). With `regrade`, every
 * bet of the game is re-settled against the corrected score in one transaction, so no reader sees a
 * half-regraded game. Returns how many bets changed.
 */
export async function settleGame(
  db: Db,
  now: Date,
  gameId: string,
  opts: { regrade?: boolean; previous?: PreviousScore } = {},
): Promise<number> {
  // PostgreSQL neither blocks the event loop nor holds one write lock for a chunk: larger chunks
  // there, several at once.
  const chunking = chunkingFor(db);
  const { partitions } = chunking;
  if (opts.regrade) {
    const regraded = await inSettlingTransaction(db, async (trx, touched) => {
      await lockSettlement(trx, gameId, partitions);
      const facts = await finalFacts(trx, gameId);
      if (!facts) return 0;
      const { awayAbbr, homeAbbr, awayScore, homeScore } = facts;
      const regrade = { game: { awayAbbr, homeAbbr, before: opts.previous ?? null, after: { awayScore, homeScore } } };
      let changed = 0;
      for (let afterId = 0; ; ) {
        const bets = await repo.betsOfGame(trx, gameId, afterId, CHUNK, false);
        if (bets.length === 0) break;
        changed += await applyOutcomes(trx, now, singles(bets, facts), regrade, touched);
        afterId = bets.at(-1)!.id;
      }
      for (let afterId = 0; ; ) {
        const parlays = await repo.parlaysWithLegOn(trx, gameId, afterId, PARLAY_CHUNK, false);
        if (parlays.length === 0) break;
        changed += await applyOutcomes(trx, now, await decideParlays(trx, parlays, gameId, facts), regrade, touched);
        afterId = parlays.at(-1)!.id;
      }
      return changed;
    });
    await boardsUpToDate(db);
    return regraded;
  }
  if (partitions > 1) {
    // Placements on this game that began before it completed hold it shared: let them finish, so
    // their bets are among those read below (any placement after this reads the game completed).
    await transaction(db, { exclusive: [["game", gameId]] }, async () => {});
  }
  const settleShare = async (part: number): Promise<number> => {
    let changed = 0;
    let size = chunking.first;
    for (let afterId = 0; ; ) {
      const step = await inSettlingTransaction(db, async (trx, touched) => {
        await lockShare(trx, part);
        // Timed from the lock on: waiting for placements' commits is not the chunk's work.
        const started = performance.now();
        const facts = await finalFacts(trx, gameId);
        if (!facts) return null;
        const bets = await repo.betsOfGame(trx, gameId, afterId, size, true, { part, of: partitions });
        if (bets.length === 0) return null;
        const changedHere = await applyOutcomes(trx, now, singles(bets, facts), null, touched);
        return { changed: changedHere, lastId: bets.at(-1)!.id, tookMs: performance.now() - started };
      });
      if (!step) break;
      changed += step.changed;
      afterId = step.lastId;
      size = nextChunkSize(size, step.tookMs, chunking);
      await yieldToEventLoop();
    }
    return changed;
  };
  const shares = await Promise.all(Array.from({ length: partitions }, (_, part) => settleShare(part)));
  let changed = shares.reduce((sum, n) => sum + n, 0);
  // Then the parlays with a pending leg on this game: the leg is graded, and the parlay settles when
  // this was its last leg or the leg lost (a parlay already lost still has its later legs graded).
  for (let afterId = 0; ; ) {
    const step = await inSettlingTransaction(db, async (trx, touched) => {
      await lockSettlement(trx, gameId, partitions);
      const facts = await finalFacts(trx, gameId);
      if (!facts) return null;
      const parlays = await repo.parlaysWithLegOn(trx, gameId, afterId, PARLAY_CHUNK, true);
      if (parlays.length === 0) return null;
      return {
        changed: await applyOutcomes(trx, now, await decideParlays(trx, parlays, gameId, facts), null, touched),
        lastId: parlays.at(-1)!.id,
      };
    });
    if (!step) break;
    changed += step.changed;
    afterId = step.lastId;
    await yieldToEventLoop();
  }
  // The boards take in the last chunks before we say we are done: the next read is fresh.
  await boardsUpToDate(db);
  return changed;
}

/** The start-up sweep: settles every pending bet of every completed game, so a crash between resolve and settlement loses nothing. */
export async function settleAllPending(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  let changed = 0;
  for (const { game_id } of await repo.gamesWithPendingBets(db)) {
    // Stopping (SIGTERM at start-up): each game is settled whole; the rest wait for the next start's sweep.
    if (signal?.aborted) break;
    changed += await settleGame(db, now, game_id);
  }
  return changed;
}
