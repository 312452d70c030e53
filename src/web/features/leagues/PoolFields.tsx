import type { PoolOptions } from "../../../shared/contract/pools.ts";
import { FORMAT_DESCRIPTIONS, FORMAT_LABELS, FORMATS, type LeagueFormat, MAX_STRIKES } from "../../../shared/pools.ts";

const STRIKE_CHOICES = Array.from({ length: MAX_STRIKES + 1 }, (_, n) => n);

interface PoolFieldsProps {
  id: string;
  format: LeagueFormat;
  pool: PoolOptions;
  onFormat(format: LeagueFormat): void;
  onPool(pool: PoolOptions): void;
}

/**
 * The league's format (bets, or a pick'em, confidence or survivor pool) and the pool's options
 * (issue 45). Fixed once the pool has a pick: the server then refuses a change (409 pool_started).
 */
export function PoolFields({ id, format, pool, onFormat, onPool }: PoolFieldsProps) {
  const set = <K extends keyof PoolOptions>(key: K, value: PoolOptions[K]) => onPool({ ...pool, [key]: value });
  const select = <K extends "lock" | "against" | "tieIs">(
    key: K,
    label: string,
    choices: [PoolOptions[K], string][],
  ) => (
    <div>
      <label htmlFor={`${id}-pool-${key}`}>{label}</label>
      <select
        id={`${id}-pool-${key}`}
        value={pool[key]}
        onChange={(event) => set(key, event.target.value as PoolOptions[K])}
      >
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const check = (key: "priced" | "tiebreaker" | "autoPick", label: string, hint: string, disabled = false) => (
    <label>
      <input
        type="checkbox"
        checked={pool[key] && !disabled}
        disabled={disabled}
        onChange={(event) => set(key, event.target.checked)}
        aria-describedby={`${id}-pool-${key}-hint`}
      />
      {label}
      <small id={`${id}-pool-${key}-hint`}>{hint}</small>
    </label>
  );
  return (
    <fieldset className="league-pool">
      <legend>Format</legend>
      <select
        id={`${id}-format`}
        aria-label="Format"
        value={format}
        aria-describedby={`${id}-format-hint`}
        onChange={(event) => onFormat(event.target.value as LeagueFormat)}
      >
        {FORMATS.map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <small id={`${id}-format-hint`}>
        {FORMAT_DESCRIPTIONS[format]}
        {format === "bets" ? "" : " Set the options before the first pick: they are fixed from then on."}
      </small>
      {format === "bets" ? null : (
        <div className="league-pool-options">
          <div className="league-form-pair">
            {select("lock", "Picks lock", [
              ["game", "At each game's kick-off"],
              ["week", "At the week's first kick-off"],
            ])}
            {format === "survivor"
              ? select("tieIs", "A tie", [
                  ["win", "Advances"],
                  ["loss", "Counts as a loss"],
                ])
              : select("against", "Pick", [
                  ["straight", "Straight up"],
                  ["spread", "Against the spread"],
                ])}
          </div>
          {format === "survivor" ? (
            <>
              <div>
                <label htmlFor={`${id}-pool-strikes`}>Strikes</label>
                <select
                  id={`${id}-pool-strikes`}
                  value={pool.strikes}
                  onChange={(event) => set("strikes", Number(event.target.value))}
                >
                  {STRIKE_CHOICES.map((n) => (
                    <option key={n} value={n}>
                      {n === 0 ? "None: one loss and you're out" : `${n}: out on loss ${n + 1}`}
                    </option>
                  ))}
                </select>
              </div>
              {check(
                "autoPick",
                "Automatic pick",
                "A member with no pick gets the largest home favourite still open, before the week's busiest kick-off.",
              )}
            </>
          ) : (
            <>
              {check(
                "priced",
                "Score by the price",
                "A correct pick scores its moneyline when picked: an underdog at +250 scores 2.5, a −400 favourite 0.25.",
                pool.against === "spread",
              )}
              {check(
                "tiebreaker",
                "Tiebreaker",
                "Members guess the total points of the week's last game; the closest wins a tied week.",
              )}
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
