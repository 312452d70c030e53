import { useEffect, useState } from "react";
import { Field } from "../../components/Field.tsx";
import {
  SCORING_LABELS,
  SCORING_LIMITS,
  SCORINGS,
  type Scoring,
  type ScoringSettings,
  TIEBREAKER_LABELS,
  TIEBREAKERS,
  type Tiebreaker,
} from "../../../shared/league-scoring.ts";

interface ScoringFieldsProps {
  /** The form's id prefix. */
  id: string;
  value: ScoringSettings;
  onChange(value: ScoringSettings): void;
  error: string | null;
}

/** Where the focus goes after a tiebreaker moved or went: the same button of the moved one, or the Add picker. */
type FocusAfter = { tiebreaker: Tiebreaker; button: "up" | "down" } | "add" | null;

/**
 * The Scoring fieldset of Create/Edit League (decision 0058): what the standings rank by, the
 * tiebreakers in the commissioner's order (moved with Up/Down buttons, so the keyboard alone can
 * order them), worst weeks dropped from the season, and a weekly minimum of bets.
 */
export function ScoringFields({ id, value, onChange, error }: ScoringFieldsProps) {
  const set = (change: Partial<ScoringSettings>) => onChange({ ...value, ...change });
  const unused = TIEBREAKERS.filter((t) => !value.tiebreakers.includes(t));
  const [adding, setAdding] = useState<Tiebreaker | "">("");
  const toAdd = adding !== "" && unused.includes(adding) ? adding : (unused[0] ?? "");
  const [focusAfter, setFocusAfter] = useState<FocusAfter>(null);

  useEffect(() => {
    if (focusAfter === null) return;
    const target =
      focusAfter === "add"
        ? document.getElementById(`${id}-tiebreaker-add`)
        : (document.getElementById(
            `${id}-tiebreaker-${focusAfter.tiebreaker}-${focusAfter.button}`,
          ) as HTMLButtonElement | null);
    // A button that became disabled (now first or last) hands the focus to its neighbour.
    const usable =
      target instanceof HTMLButtonElement && target.disabled && focusAfter !== "add"
        ? document.getElementById(
            `${id}-tiebreaker-${focusAfter.tiebreaker}-${focusAfter.button === "up" ? "down" : "up"}`,
          )
        : target;
    usable?.focus();
    setFocusAfter(null);
  }, [focusAfter, id]);

  const move = (index: number, by: -1 | 1) => {
    const order = [...value.tiebreakers];
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    set({ tiebreakers: order });
    setFocusAfter({ tiebreaker: moved!, button: by === -1 ? "up" : "down" });
  };
  const remove = (tiebreaker: Tiebreaker) => {
    set({ tiebreakers: value.tiebreakers.filter((t) => t !== tiebreaker) });
    setFocusAfter("add");
  };
  const add = () => {
    if (toAdd === "") return;
    set({ tiebreakers: [...value.tiebreakers, toAdd] });
    setAdding("");
  };
  const count = (field: "roiMinBets" | "dropWorstWeeks" | "minBetsPerWeek", label: string, hint: string) => (
    <Field
      id={`${id}-${field}`}
      label={label}
      name={field}
      type="number"
      inputMode="numeric"
      min={0}
      max={SCORING_LIMITS[field]}
      step={1}
      value={Number.isNaN(value[field]) ? "" : value[field]}
      onChange={(event) => set({ [field]: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
      hint={hint}
    />
  );

  return (
    <fieldset className="league-scoring" aria-describedby={error ? `${id}-scoring-error` : undefined}>
      <legend>Scoring</legend>
      <label htmlFor={`${id}-scoring`}>Rank by</label>
      <select
        id={`${id}-scoring`}
        name="scoring"
        value={value.scoring}
        onChange={(event) => set({ scoring: event.target.value as Scoring })}
      >
        {SCORINGS.map((s) => (
          <option key={s} value={s}>
            {SCORING_LABELS[s]}
          </option>
        ))}
      </select>
      {value.scoring === "roi"
        ? count("roiMinBets", "Minimum bets for ROI", "Members with fewer settled bets are listed unranked.")
        : null}

      <div className="league-tiebreakers">
        <span id={`${id}-tiebreakers-label`} className="league-tiebreakers-label">
          Tiebreakers, in order
        </span>
        {value.tiebreakers.length === 0 ? (
          <p className="muted">None: members with the same score share a rank.</p>
        ) : (
          <ol aria-labelledby={`${id}-tiebreakers-label`}>
            {value.tiebreakers.map((t, index) => (
              <li key={t}>
                <span>{TIEBREAKER_LABELS[t]}</span>
                <span className="league-tiebreaker-buttons">
                  <button
                    type="button"
                    id={`${id}-tiebreaker-${t}-up`}
                    className="secondary outline"
                    aria-label={`Move ${TIEBREAKER_LABELS[t]} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    id={`${id}-tiebreaker-${t}-down`}
                    className="secondary outline"
                    aria-label={`Move ${TIEBREAKER_LABELS[t]} down`}
                    disabled={index === value.tiebreakers.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="secondary outline"
                    aria-label={`Remove ${TIEBREAKER_LABELS[t]}`}
                    onClick={() => remove(t)}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
        {unused.length > 0 ? (
          <div className="league-tiebreaker-add" role="group" aria-label="Add a tiebreaker">
            <select
              id={`${id}-tiebreaker-add`}
              aria-label="Tiebreaker to add"
              value={toAdd}
              onChange={(event) => setAdding(event.target.value as Tiebreaker)}
            >
              {unused.map((t) => (
                <option key={t} value={t}>
                  {TIEBREAKER_LABELS[t]}
                </option>
              ))}
            </select>
            <button type="button" className="secondary" onClick={add}>
              Add tiebreaker
            </button>
          </div>
        ) : null}
        <small className="muted">Members still tied share a rank, listed by who joined first.</small>
      </div>

      <div className="league-form-pair">
        <div>
          {count("dropWorstWeeks", "Drop worst weeks", "Each member's worst weeks leave the season standings.")}
        </div>
        <div>
          {count("minBetsPerWeek", "Minimum bets per week", "Fewer settled bets in a week: unranked that week.")}
        </div>
      </div>
      {error ? (
        <small id={`${id}-scoring-error`} className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
