import type { Db } from "../../runtime/index.ts";
import { Ranking, sortInSteps, type RankRow } from "./ranking.ts";
import * as repo from "./repo.ts";
import { getOrCreate } from "../../lib/maps.ts";

/** A board: a week of a season, or all time (null). Individual bets only. */
export type BoardWeek = { season: number; week: number } | null;

const PAGE_ROWS = 5000;
/** Players re-read per statement when changes are applied. */
const REFRESH_SLICE = 500;
/** Changes noted within this long are applied together. */
const FLUSH_DELAY_MS = 25;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
const keyOf = (week: BoardWeek) => (week ? `${week.season}:${week.week}` : "all");

/**
 * Told which players' individual figures changed: by settlement, once its transaction has committed
 * (stats' `playersSettled`), and for other processes' settlements by the reaction to their
 * `bet_settlements` events (src/runtime/reactions.ts). The database's board set re-reads them
 * shortly after, and settlement awaits `flush` once it is done, so the next read is fresh.
 */
export function noteRankingChanges(db: Db, userIds: readonly number[]): void {
  if (userIds.length > 0) sets.get(db)?.changed(userIds);
}

/**
 * The rankings of one database's boards, built once in steps of a few milliseconds and then kept
 * up to date by applying changed players (a linear merge), never by sorting everyone again.
 */
export class BoardSet {
  readonly #rankings = new Map<string, Ranking>();
  readonly #building = new Map<string, { done: Promise<Ranking>; touched: Set<number> }>();
  #pending = new Set<number>();
  #flushing: Promise<void> | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #generation = 0;
  readonly #onApplied = new Set<() => Promise<void>>();

  constructor(private readonly db: Db) {}

  /** Called after changes were taken in (and awaited by `flush`): e.g. to rebuild cached answers. */
  onApplied(listener: () => Promise<void>): () => void {
    this.#onApplied.add(listener);
    return () => this.#onApplied.delete(listener);
  }

  changed(userIds: readonly number[]): void {
    for (const id of userIds) this.#pending.add(id);
    for (const build of this.#building.values()) for (const id of userIds) build.touched.add(id);
    // Off the request path, and a few chunks of a settlement at a time rather than each one.
    // A failure here is retried by the next flush (the ids stay pending).
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      this.flush().catch(() => {});
    }, FLUSH_DELAY_MS);
  }

  /**
   * A board's ranking: the last complete one. Readers never wait for changes being applied (a
   * settlement in progress); they wait only for a board's first build.
   */
  async ranking(week: BoardWeek): Promise<Ranking> {
    const key = keyOf(week);
    const ready = this.#rankings.get(key);
    if (ready) return ready;
    let build = this.#building.get(key);
    if (!build) {
      const touched = new Set<number>();
      const done = this.#build(week, touched).finally(() => this.#building.delete(key));
      build = { done, touched };
      this.#building.set(key, build);
    }
    return build.done;
  }

  /** Applies the noted changes to every board built so far (one query per board). */
  flush(): Promise<void> {
    if (this.#pending.size === 0) return this.#flushing ?? Promise.resolve();
    const previous = (this.#flushing ?? Promise.resolve()).catch(() => {});
    const ids = [...this.#pending];
    this.#pending = new Set();
    const run = previous
      .then(async () => {
        const before = this.#generation;
        for (const [key, ranking] of this.#rankings) {
          await this.#refresh(ranking, key === "all" ? null : weekOf(key), ids);
          await yieldToOthers();
        }
        if (this.#generation !== before) await Promise.all([...this.#onApplied].map((listener) => listener()));
      })
      .catch((error) => {
        // Not applied: keep them for the next flush.
        for (const id of ids) this.#pending.add(id);
        throw error;
      });
    const tracked: Promise<void> = run.finally(() => {
      if (this.#flushing === tracked) this.#flushing = null;
    });
    this.#flushing = tracked;
    return tracked;
  }

  async #refresh(ranking: Ranking, week: BoardWeek, ids: number[]): Promise<void> {
    const rows = new Map<number, RankRow>();
    // Read in slices: one statement over thousands of players would hold the loop too long.
    for (let i = 0; i < ids.length; i += REFRESH_SLICE) {
      if (i > 0) await yieldToOthers();
      for (const r of await repo.rankRowsOf(this.db, week, ids.slice(i, i + REFRESH_SLICE))) rows.set(r.userId, r);
    }
    // The merge gets a turn of its own, not the tail of whichever settling commit let the reads in.
    await yieldToOthers();
    const changed = ids.flatMap((id) => {
      const now = rows.get(id);
      const before = ranking.rowOf(id);
      if (!now) return before ? [{ ...before, settled: 0 }] : [];
      return before && sameFigures(before, now) ? [] : [now];
    });
    if (changed.length === 0) return;
    ranking.apply(changed);
    this.#generation += 1;
  }

  async #build(week: BoardWeek, touched: Set<number>): Promise<Ranking> {
    const rows: RankRow[] = [];
    for (let after = 0; ; ) {
      const page = await repo.rankRowsPage(this.db, week, after, PAGE_ROWS);
      rows.push(...page);
      if (page.length < PAGE_ROWS) break;
      after = page.at(-1)!.userId;
      await yieldToOthers();
    }
    const ranking = new Ranking(await sortInSteps(rows, yieldToOthers));
    // Players settled while we read: read them again now that the ranking exists.
    await this.#refresh(ranking, week, [...touched]);
    this.#rankings.set(keyOf(week), ranking);
    return ranking;
  }
}

function weekOf(key: string): BoardWeek {
  const [season, week] = key.split(":").map(Number);
  return { season: season!, week: week! };
}

function sameFigures(a: RankRow, b: RankRow): boolean {
  return (
    a.settled === b.settled &&
    a.won === b.won &&
    a.lost === b.lost &&
    a.pushed === b.pushed &&
    a.wageredCents === b.wageredCents &&
    a.profitCents === b.profitCents
  );
}

const sets = new WeakMap<Db, BoardSet>();

/** The board set of a database (tests run many side by side). */
export function boardsOf(db: Db): BoardSet {
  return getOrCreate(sets, db, () => new BoardSet(db));
}
