import { t } from "elysia";
import { ID_MAX } from "../../shared/limits.ts";
import { idParam, optionalNullable, idNumber, wholeNumber } from "../../http/schema.ts";
import { NAME_MAX } from "../../shared/leagues.ts";
import { DATE_PATTERN, notADate, PAGE_SIZE } from "./rules.ts";
import { SCORING_LIMITS, SCORINGS, TIEBREAKERS } from "../../shared/league-scoring.ts";

const money = (field: string) =>
  t.Numeric({ minimum: 0, maximum: 1_000_000, error: `${field}: must be a number of 0 or more` });
/** Optional, nullable, and named in the error (a union's own complaint would not say what a date must look like). */
const optionalDate = (field: string) =>
  t.Optional(t.Union([t.String({ pattern: DATE_PATTERN, maxLength: 35 }), t.Null()], { error: notADate(field) }));
const betType = t.Union(
  [t.Literal("spread"), t.Literal("total"), t.Literal("moneyline"), t.Literal("prop"), t.Literal("parlay")],
  {
    error: "allowedBetTypes: each must be spread, total, moneyline, prop or parlay",
  },
);

const Rules = t.Object(
  {
    allowedBetTypes: t.Array(betType, { maxItems: 5 }),
    minWager: optionalNullable(money("minWager")),
    maxWager: optionalNullable(money("maxWager")),
  },
  { additionalProperties: false },
);

const literals = <T extends string>(values: readonly T[], error: string) =>
  t.Union(
    values.map((v) => t.Literal(v)),
    { error },
  );

/** A league's scoring settings as Create/Edit League send them (shared/league-scoring.ts); each error names its field. */
export const ScoringBody = t.Object(
  {
    scoring: literals(SCORINGS, `scoring.scoring: must be one of ${SCORINGS.join(", ")}`),
    roiMinBets: wholeNumber("scoring.roiMinBets", 0, SCORING_LIMITS.roiMinBets),
    tiebreakers: t.Array(literals(TIEBREAKERS, `scoring.tiebreakers: each must be one of ${TIEBREAKERS.join(", ")}`), {
      maxItems: TIEBREAKERS.length,
      error: `scoring.tiebreakers: a list of at most ${TIEBREAKERS.length} of ${TIEBREAKERS.join(", ")}`,
    }),
    dropWorstWeeks: wholeNumber("scoring.dropWorstWeeks", 0, SCORING_LIMITS.dropWorstWeeks),
    minBetsPerWeek: wholeNumber("scoring.minBetsPerWeek", 0, SCORING_LIMITS.minBetsPerWeek),
  },
  {
    additionalProperties: false,
    error: "scoring: must be an object of scoring, roiMinBets, tiebreakers, dropWorstWeeks and minBetsPerWeek",
  },
);

/**
 * GET /api/leagues/{id}/standings/{period}: `season`, or a week of the current season (1 to 18). A
 * path segment rather than `?week=`: `/api/leagues/{id}/standings` would be as ambiguous as the
 * spec's own `/api/leagues/join-by-token/{token}` (tests/api/openapi.test.ts).
 */
export const StandingsParams = t.Object({
  id: idNumber("id"),
  period: t.String({ pattern: "^(season|[1-9]|1[0-8])$", error: "period: must be season or a week from 1 to 18" }),
});

/** The week a standings period names; null for the season. */
export const periodWeek = (period: string): number | null => (period === "season" ? null : Number(period));

const settings = {
  name: t.String({ maxLength: NAME_MAX + 40 }),
  description: optionalNullable(t.String({ maxLength: 500 })),
  isPublic: t.Boolean(),
  rules: Rules,
  startingBankroll: optionalNullable(
    t.Numeric({ minimum: 0, maximum: 10_000_000, multipleOf: 1, error: "startingBankroll: must be a whole number" }),
  ),
  startDate: optionalDate("startDate"),
  endDate: optionalDate("endDate"),
  /** When members' picks show to the others; left out: 'kickoff' for a new league, unchanged on edit. */
  revealPicks: t.Optional(
    t.Union([t.Literal("kickoff"), t.Literal("picked"), t.Literal("week_start"), t.Literal("never")], {
      error: "revealPicks: must be kickoff, picked, week_start or never",
    }),
  ),
  /** Left out: a new league ranks by the default, an edited one keeps its scoring. */
  scoring: t.Optional(ScoringBody),
};

export const CreateLeagueBody = t.Object(
  { ...settings, createdBy: idNumber("createdBy") },
  { additionalProperties: false },
);
export const UpdateLeagueBody = t.Object(
  { ...settings, createdBy: t.Optional(idNumber("createdBy")) },
  { additionalProperties: false },
);
export type LeagueSettingsInput = typeof UpdateLeagueBody.static;

/** POST /api/leagues/{id}/admins/{userId}: `stepDown` hands the role over (the caller becomes a member); false adds a co-admin. */
export const AppointAdminBody = t.Object(
  { stepDown: t.Boolean({ error: "stepDown: must be true or false" }) },
  { additionalProperties: false },
);

export const UserIdBody = t.Object({ userId: idNumber("userId") }, { additionalProperties: false });
export const InviteBody = t.Object(
  {
    leagueId: t.Optional(idNumber("leagueId")),
    /** A user id or a username (DESIGN: 'Invite Users' resolves a username on the server). */
    invitedUserId: t.Union([t.Integer({ minimum: 1, maximum: ID_MAX }), t.String({ minLength: 1, maxLength: 40 })], {
      error: "invitedUserId: must be a user id or a username",
    }),
    invitedBy: idNumber("invitedBy"),
  },
  { additionalProperties: false },
);

/**
 * GET /api/leagues: a page of leagues, newest first (by id). `cursor` is the id of the last
 * league of the previous page; `scope=available` leaves out the viewer's own leagues.
 */
export const LeaguesQuery = t.Object(
  {
    limit: t.Optional(wholeNumber("limit", 1, PAGE_SIZE.max)),
    cursor: t.Optional(idNumber("cursor")),
    scope: t.Optional(
      t.Union([t.Literal("all"), t.Literal("available")], { error: "scope: must be all or available" }),
    ),
  },
  { additionalProperties: false },
);
export type LeaguesQuery = typeof LeaguesQuery.static;

export const LeagueParams = t.Object({ id: idNumber("id") });
export const TokenParams = t.Object({ token: idParam });

/** GET /api/picks/league/{id}: `cursor` is the last pick's id of the previous page. */
export const FeedQuery = t.Object({ cursor: t.Optional(idNumber("cursor")) }, { additionalProperties: false });
