/** The leagues API's answers: leagues with their members and standings, invitations, invite links. */
import { Type as t } from "@sinclair/typebox";
import { DateTime } from "./common.ts";
import { RevealPicksSetting } from "./league-feed.ts";
import { SCORING_LIMITS, TIEBREAKERS } from "../league-scoring.ts";
import { LeagueFormatKind, PoolOptions } from "./pools.ts";

// Spelled out (not mapped from SCORINGS / TIEBREAKERS): Elysia infers a route's answer from tuples only.
const ScoringKind = t.Union([t.Literal("units"), t.Literal("roi"), t.Literal("wins")]);
const TiebreakerKind = t.Union([
  t.Literal("roi"),
  t.Literal("winRate"),
  t.Literal("fewerBets"),
  t.Literal("moreBets"),
  t.Literal("earliest"),
  t.Literal("clv"),
]);

/** A league's scoring settings (shared/league-scoring.ts, decision 0058): the stored JSON is checked against it on read too. */
export const LeagueScoring = t.Object(
  {
    scoring: ScoringKind,
    roiMinBets: t.Integer({ minimum: 0, maximum: SCORING_LIMITS.roiMinBets }),
    tiebreakers: t.Array(TiebreakerKind, { maxItems: TIEBREAKERS.length }),
    dropWorstWeeks: t.Integer({ minimum: 0, maximum: SCORING_LIMITS.dropWorstWeeks }),
    minBetsPerWeek: t.Integer({ minimum: 0, maximum: SCORING_LIMITS.minBetsPerWeek }),
  },
  { additionalProperties: false },
);
export type LeagueScoring = typeof LeagueScoring.static;

export const Member = t.Object({
  id: t.Number(),
  userId: t.Number(),
  username: t.String(),
  role: t.Union([t.Literal("admin"), t.Literal("member")]),
  joinedAt: DateTime(),
});
export type Member = typeof Member.static;

/**
 * A member's place in the league's standings: in its own book for a league with a starting bankroll,
 * else over their settled bets that fit the league's rules (decision 0052); the season's, ranked by the
 * league's scoring (decision 0058), a member it leaves unranked placed after every ranked one.
 */
export const Standing = t.Object({
  rank: t.Number(),
  userId: t.Number(),
  username: t.String(),
  /** Units won in the bets the standings count, as a numeric string ("0.91"). */
  unitsWon: t.String(),
  totalBets: t.Number(),
  winRate: t.Number(),
  roi: t.Number(),
});
export type Standing = typeof Standing.static;

const leagueFields = {
  id: t.Number(),
  name: t.String(),
  description: t.Union([t.String(), t.Null()]),
  isPublic: t.Boolean(),
  isContest: t.Boolean(),
  rules: t.Object({
    allowedBetTypes: t.Array(t.String()),
    minWager: t.Union([t.Number(), t.Null()]),
    maxWager: t.Union([t.Number(), t.Null()]),
  }),
  startingBankroll: t.Union([t.Number(), t.Null()]),
  startDate: t.Union([t.String(), t.Null()]),
  endDate: t.Union([t.String(), t.Null()]),
  createdBy: t.Number(),
  createdAt: DateTime(),
  memberCount: t.Number(),
  /** When members' picks show to the others in the league's feed (decision 0056). */
  revealPicks: RevealPicksSetting,
  scoring: LeagueScoring,
  /** Priced bets, or a pool's format (decision 0072). */
  format: LeagueFormatKind,
  /** A pool's options; null for a league of bets. */
  pool: t.Union([PoolOptions, t.Null()]),
};

/** A league as GET /api/leagues lists it: what its card shows, without the member list (GET /api/leagues/{id} has that). */
export const LeagueSummary = t.Object(leagueFields);
export type LeagueSummary = typeof LeagueSummary.static;

export const League = t.Object({ ...leagueFields, members: t.Array(Member) });
export type League = typeof League.static;

/** GET /api/leagues/{id}: a league with its standings. */
export const LeagueDetails = t.Composite([League, t.Object({ standings: t.Array(Standing) })]);
export type LeagueDetails = typeof LeagueDetails.static;

export const Invitation = t.Object({
  id: t.Number(),
  leagueId: t.Number(),
  invitedUserId: t.Number(),
  invitedBy: t.Number(),
  status: t.Union([t.Literal("pending"), t.Literal("accepted"), t.Literal("declined")]),
  createdAt: DateTime(),
  league: t.Object({ name: t.String(), description: t.Union([t.String(), t.Null()]) }),
  inviter: t.Object({ username: t.String() }),
  invitedUser: t.Object({ username: t.String() }),
});
export type Invitation = typeof Invitation.static;

export const InviteLink = t.Object({ inviteToken: t.String() });
export type InviteLink = typeof InviteLink.static;

/** The league an invite link joined, and when it shows members' picks (the joined screen says so). */
export const JoinedLeague = t.Object({ id: t.Number(), name: t.String(), revealPicks: RevealPicksSetting });
export type JoinedLeague = typeof JoinedLeague.static;

/**
 * GET /api/invites/{token}: what an invite link leads to, for anyone holding it (signed in or not):
 * the league's name, what it plays for, its commissioner and how many have joined. No member list.
 */
export const InvitePreview = t.Object({
  name: leagueFields.name,
  description: leagueFields.description,
  isPublic: leagueFields.isPublic,
  isContest: leagueFields.isContest,
  rules: leagueFields.rules,
  startingBankroll: leagueFields.startingBankroll,
  startDate: leagueFields.startDate,
  endDate: leagueFields.endDate,
  memberCount: leagueFields.memberCount,
  /** When members' picks show to each other: the joiner's picks too, from those placed after joining (decision 0062). */
  revealPicks: leagueFields.revealPicks,
  /** Bets, or the pool it runs (pick'em, confidence, survivor). */
  format: leagueFields.format,
  /** The longest-standing admin's username (null if the league has none left). */
  commissioner: t.Union([t.String(), t.Null()]),
});
export type InvitePreview = typeof InvitePreview.static;

/** One member's row in GET /api/leagues/{id}/standings (decision 0058). */
export const StandingsRow = t.Object({
  /** Null: listed unranked, for `unranked`. */
  rank: t.Union([t.Number(), t.Null()]),
  unranked: t.Union([t.String(), t.Null()]),
  userId: t.Number(),
  username: t.String(),
  unitsWon: t.String(),
  totalBets: t.Number(),
  won: t.Number(),
  lost: t.Number(),
  winRate: t.Number(),
  roi: t.Number(),
  /** Average closing-line value (percent) of the bets with a closing line; null for none. */
  clv: t.Union([t.Number(), t.Null()]),
  /** The tiebreaker that placed this member below the one above when their scores tie. */
  tiebreak: t.Union([TiebreakerKind, t.Null()]),
  /** Season standings: the weeks left out as this member's worst ("Week 3"; "2025 Week 17" for another season). */
  droppedWeeks: t.Array(t.String()),
  /** Bets in play the standings will count once settled (that they exist, nothing of what they are). */
  pending: t.Number(),
  /** Ranked by wins: the most wins the member can still reach (wins plus bets in play); null otherwise. */
  maxReach: t.Union([t.Number(), t.Null()]),
});
export type StandingsRow = typeof StandingsRow.static;

/** GET /api/leagues/{id}/standings: one week's standings (`week`), or the season's (`week` null). */
export const LeagueStandings = t.Object({
  /** A league of bets; a pool answers its own standings (contract/pools.ts PoolStandings). */
  format: t.Literal("bets"),
  scoring: LeagueScoring,
  season: t.Number(),
  week: t.Union([t.Number(), t.Null()]),
  /** The season's current week: the week picker offers weeks from `firstWeek` to it. */
  currentWeek: t.Number(),
  /** The league's first week of the current season (its start date, or when it was made). */
  firstWeek: t.Number(),
  /** Weeks with a counted bet: worst weeks are dropped only once more than that many are played. */
  weeksPlayed: t.Number(),
  rows: t.Array(StandingsRow),
});
export type LeagueStandings = typeof LeagueStandings.static;
