import type { BetsSummary } from "../../../shared/contract/betting.ts";
import type { ReactNode } from "react";
import {
  type BET_TYPES,
  type BetFilters as Filters,
  type BetsSort,
  type BetsTab,
  narrowing,
  type RESULTS,
} from "./filters.ts";

const TYPES: readonly (readonly [(typeof BET_TYPES)[number], string])[] = [
  ["spread", "Spread"],
  ["total", "Total"],
  ["moneyline", "Moneyline"],
  ["prop", "Player prop"],
  ["parlay", "Parlay"],
];
const RESULT_NAMES: readonly (readonly [(typeof RESULTS)[number], string])[] = [
  ["won", "Won"],
  ["lost", "Lost"],
  ["push", "Push"],
];
const SORTS: readonly (readonly [BetsSort, string])[] = [
  ["newest", "Newest"],
  ["oldest", "Oldest"],
  ["stake", "Stake"],
  ["payout", "Payout / profit"],
];

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
}) {
  return (
    <div className="bet-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

interface BetFiltersProps {
  filters: Filters & { tab: BetsTab };
  summary: BetsSummary | undefined;
  onChange(change: Partial<Filters>): void;
}

/** Search (team, player, selection or note), then week, bet type, book, result (settled bets) and sort, behind 'Filters' so rows stay in view on a phone. */
export function BetFilters({ filters, summary, onChange }: BetFiltersProps) {
  const active = narrowing({ ...filters, q: "" });
  return (
    <div className="bet-filters">
      <div className="bet-search">
        <label htmlFor="bets-search" className="visually-hidden">
          Search bets
        </label>
        <input
          id="bets-search"
          type="search"
          placeholder="Team, player or note"
          maxLength={100}
          value={filters.q}
          onChange={(event) => onChange({ q: event.target.value })}
        />
      </div>
      <details className="bet-filter-panel">
        <summary>Filters &amp; sort{active > 0 ? ` (${active})` : ""}</summary>
        <div className="bet-filter-grid">
          <Select id="bets-week" label="Week" value={filters.week} onChange={(week) => onChange({ week })}>
            <option value="">All weeks</option>
            {(summary?.weeks ?? []).map((week) => (
              <option key={week} value={String(week)}>
                Week {week}
              </option>
            ))}
          </Select>
          <Select id="bets-type" label="Bet type" value={filters.type} onChange={(type) => onChange({ type })}>
            <option value="">All types</option>
            {TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
          <Select id="bets-book" label="Book" value={filters.book} onChange={(book) => onChange({ book })}>
            <option value="">All books</option>
            {(summary?.books ?? []).map((book) => (
              <option
                key={book.leagueId ?? "individual"}
                value={book.leagueId === null ? "individual" : String(book.leagueId)}
              >
                {book.name}
              </option>
            ))}
          </Select>
          {filters.tab === "open" ? null : (
            <Select id="bets-result" label="Result" value={filters.result} onChange={(result) => onChange({ result })}>
              <option value="">Any result</option>
              {RESULT_NAMES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          )}
          <Select
            id="bets-sort"
            label="Sort"
            value={filters.sort}
            onChange={(sort) => onChange({ sort: sort as BetsSort })}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </details>
    </div>
  );
}
