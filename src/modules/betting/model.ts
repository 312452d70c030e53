import { t } from "elysia";
import { idParam, optionalNullable, idNumber, wholeNumber } from "../../http/schema.ts";
import { NOTE_MAX } from "../../shared/limits.ts";

const anyNumber = (field: string) =>
  t.Numeric({ minimum: -1_000_000, maximum: 1_000_000, error: `${field}: must be a number` });

/** What a pick names, for a single bet and a parlay's leg alike; the server prices it from the current odds. */
const pickFields = {
  selection: t.String({ minLength: 1, maxLength: 100 }),
  /** Required for prop bets: which prop of the game. */
  propId: optionalNullable(idNumber("propId")),
  odds: t.Numeric({ minimum: -100_000, maximum: 100_000, multipleOf: 1, error: "odds: must be whole American odds" }),
  point: optionalNullable(anyNumber("point")),
};

/** The stake and its book, for a single bet and a parlay alike. wagerAmount and potentialWin are accepted, never trusted. */
const stakeFields = {
  units: wholeNumber("units", 1, 3),
  wagerAmount: optionalNullable(anyNumber("wagerAmount")),
  potentialWin: optionalNullable(anyNumber("potentialWin")),
  confidence: t.Optional(
    t.Union([t.Literal("low"), t.Literal("medium"), t.Literal("high")], {
      error: "confidence: must be low, medium or high",
    }),
  ),
  note: optionalNullable(t.String({ maxLength: NOTE_MAX })),
  leagueId: optionalNullable(idNumber("leagueId")),
};

/** Spec §7 POST /api/bets. */
export const PlaceBetBody = t.Object(
  {
    gameId: idParam,
    betType: t.Union([t.Literal("spread"), t.Literal("total"), t.Literal("moneyline"), t.Literal("prop")], {
      error: "betType: must be spread, total, moneyline or prop",
    }),
    ...pickFields,
    ...stakeFields,
    isParlay: t.Optional(t.Boolean()),
    replaceExisting: t.Optional(t.Boolean()),
    /** With `replaceExisting` and no note of its own: keep the replaced bet's note (not kept unless asked). */
    keepNote: t.Optional(t.Boolean()),
    /** The revealed league pick this bet follows (decision 0056): another member's, on the same selection. */
    tailOf: optionalNullable(idNumber("tailOf")),
  },
  { additionalProperties: false },
);
export type PlaceBetInput = typeof PlaceBetBody.static;

const legBetType = t.Union([t.Literal("spread"), t.Literal("total"), t.Literal("moneyline"), t.Literal("prop")], {
  error: "betType: each leg must be spread, total, moneyline or prop",
});

/** One pick of a parlay, as the slip holds it; the server prices it from the current odds. */
export const ParlayLegBody = t.Object(
  {
    gameId: idParam,
    betType: legBetType,
    ...pickFields,
  },
  { additionalProperties: false },
);

/**
 * POST /api/parlays: 2–8 legs on different games and one stake. Leg counts are checked by the
 * service (shared/parlays.ts) so the message says what is wrong; the schema's bound only caps the body.
 * No `replaceExisting`: a parlay replaces nothing (docs/decisions).
 */
export const PlaceParlayBody = t.Object(
  {
    legs: t.Array(ParlayLegBody, { maxItems: 50, error: "legs: must be a list of 2 to 8 picks" }),
    ...stakeFields,
  },
  { additionalProperties: false },
);
export type PlaceParlayInput = typeof PlaceParlayBody.static;

export const NoteBody = t.Object(
  { note: t.Union([t.String({ maxLength: NOTE_MAX }), t.Null()]) },
  { additionalProperties: false },
);

export const BetParams = t.Object({ betId: idNumber("betId") });
export const UserParams = t.Object({ userId: idNumber("userId") });
export const UserWeekParams = t.Object({
  userId: idNumber("userId"),
  week: wholeNumber("week", 1, 18),
});

const oneOf = <const V extends string>(field: string, values: readonly V[]) =>
  t.Union(
    values.map((v) => t.Literal(v)),
    { error: `${field}: must be ${values.slice(0, -1).join(", ")} or ${values.at(-1)}` },
  );

/** The most bets one page of GET /api/users/{id}/bets holds. */
export const BETS_PAGE_MAX = 200;

/**
 * GET /api/users/{id}/bets: every filter optional; none at all answers every bet, newest first (spec §7).
 * `book` is "individual" or a league's id; `q` searches journal notes; `status=settled` with the
 * default sort puts the just-settled first.
 */
export const BetListQuery = t.Object(
  {
    status: t.Optional(oneOf("status", ["open", "settled"])),
    week: t.Optional(wholeNumber("week", 1, 18)),
    type: t.Optional(oneOf("type", ["spread", "total", "moneyline", "prop", "parlay"])),
    book: t.Optional(
      t.String({ pattern: "^(individual|[1-9][0-9]{0,9})$", error: "book: must be individual or a league id" }),
    ),
    result: t.Optional(oneOf("result", ["won", "lost", "push"])),
    q: t.Optional(t.String({ minLength: 1, maxLength: 100, error: "q: must be 1 to 100 characters" })),
    sort: t.Optional(oneOf("sort", ["newest", "oldest", "stake", "payout"])),
    limit: t.Optional(wholeNumber("limit", 1, BETS_PAGE_MAX)),
    offset: t.Optional(wholeNumber("offset", 0, 1_000_000)),
  },
  { additionalProperties: false },
);
export type BetListQuery = typeof BetListQuery.static;
