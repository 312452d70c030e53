import type { LeagueSummary } from "../../../shared/contract/leagues.ts";
import { DEFAULT_BET_TYPES, settingsProblem } from "../../../shared/leagues.ts";
import { DEFAULT_REVEAL_PICKS, type RevealPicks } from "../../../shared/league-reveal.ts";
import { DEFAULT_SCORING, type ScoringSettings, scoringProblem } from "../../../shared/league-scoring.ts";
import type { LeagueSettingsPayload } from "./api.ts";
import { DEFAULT_POOL, type LeagueFormat, type PoolOptions } from "../../../shared/pools.ts";

/** The create/edit form as typed: numbers and dates stay text until sent, blank = not set. */
export interface LeagueFormValues {
  name: string;
  description: string;
  isPublic: boolean;
  allowedBetTypes: string[];
  minWager: string;
  maxWager: string;
  startingBankroll: string;
  startDate: string;
  endDate: string;
  revealPicks: RevealPicks;
  /** Numbers as typed (NaN when blank), checked by scoringProblem before sending. */
  scoring: ScoringSettings;
  /** Bets, or a pool's format, and the pool's options (issue 45). */
  format: LeagueFormat;
  pool: PoolOptions;
}

export type LeagueFormField = keyof LeagueFormValues;

export interface FormProblem {
  field: LeagueFormField;
  message: string;
}

/** Spec §5's defaults: public, spread, total and moneyline allowed, nothing else set. */
export const NEW_LEAGUE: LeagueFormValues = {
  name: "",
  description: "",
  isPublic: true,
  allowedBetTypes: [...DEFAULT_BET_TYPES],
  minWager: "",
  maxWager: "",
  startingBankroll: "",
  startDate: "",
  endDate: "",
  revealPicks: DEFAULT_REVEAL_PICKS,
  scoring: DEFAULT_SCORING,
  format: "bets",
  pool: DEFAULT_POOL,
};

const numberText = (value: number | null) => (value === null ? "" : String(value));

/** The form filled with a league's current settings ('Edit League Settings'). */
export function formFromLeague(league: LeagueSummary): LeagueFormValues {
  return {
    name: league.name,
    description: league.description ?? "",
    isPublic: league.isPublic,
    allowedBetTypes: [...league.rules.allowedBetTypes],
    minWager: numberText(league.rules.minWager),
    maxWager: numberText(league.rules.maxWager),
    startingBankroll: numberText(league.startingBankroll),
    startDate: league.startDate ?? "",
    endDate: league.endDate ?? "",
    revealPicks: league.revealPicks,
    scoring: league.scoring ?? DEFAULT_SCORING,
    format: league.format ?? "bets",
    pool: league.pool ?? DEFAULT_POOL,
  };
}

/** A filled numeric field as a number; null when blank; NaN when it is not a number. */
function amount(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : Number(trimmed);
}

const cents = (dollars: number | null) => (dollars === null ? null : Math.round(dollars * 100));

/** Wagers: numbers of 0 or more, to the cent (spec §5: min 0, step 0.01). */
function wagerProblem(field: "minWager" | "maxWager", value: number | null): FormProblem | null {
  if (value === null) return null;
  const label = field === "minWager" ? "Minimum wager" : "Maximum wager";
  if (!Number.isFinite(value) || value < 0) return { field, message: `${label} must be a number of 0 or more` };
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)
    return { field, message: `${label} must be in whole cents` };
  return null;
}

/** The first problem with the form, in the spec's words where it has them (the server checks the same rules); null when it can be sent. */
export function formProblem(values: LeagueFormValues): FormProblem | null {
  const minWager = amount(values.minWager);
  const maxWager = amount(values.maxWager);
  const bankroll = amount(values.startingBankroll);
  const wagers = wagerProblem("minWager", minWager) ?? wagerProblem("maxWager", maxWager);
  if (wagers) return wagers;
  const scoring = scoringProblem(values.scoring);
  if (scoring) return { field: "scoring", message: scoringWords(scoring.message) };
  if (bankroll !== null && !Number.isFinite(bankroll)) {
    return { field: "startingBankroll", message: "Starting bankroll must be at least 100, in steps of 100" };
  }
  const problem = settingsProblem({
    name: values.name,
    description: values.description,
    allowedBetTypes: values.allowedBetTypes,
    minWagerCents: cents(minWager),
    maxWagerCents: cents(maxWager),
    startingBankrollCents: cents(bankroll),
    startDate: values.startDate || null,
    endDate: values.endDate || null,
  });
  if (!problem) return null;
  const field: LeagueFormField =
    problem.field === "rules.allowedBetTypes"
      ? "allowedBetTypes"
      : problem.field === "rules.minWager"
        ? "minWager"
        : (problem.field as LeagueFormField);
  return { field, message: formWords(field, problem.message) };
}

const SCORING_FIELDS: Record<string, string> = {
  "scoring.roiMinBets": "Minimum bets for ROI",
  "scoring.dropWorstWeeks": "Drop worst weeks",
  "scoring.minBetsPerWeek": "Minimum bets per week",
  "scoring.tiebreakers": "Tiebreakers:",
};

/** "scoring.dropWorstWeeks: must be …" as the form's Scoring fieldset says it: "Drop worst weeks must be …". */
function scoringWords(message: string): string {
  const [field, rest] = message.split(": ", 2);
  const label = field === undefined ? undefined : SCORING_FIELDS[field];
  return label && rest ? `${label} ${rest}` : message;
}

const LABELS: Partial<Record<LeagueFormField, string>> = { name: "League name", description: "Description" };

/** "name: must not …" (the API's words, naming the field) as the form says it: "League name must not …". */
function formWords(field: LeagueFormField, message: string): string {
  const label = LABELS[field];
  return label && message.startsWith(`${field}: `) ? `${label} ${message.slice(field.length + 2)}` : message;
}

/**
 * What POST/PUT /api/leagues is sent: optional numbers and dates only when filled (spec §5); the
 * scoring only when it differs from what the form opened with, so untouched knobs send spec §7's body;
 * the format and pool options only for a pool (or a pool made a league of bets again).
 */
export function settingsPayload(
  values: LeagueFormValues,
  initialScoring: ScoringSettings,
  initialFormat: LeagueFormat = "bets",
): LeagueSettingsPayload {
  const minWager = amount(values.minWager);
  const maxWager = amount(values.maxWager);
  const bankroll = amount(values.startingBankroll);
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    isPublic: values.isPublic,
    rules: {
      allowedBetTypes: values.allowedBetTypes,
      ...(minWager !== null ? { minWager } : {}),
      ...(maxWager !== null ? { maxWager } : {}),
    },
    ...(bankroll !== null ? { startingBankroll: bankroll } : {}),
    ...(values.startDate ? { startDate: values.startDate } : {}),
    ...(values.endDate ? { endDate: values.endDate } : {}),
    revealPicks: values.revealPicks,
    ...(JSON.stringify(values.scoring) === JSON.stringify(initialScoring) ? {} : { scoring: values.scoring }),
    ...(values.format === "bets" && initialFormat === "bets" ? {} : { format: values.format }),
    ...(values.format === "bets" ? {} : { pool: values.pool }),
  };
}
