import { answeredOffline, OFFLINE_REFRESH } from "../../lib/offline.ts";
import type { Bet } from "../../../shared/contract/betting.ts";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { Loading } from "../../components/Loading.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { useSearch } from "../../lib/search-param.ts";
import { invalidate } from "../../lib/swr.ts";
import { useBetsPage, useBetsSummary } from "./api.ts";
import { BetCard } from "./BetCard.tsx";
import { BetFilters } from "./BetFilters.tsx";
import { BetsSummary } from "./BetsSummary.tsx";
import { CancelBetDialog } from "./CancelBetDialog.tsx";
import {
  type BetFilters as Filters,
  BETS_PAGE_SIZE,
  type BetsTab,
  betsQuery,
  defaultTab,
  filtersFromSearch,
  NO_FILTERS,
  SEARCH_MAX,
  searchChanges,
  narrowing,
} from "./filters.ts";
import { NoteDialog } from "./NoteDialog.tsx";
import { useNow } from "./use-now.ts";

const TITLE = "Recent Bets & Journal";
const SIGN_IN = `/auth?returnUrl=${encodeURIComponent("/my-bets")}`;
const LOAD_FAILED = "Failed to load your bets. Please try refreshing.";
/** Typing in the search box asks the server once the typing pauses. */
const SEARCH_PAUSE_MS = 300;

/**
 * What to say when the list did not load: a refusal of ours (4xx) says why in words meant for people;
 * a server failure (5xx) or no answer at all gets the spec's plain fallback, never the server's text.
 */
const loadError = (error: unknown) =>
  error instanceof ApiError && error.status < 500 ? errorText(error, LOAD_FAILED) : LOAD_FAILED;

/** A spec §8 panel: what went wrong, in the spec's words. */
function ErrorPanel({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  return (
    <article className="error-panel" role="alert">
      <h2>{title}</h2>
      <p>{message}</p>
      {children}
    </article>
  );
}

/** /my-bets (spec §2): the signed-in player's bet tracker with its journal notes. Visitors go to /auth. */
export function MyBetsPage() {
  const { user, error, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const signedOut = !isLoading && !error && user === null;

  useEffect(() => {
    if (signedOut) navigate(SIGN_IN, { replace: true });
  }, [signedOut, navigate]);

  if (user)
    return (
      <div className="my-bets">
        <MyBets userId={user.id} />
      </div>
    );
  if (error) {
    return (
      <>
        <PageHeader title={TITLE} />
        <ErrorPanel
          title="Authentication Issue"
          message="Unable to load user information. Please try logging out and back in."
        />
      </>
    );
  }
  return <Loading>Loading…</Loading>;
}

/** Every query of the list and its summary, asked again. */
const refreshBets = () => invalidate(["bets", "betsList"]);

function MyBets({ userId }: { userId: number }) {
  const summary = useBetsSummary(userId);
  // The filters live in the address (Back, reload and a shared link keep them); the notes search box
  // types into the page and reaches the address with the search, once typing pauses.
  const [search, updateSearch] = useSearch();
  const inAddress = filtersFromSearch(search);
  const [typed, setTyped] = useState(inAddress.q);
  const filters = { ...inAddress, q: typed };
  const searched = inAddress.q;
  const [pages, setPages] = useState(1);
  const [editing, setEditing] = useState<Bet | null>(null);
  const [cancelling, setCancelling] = useState<Bet | null>(null);
  const tabs = useRef<HTMLDivElement>(null);
  // What Refresh did, when it could not reach the server (issue 46 item 7); empty otherwise.
  const [refreshNote, setRefreshNote] = useState("");
  const refresh = async () => {
    setRefreshNote("");
    await refreshBets();
    setRefreshNote(answeredOffline() ? OFFLINE_REFRESH : "");
  };
  const now = useNow();

  const written = useRef(searched);
  useEffect(() => {
    const timer = setTimeout(() => {
      written.current = typed.slice(0, SEARCH_MAX);
      updateSearch(searchChanges({ q: written.current }));
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed, updateSearch]);
  // Back, or a link, that changes the search in the address puts it in the box (not our own writes).
  useEffect(() => {
    if (searched !== written.current) {
      written.current = searched;
      setTyped(searched);
    }
  }, [searched]);

  const change = ({ q, ...next }: Partial<Filters>) => {
    if (q !== undefined) setTyped(q);
    if (Object.keys(next).length > 0) updateSearch(searchChanges(next));
    setPages(1);
  };
  const counts = summary.data;
  const tab = filters.tab ?? defaultTab(counts?.openBets ?? 0);
  const listFilters = { ...filters, tab, q: searched };
  const total = counts ? counts.openBets + counts.settledBets : null;
  const tabOptions = (["open", "settled", "all"] as const).map((tab) => ({
    value: tab,
    label: `${TAB_NAMES[tab]}${counts ? ` (${tab === "open" ? counts.openBets : tab === "settled" ? counts.settledBets : total})` : ""}`,
  }));
  // After a cancel the row (and the button that opened the dialog) is gone: focus goes to the tab
  // the player is on, once the dialog has closed (closing gives focus back to the removed button).
  const focusTabAfterClose = useRef(false);
  useEffect(() => {
    if (cancelling !== null || !focusTabAfterClose.current) return;
    focusTabAfterClose.current = false;
    tabs.current?.querySelector<HTMLElement>("[aria-pressed=true]")?.focus();
  }, [cancelling]);
  const afterCancel = () => {
    focusTabAfterClose.current = true;
  };

  return (
    <>
      <PageHeader title={TITLE} subtitle="Every bet you've placed, how it ended, and your notes on it.">
        <button
          type="button"
          className="secondary outline bets-refresh"
          onClick={() => void refresh()}
          disabled={summary.isValidating}
          aria-busy={summary.isValidating || undefined}
        >
          Refresh
        </button>
      </PageHeader>
      <p className="bets-refresh-result" role="status">
        {refreshNote}
      </p>

      {summary.error ? (
        <ErrorPanel title="Error loading bets" message={loadError(summary.error)}>
          <button type="button" className="secondary" onClick={() => void refreshBets()}>
            Retry
          </button>
        </ErrorPanel>
      ) : null}

      {counts === undefined ? (
        summary.error ? null : (
          <Loading>Loading your bets…</Loading>
        )
      ) : total === 0 ? (
        <article className="empty-state">
          <p>You haven't placed any bets yet.</p>
          <p>Pick a game, add it to your slip, and your bets and notes will show up here.</p>
          <Link href="/" className="button-link">
            Browse games
          </Link>
        </article>
      ) : (
        <>
          <BetsSummary summary={counts} />
          <div className="bets-toolbar" ref={tabs}>
            <SegmentedButtons
              label="Show bets"
              options={tabOptions}
              value={tab}
              onChange={(picked: BetsTab) => change({ tab: picked })}
            />
            <BetFilters filters={listFilters} summary={counts} onChange={change} />
          </div>
          <ol className="bet-list" aria-label={`${TAB_NAMES[tab]} bets`}>
            {Array.from({ length: pages }, (_, page) => (
              <BetsPage
                // biome-ignore lint/suspicious/noArrayIndexKey: a page is its number
                key={page}
                userId={userId}
                query={betsQuery(listFilters, page)}
                last={page === pages - 1}
                now={now}
                filtered={narrowing(listFilters) > 0}
                tab={tab}
                onMore={() => setPages(pages + 1)}
                onClear={() => change({ ...NO_FILTERS, tab, sort: filters.sort })}
                onEditNote={setEditing}
                onCancel={setCancelling}
              />
            ))}
          </ol>
        </>
      )}

      <NoteDialog bet={editing} onClose={() => setEditing(null)} />
      <CancelBetDialog bet={cancelling} onClose={() => setCancelling(null)} onCancelled={afterCancel} />
    </>
  );
}

const TAB_NAMES: Record<BetsTab, string> = { open: "Open", settled: "Settled", all: "All" };

interface BetsPageProps {
  userId: number;
  query: string;
  /** The last page shown: it offers the next one, or says the list is empty. */
  last: boolean;
  now: number;
  filtered: boolean;
  tab: BetsTab;
  onMore(): void;
  onClear(): void;
  onEditNote(bet: Bet): void;
  onCancel(bet: Bet): void;
}

/** One page of the list: its rows, and on the last page 'Show more bets' (or what an empty list means). */
function BetsPage({ userId, query, last, now, filtered, tab, onMore, onClear, onEditNote, onCancel }: BetsPageProps) {
  const { data: bets, error } = useBetsPage(userId, query);
  if (error && bets === undefined) {
    return (
      <li className="bet-list-note">
        <ErrorPanel title="Error loading bets" message={loadError(error)}>
          <button type="button" className="secondary" onClick={() => void refreshBets()}>
            Retry
          </button>
        </ErrorPanel>
      </li>
    );
  }
  if (bets === undefined) {
    return (
      <li className="bet-list-note">
        <Loading>Loading your bets…</Loading>
      </li>
    );
  }
  const shown = bets.slice(0, BETS_PAGE_SIZE);
  return (
    <>
      {shown.map((bet) => (
        <li key={bet.id}>
          <BetCard bet={bet} now={now} onEditNote={onEditNote} onCancel={onCancel} />
        </li>
      ))}
      {last && bets.length > BETS_PAGE_SIZE ? (
        <li className="bet-list-note">
          <button type="button" className="secondary outline" onClick={onMore}>
            Show more bets
          </button>
        </li>
      ) : null}
      {last && !query.includes("offset=") && bets.length === 0 ? (
        <li className="bet-list-note empty-state">
          {filtered ? (
            <>
              <p>No bets match these filters.</p>
              <button type="button" className="secondary outline" onClick={onClear}>
                Clear filters
              </button>
            </>
          ) : (
            <p>{tab === "open" ? "No open bets: everything you've placed has settled." : "No settled bets yet."}</p>
          )}
        </li>
      ) : null}
    </>
  );
}
