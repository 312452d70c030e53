import { computed } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Game } from "../../../shared/contract/games.ts";
import { selectionKey, slipSelections } from "../../lib/bet-slip.ts";
import { useCurrentWeek, useWeekGames } from "../../lib/games.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useAllBets, useUserStats, useWeekBets } from "./api.ts";
import { useWeekCoverage } from "../../lib/contest-status.ts";
import { intParam, useSearch } from "../../lib/search-param.ts";
import { WEEKS } from "../../../shared/games.ts";
import { activeFilterCount, type GameFilter, matchesFilter, NO_FILTER, UNBET_FILTER } from "./filter.ts";
import { pickedWeek } from "./state.ts";
import { useKickoffClock } from "./use-kickoff-clock.ts";
import { answeredOffline, OFFLINE_REFRESH } from "../../lib/offline.ts";
import { type LineMove, lineMoves, movesOfGame, refreshResultText } from "./line-moves.ts";

/** The picks in the slip, grouped by game, as the strings the cards compare; worked out again only when the picks change. */
const slipKeysByGame = computed(() => {
  const byGame = new Map<string, string[]>();
  for (const pick of slipSelections.value) {
    const keys = byGame.get(pick.gameId) ?? [];
    keys.push(selectionKey(pick));
    byGame.set(pick.gameId, keys);
  }
  return new Map([...byGame].map(([gameId, keys]) => [gameId, keys.join("\n")]));
});

/** What the list of open games shows, in the order the cases are decided. */
export type GameListState =
  | { show: "failed" }
  | { show: "loading" }
  /** A past week: its final scores below say what happened. */
  | { show: "past" }
  /** The spec's sentence, for a week with no games at all. */
  | { show: "no-games"; week: number }
  | { show: "unmatched" }
  | { show: "games"; games: Game[] };

const settled = (query: { data?: unknown; error?: unknown }) => query.data !== undefined || !!query.error;

/**
 * The Games screen's state (spec §2): the week, its games and the player's bets on them, the
 * panels above, the filter, and what the list shows; `GamesPage` only draws it.
 */
export function useGamesPage() {
  useSignals();
  const currentWeek = useCurrentWeek();
  const [search, updateSearch] = useSearch();
  // A week the address names shows from the first render (the server's page draws it too).
  const linkedWeek = intParam(search.get("week"), 1, WEEKS);
  const week = pickedWeek.value ?? linkedWeek ?? currentWeek.data?.week ?? null;
  const games = useWeekGames(week);
  const { user, isLoading: sessionLoading } = useCurrentUser();
  const weekBets = useWeekBets(user?.id, week);
  const bets = weekBets.data;
  const coverage = useWeekCoverage(user?.id, currentWeek.data?.week ?? null);
  const stats = useUserStats(user?.id);
  const allBets = useAllBets(user?.id);
  const [filter, setFilter] = useState<GameFilter>(NO_FILTER);
  const [filterOpen, setFilterOpen] = useState(false);
  const now = useKickoffClock(games.data);
  const { moves, refreshResult, refresh } = useLineMoves(week, games);
  const listRef = useRef<HTMLElement | null>(null);
  const [jump, setJump] = useState(0);
  const [linesGameId, setLinesGameId] = useState<string | null>(null);
  const showLines = useCallback((gameId: string) => setLinesGameId(gameId), []);

  /** The contest status's next step: this week's open games not bet yet (week null), or another week's games. */
  const showGames = (target: number | null) => {
    if (target === null) {
      pickedWeek.value = null;
      if (search.has("week")) updateSearch({ week: null });
      setFilter(UNBET_FILTER);
    } else {
      pickedWeek.value = target;
      setFilter(NO_FILTER);
    }
    setJump((n) => n + 1);
  };
  // Links from other screens take the same step: `/?show=unbet` once (it then leaves the address),
  // `/?week=N` whenever the address names a week the screen is not on. The week stays in the
  // address (a reload, a shared link, the sign-in prompt's way back keep it) and follows the picker.
  const show = search.get("show");
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken once per link; showGames only sets state
  useEffect(() => {
    if (show === "unbet") {
      showGames(null);
      updateSearch({ show: null });
      return;
    }
    if (linkedWeek !== null && linkedWeek !== pickedWeek.value) showGames(linkedWeek);
  }, [show, linkedWeek]);

  const open = useMemo(() => (games.data ?? []).filter((game) => game.status !== "completed"), [games.data]);
  const finals = useMemo(() => (games.data ?? []).filter((game) => game.status === "completed"), [games.data]);
  // 'YOUR BET' shows single bets: a parlay is its own bet, shown with its legs on My Bets.
  const betsByGame = useMemo(
    () =>
      Map.groupBy(
        (bets ?? []).filter((bet) => !bet.isParlay),
        (bet) => bet.gameId,
      ),
    [bets],
  );
  // Coverage counts individual single bets, so "not bet" means no individual single bet.
  const shown = useMemo(() => {
    const individual = new Set((bets ?? []).filter((b) => !b.isParlay && b.leagueId == null).map((b) => b.gameId));
    return open.filter((game) => matchesFilter(game, filter, now, (id) => individual.has(id)));
  }, [open, filter, now, bets]);
  const filters = activeFilterCount(filter);
  const error = currentWeek.error ?? games.error;

  // Nothing above or inside the list may move once it shows, under a finger about to tap a price.
  // So the screen waits, under a skeleton, for the small answers that decide its layout: the
  // session, the coverage panel (its hint wraps on phones), whether the performance panel shows
  // (the stats) and, before the list, the week's bets (each card's 'YOUR BET'). All are asked for
  // alongside the games. The player's whole bet history is not waited for: it only feeds the
  // performance panel's 30-day ROI, whose card keeps its size and fills in when it arrives.
  const panelsReady = !sessionLoading && (!user || ((settled(coverage) || !!currentWeek.error) && settled(stats)));
  const listReady = !!games.data && (!user || settled(weekBets));

  let list: GameListState;
  if (error && !games.data) list = { show: "failed" };
  else if (week === null || !listReady) list = { show: "loading" };
  else if (open.length === 0) list = finals.length > 0 ? { show: "past" } : { show: "no-games", week };
  else if (shown.length === 0) list = { show: "unmatched" };
  else list = { show: "games", games: shown };

  // After a jump, the list comes into view with focus on it, once it shows.
  const listShown = list.show;
  useEffect(() => {
    if (jump === 0 || listShown === "loading") return;
    listRef.current?.focus();
    listRef.current?.scrollIntoView({ block: "start" });
  }, [jump, listShown]);

  return {
    sessionKnown: !sessionLoading,
    panelsReady,
    week,
    currentWeek: currentWeek.data?.week ?? week,
    pickWeek: (n: number) => {
      pickedWeek.value = n;
      if (search.has("week")) updateSearch({ week: String(n) });
    },
    coverage: coverage.data,
    /** The performance panel's figures, once the player has bets. */
    stats: stats.data && stats.data.totalBets > 0 ? stats.data : undefined,
    history: allBets.data,
    historyFailed: !!allBets.error && !allBets.data,
    filter,
    setFilter,
    clearFilter: () => setFilter(NO_FILTER),
    filterOpen,
    toggleFilter: () => setFilterOpen((was) => !was),
    activeFilters: filters,
    /** 'Showing N of M games', while a filter hides some. */
    filterSummary: filters > 0 && games.data && shown.length > 0 ? { shown: shown.length, of: open.length } : null,
    refreshing: games.isValidating,
    refresh,
    /** What the last Refresh Odds did ("3 lines moved." / "No change: …"), until the next one. */
    refreshResult,
    /** Each game's prices that moved while the screen was open, for its card. */
    movesOf: (gameId: string) => movesOfGame(moves, gameId),
    /** A refresh failed while the games are still on screen. */
    refreshFailed: !!error && !!games.data,
    // Whichever read failed is asked again.
    retry: () => void (currentWeek.error ? currentWeek.mutate() : games.mutate()),
    retrying: currentWeek.isValidating || games.isValidating,
    list,
    /** The list's landmark, focused after a jump from the contest status. */
    listRef,
    showGames,
    signedIn: !!user,
    /** With the list, not before: arriving first, the final scores would drop as the cards replace the skeleton. */
    finals: listReady ? finals : [],
    now,
    slipKeys: slipKeysByGame.value,
    betsByGame,
    /** The card whose line movement is open (its dialog), and the viewer's bets to mark on it. */
    linesGame: (games.data ?? []).find((g) => g.id === linesGameId) ?? null,
    showLines,
    closeLines: () => setLinesGameId(null),
  };
}

export type GamesPageState = ReturnType<typeof useGamesPage>;

/**
 * The prices that moved while the screen was open (a live update or Refresh Odds), each with its
 * direction, for this week; and what the last Refresh Odds did, in words.
 */
function useLineMoves(week: number | null, games: ReturnType<typeof useWeekGames>) {
  const [moves, setMoves] = useState<ReadonlyMap<string, LineMove>>(new Map());
  const [refreshResult, setRefreshResult] = useState<string | null>(null);
  const seen = useRef<{ week: number | null; games: readonly Game[] } | null>(null);
  const data = games.data;
  useEffect(() => {
    if (!data) return;
    const before = seen.current;
    seen.current = { week, games: data };
    if (!before || before.week !== week) {
      setMoves(new Map());
      setRefreshResult(null);
      return;
    }
    const moved = lineMoves(before.games, data);
    if (moved.size > 0) setMoves((old) => new Map([...old, ...moved]));
  }, [data, week]);
  const refresh = async () => {
    setRefreshResult(null);
    const before = seen.current?.games ?? data ?? [];
    const after = await games.mutate();
    if (after) setRefreshResult(answeredOffline() ? OFFLINE_REFRESH : refreshResultText(lineMoves(before, after).size));
  };
  return { moves, refreshResult, refresh: () => void refresh() };
}
