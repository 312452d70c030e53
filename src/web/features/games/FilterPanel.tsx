import type { GameFilter } from "./filter.ts";

/** The Filter button's panel: a team search, 'Hide started games' and, signed in, 'Only games I haven't bet'. */
export function FilterPanel({
  id,
  filter,
  onChange,
  signedIn,
}: {
  id: string;
  filter: GameFilter;
  onChange(filter: GameFilter): void;
  /** Offer 'Only games I haven't bet' (a visitor has bet none). */
  signedIn: boolean;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the panel's layout is built on Pico's [role=search] styles, which a <search> element would drop
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
          // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is its aria-checked (ARIA in HTML says not to repeat it)
          role="switch"
          checked={filter.hideStarted}
          onChange={(event) => onChange({ ...filter, hideStarted: event.target.checked })}
        />
        Hide started games
      </label>
      {signedIn ? (
        <label className="filter-started">
          <input
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is its aria-checked (ARIA in HTML says not to repeat it)
            role="switch"
            checked={filter.notBet}
            onChange={(event) => onChange({ ...filter, notBet: event.target.checked })}
          />
          Only games I haven't bet
        </label>
      ) : null}
    </div>
  );
}
