import type { GameFilter } from "./filter.ts";

/** The Filter button's panel: a team search and 'Hide started games'. */
export function FilterPanel({
  id,
  filter,
  onChange,
}: {
  id: string;
  filter: GameFilter;
  onChange(filter: GameFilter): void;
}) {
  return (
    <div id={id} className="filter-panel surface" role="search" aria-label="Filter games">
      <label className="filter-team">
        Team
        <input
          type="search"
          placeholder="Name or abbreviation, e.g. Eagles or PHI"
          value={filter.team}
          onChange={(event) => onChange({ ...filter, team: event.target.value })}
        />
      </label>
      <label className="filter-started">
        <input
          type="checkbox"
          role="switch"
          checked={filter.hideStarted}
          onChange={(event) => onChange({ ...filter, hideStarted: event.target.checked })}
        />
        Hide started games
      </label>
    </div>
  );
}
