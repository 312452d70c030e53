import { useState, type FormEvent, type ReactNode } from "react";
import { Field, TextAreaField } from "../../components/Field.tsx";
import { BET_TYPES, NAME_MAX } from "../../../shared/leagues.ts";
import type { LeagueSettingsPayload } from "./api.ts";
import {
  formProblem,
  settingsPayload,
  type FormProblem,
  type LeagueFormField,
  type LeagueFormValues,
} from "./league-form.ts";
import { betTypeName } from "../../lib/league-text.ts";
import { RevealPicksField } from "./RevealPicksField.tsx";
import { ScoringFields } from "./ScoringFields.tsx";
import { PoolFields } from "./PoolFields.tsx";

interface LeagueFormProps {
  /** Prefixes the fields' ids, so the create and edit forms can be on the page together. */
  id: string;
  initial: LeagueFormValues;
  submitLabel: string;
  pendingLabel: string;
  /** Sends the settings; resolves true when they were saved (the dialog then closes). */
  onSubmit(settings: LeagueSettingsPayload): Promise<boolean>;
  onCancel(): void;
}

/** The league settings form of 'Create League' and 'Edit League Settings' (spec §2, §5). */
export function LeagueForm({ id, initial, submitLabel, pendingLabel, onSubmit, onCancel }: LeagueFormProps) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [pending, setPending] = useState(false);

  const set = <K extends LeagueFormField>(field: K, value: LeagueFormValues[K]) => {
    setValues((old) => ({ ...old, [field]: value }));
    if (
      problem?.field === field ||
      (problem && (field === "startDate" || field === "endDate") && problem.field === "endDate")
    )
      setProblem(null);
  };
  const toggleType = (type: string, on: boolean) =>
    set(
      "allowedBetTypes",
      BET_TYPES.filter((t) => (t === type ? on : values.allowedBetTypes.includes(t))),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = formProblem(values);
    setProblem(found);
    if (found) {
      document.getElementById(`${id}-${found.field}`)?.focus();
      return;
    }
    setPending(true);
    const saved = await onSubmit(settingsPayload(values, initial.scoring, initial.format));
    if (!saved) setPending(false);
  }

  /** The message for a field the last check found wrong. */
  const errorFor = (field: LeagueFormField) => (problem?.field === field ? problem.message : null);
  /** The bet types' message (a fieldset of checkboxes, not a Field). */
  const message = (field: LeagueFormField): ReactNode => {
    const text = errorFor(field);
    return text ? (
      <small id={`${id}-${field}-error`} className="field-error" role="alert">
        {text}
      </small>
    ) : null;
  };

  const wagerField = (field: "minWager" | "maxWager", label: string, placeholder: string) => (
    <div>
      <Field
        id={`${id}-${field}`}
        label={label}
        name={field}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder={placeholder}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        error={errorFor(field)}
        alert
      />
    </div>
  );

  return (
    <form className="league-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <Field
        id={`${id}-name`}
        label="League name"
        name="name"
        value={values.name}
        maxLength={NAME_MAX}
        required
        autoComplete="off"
        placeholder="Sunday Sharps"
        onChange={(event) => set("name", event.target.value)}
        data-autofocus
        error={errorFor("name")}
        alert
      />

      <TextAreaField
        id={`${id}-description`}
        label="Description"
        name="description"
        rows={2}
        maxLength={500}
        value={values.description}
        placeholder="What is this league about? (optional)"
        onChange={(event) => set("description", event.target.value)}
        error={errorFor("description")}
        alert
      />

      <PoolFields
        id={id}
        format={values.format}
        pool={values.pool}
        onFormat={(format) => set("format", format)}
        onPool={(pool) => set("pool", pool)}
      />

      <fieldset className="league-visibility">
        <legend>Visibility</legend>
        <label>
          <input
            type="radio"
            name={`${id}-visibility`}
            checked={values.isPublic}
            onChange={() => set("isPublic", true)}
          />
          Public
          <small>Anyone can find and join it.</small>
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-visibility`}
            checked={!values.isPublic}
            onChange={() => set("isPublic", false)}
          />
          Private
          <small>Joined by invitation or invite link.</small>
        </label>
      </fieldset>

      <fieldset
        className="league-bet-types"
        {...(problem?.field === "allowedBetTypes" ? { "aria-describedby": `${id}-allowedBetTypes-error` } : {})}
      >
        <legend>Allowed bet types</legend>
        {BET_TYPES.map((type, index) => (
          <label key={type}>
            <input
              type="checkbox"
              id={index === 0 ? `${id}-allowedBetTypes` : undefined}
              name="allowedBetTypes"
              value={type}
              checked={values.allowedBetTypes.includes(type)}
              onChange={(event) => toggleType(type, event.target.checked)}
            />
            {betTypeName(type)}
          </label>
        ))}
        {message("allowedBetTypes")}
      </fieldset>

      <div className="league-form-pair">
        {wagerField("minWager", "Min wager ($)", "No minimum")}
        {wagerField("maxWager", "Max wager ($)", "No maximum")}
      </div>

      <RevealPicksField id={id} value={values.revealPicks} onChange={(value) => set("revealPicks", value)} />

      <fieldset className="league-contest">
        <legend>Contest settings (optional)</legend>
        <Field
          id={`${id}-startingBankroll`}
          label="Starting bankroll ($)"
          name="startingBankroll"
          type="number"
          inputMode="numeric"
          min={100}
          step={100}
          placeholder="No bankroll limit"
          value={values.startingBankroll}
          onChange={(event) => set("startingBankroll", event.target.value)}
          error={errorFor("startingBankroll")}
          alert
          hint="Each member gets this much to bet in the league; at least 100, in steps of 100."
        />
        <div className="league-form-pair">
          <div>
            <Field
              id={`${id}-startDate`}
              label="Start date"
              name="startDate"
              type="date"
              value={values.startDate}
              onChange={(event) => set("startDate", event.target.value)}
            />
          </div>
          <div>
            <Field
              id={`${id}-endDate`}
              label="End date"
              name="endDate"
              type="date"
              value={values.endDate}
              onChange={(event) => set("endDate", event.target.value)}
              error={errorFor("endDate")}
              alert
            />
          </div>
        </div>
      </fieldset>

      <ScoringFields
        id={id}
        value={values.scoring}
        onChange={(scoring) => set("scoring", scoring)}
        error={errorFor("scoring")}
      />

      <footer className="league-form-actions">
        <button type="button" className="secondary outline" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" disabled={pending || values.name.trim() === ""} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </footer>
    </form>
  );
}
