import { t } from "elysia";
import { ID_MAX } from "../../shared/limits.ts";
import { idParam, optionalNullable, idNumber, wholeNumber } from "../../http/schema.ts";
import { NAME_MAX } from "../../shared/leagues.ts";
import { DATE_PATTERN, notADate, PAGE_SIZE } from "./rules.ts";
import { SCORING_LIMITS, SCORINGS, TIEBREAKERS } from "../../shared/league-scoring.ts";
import { FORMATS, MAX_STRIKES } from "../../shared/pools.ts";

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

const flag = (field: string) => t.Boolean({ error: `pool.${field}: must be true or false` });

/** A pool's options as Create/Edit League send them (shared/pools.ts); each error names its field. */
export const PoolBody = t.Object(
  {
    lock: t.Optional(literals(["game", "week"] as const, "pool.lock: must be game or week")),
    against: t.Optional(literals(["straight", "spread"] as const, "pool.against: must be straight or spread")),
    priced: t.Optional(flag("priced")),
    tiebreaker: t.Optional(flag("tiebreaker")),
    tieIs: t.Optional(literals(["win", "loss"] as const, "pool.tieIs: must be win or loss")),
    strikes: t.Optional(wholeNumber("pool.strikes", 0, MAX_STRIKES)),
    autoPick: t.Optional(flag("autoPick")),
  },
  {
    additionalProperties: false,
    error: "pool: must be an object of lock, against, priced, tiebreaker, tieIs, strikes and autoPick",
  },
);

/** GET/PUT /api/leagues/{id}/pool/{week}: a week of the current season. */
export const PoolParams = t.Object({ id: idNumber("id"), week: wholeNumber("week", 1, 18) });

/** PUT /api/leagues/{id}/pool/{week}: the caller's sheet for the week (decision 0072). */
export const PoolSheetBody = t.Object(
  {
    picks: t.Array(
      t.Object(
        {
          gameId: t.String({ minLength: 1, maxLength: 100, error: "picks: gameId must be a game id" }),
          selection: t.String({ minLength: 1, maxLength: 100, error: "picks: selection must name a team" }),
          points: optionalNullable(wholeNumber("picks: points", 1, 32)),
        },
        { additionalProperties: false, error: "picks: each must be an object of gameId, selection and points" },
      ),
      { maxItems: 32, error: "picks: a list of at most 32 picks" },
    ),
    /** The guessed total points of the week's last game; left out: unchanged. */
    tiebreaker: optionalNullable(wholeNumber("tiebreaker", 0, 200)),
  },
  { additionalProperties: false },
);

/** POST /api/leagues/{id}/pool/{week}/corrections: an admin sets a member's pick on one game. */
export const CorrectionBody = t.Object(
  {
    userId: idNumber("userId"),
    gameId: t.String({ minLength: 1, maxLength: 100, error: "gameId: must be a game id" }),
    selection: t.String({ minLength: 1, maxLength: 100, error: "selection: must name a team" }),
    points: optionalNullable(wholeNumber("points", 1, 32)),
  },
  { additionalProperties: false },
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
  /** Bets or a pool's format; left out: bets for a new league, unchanged on edit. Fixed once the pool has a pick. */
  format: t.Optional(literals(FORMATS, `format: must be one of ${FORMATS.join(", ")}`)),
  /** The pool's options (those its format reads; the others keep their defaults); left out: the defaults, unchanged on edit. */
  pool: t.Optional(PoolBody),
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
