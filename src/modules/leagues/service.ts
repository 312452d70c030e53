import { type Db, holdLocks, isUniqueViolation, transaction } from "../../runtime/index.ts";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors.ts";
import { randomToken } from "../../lib/ids.ts";
import { assertClaimIsSelf, assertSelf } from "../../lib/policy.ts";
import * as audit from "../audit/service.ts";
import type { Actor } from "../audit/service.ts";
import { publish } from "../realtime/service.ts";
import { findUserByIdOrName, isActiveAccount } from "../users/service.ts";
import type { CountedBets } from "../betting/service.ts";
import type {
  Invitation,
  InvitePreview,
  JoinedLeague,
  League,
  LeagueStandings,
  LeagueSummary,
} from "../../shared/contract/leagues.ts";
import type { PoolStandings } from "../../shared/contract/pools.ts";
import type { LeagueSettingsInput, LeaguesQuery } from "./model.ts";
import {
  assertCanJoinDirectly,
  assertInvitee,
  authorize,
  can,
  canSee,
  type LeagueAction,
  type LeagueStanding,
  standingOf,
} from "./policy.ts";
import * as repo from "./repo.ts";
import {
  countedKickoffs,
  keepsOwnBook,
  type LeagueBetRules,
  type LeagueSettings,
  settingsProblem,
} from "../../shared/leagues.ts";
import { calendarDay, CREATION_LIMITS, isContest, notADate, notWholeCents, PAGE_SIZE, wholeCents } from "./rules.ts";
import type { LeagueRow } from "./table.ts";
import { scoringColumn, scoringOf } from "./scoring.ts";
import { seasonRows, standings, type StandingsRequest } from "./standings.ts";
import { historyPage, recordHistory } from "./history.ts";
import { poolColumns, poolOf } from "./pool-settings.ts";
import { hasPoolPicks } from "../pools/service.ts";
import { poolStandingsOf } from "./pool.ts";
import { roiPercent, winRatePercent } from "../../shared/stats.ts";
import { UNIT_CENTS } from "../../shared/money.ts";

export {
  leagueFeed,
  leagueSweat,
  pickRevealedTo,
  picksRevealedBetween,
  picksRevealedIn,
  picksShownIn,
  presentPicks,
} from "./feed.ts";
export { leagueWeekPicks } from "./week-picks.ts";
export { groupRecap, latestFinalWeek, leagueRecap, type RecapToTell, recapsToTell } from "./recap.ts";
export { poolCorrections, poolReminders, runPoolAutoPicks, survivorNews } from "./pool-notices.ts";
export { createDemoPool, recordDemoPoolPicks } from "./pool-demo.ts";
export { saveLeaguePoolSheet } from "./pool.ts";

/**
 * Held while a league's members or admins change (leaving, removal, appointing, deletion, account
 * deletion), so two admins acting at once cannot leave it with none, or act after losing the role.
 */
const ADMINS_LOCK = "league-admins";

/** 400 naming the league setting at fault. */
const invalidSetting = (field: string, message: string) => new AppError(400, "invalid_league", message, {}, { field });

/** An amount in dollars as cents; 400 naming the field when it has more than two decimals. */
function centsOf(field: string, dollars: number | null | undefined): number | null {
  if (dollars == null) return null;
  const cents = wholeCents(dollars);
  if (cents === null) throw invalidSetting(field, notWholeCents(field));
  return cents;
}

/** The calendar day of a date field; 400 naming the field when it is no real date ("2026-99-99"). */
function dayOf(field: "startDate" | "endDate", date: string | null | undefined): string | null {
  if (!date) return null;
  const day = calendarDay(date);
  if (day === null) throw invalidSetting(field, notADate(field));
  return day;
}

export function settingsOf(row: LeagueRow): LeagueSettings {
  return {
    name: row.name,
    allowedBetTypes: JSON.parse(row.allowed_bet_types) as string[],
    minWagerCents: row.min_wager_cents,
    maxWagerCents: row.max_wager_cents,
    startingBankrollCents: row.starting_bankroll_cents,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}

function settingsFrom(input: LeagueSettingsInput): LeagueSettings {
  return {
    name: input.name.trim(),
    description: input.description?.trim() || null,
    allowedBetTypes: [...new Set(input.rules.allowedBetTypes)],
    minWagerCents: centsOf("rules.minWager", input.rules.minWager),
    maxWagerCents: centsOf("rules.maxWager", input.rules.maxWager),
    startingBankrollCents: centsOf("startingBankroll", input.startingBankroll),
    startDate: dayOf("startDate", input.startDate),
    endDate: dayOf("endDate", input.endDate),
  };
}

/** The settings as the league's columns, once they pass the rules (400 naming the field otherwise). */
function validatedColumns(input: LeagueSettingsInput) {
  const s = settingsFrom(input);
  const problem = settingsProblem(s);
  if (problem) throw invalidSetting(problem.field, problem.message);
  return {
    name: s.name,
    description: s.description ?? null,
    is_public: input.isPublic ? 1 : 0,
    allowed_bet_types: JSON.stringify(s.allowedBetTypes),
    min_wager_cents: s.minWagerCents,
    max_wager_cents: s.maxWagerCents,
    starting_bankroll_cents: s.startingBankrollCents,
    start_date: s.startDate,
    end_date: s.endDate,
    ...(input.revealPicks === undefined ? {} : { reveal_picks: input.revealPicks }),
    ...scoringColumn(input.scoring),
  };
}

function summaryOf(row: LeagueRow, memberCount: number): LeagueSummary {
  const s = settingsOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    isContest: isContest(s),
    rules: {
      allowedBetTypes: [...s.allowedBetTypes],
      minWager: s.minWagerCents === null ? null : s.minWagerCents / 100,
      maxWager: s.maxWagerCents === null ? null : s.maxWagerCents / 100,
    },
    startingBankroll: s.startingBankrollCents === null ? null : s.startingBankrollCents / 100,
    startDate: s.startDate,
    endDate: s.endDate,
    createdBy: row.created_by,
    createdAt: row.created_at,
    memberCount,
    revealPicks: row.reveal_picks,
    scoring: scoringOf(row.scoring),
    format: row.format,
    pool: poolOf(row),
  };
}

async function withMembers(db: Db, rows: LeagueRow[]): Promise<League[]> {
  const members = Map.groupBy(
    await repo.membersOf(
      db,
      rows.map((r) => r.id),
    ),
    (m) => m.league_id,
  );
  return rows.map((row) => {
    const own = members.get(row.id) ?? [];
    return {
      ...summaryOf(row, own.length),
      members: own.map((m) => ({
        id: m.id,
        userId: m.user_id,
        username: m.username,
        role: m.role,
        joinedAt: m.joined_at,
      })),
    };
  });
}

const leagueNotFound = () => notFound("League not found", "league_not_found");

async function leagueOr404(db: Db, id: number): Promise<LeagueRow> {
  const row = await repo.findLeague(db, id);
  if (!row) throw leagueNotFound();
  return row;
}

/**
 * The league and the viewer's standing in it; 404, as for a missing league, when it is private and
 * the viewer is neither in it nor invited to it (policy `canSee`).
 */
async function visibleLeague(
  db: Db,
  id: number,
  viewerId: number,
): Promise<{ row: LeagueRow; standing: LeagueStanding }> {
  const row = await leagueOr404(db, id);
  const standing = standingOf(await repo.membership(db, id, viewerId));
  const isPublic = row.is_public === 1;
  const invited =
    !isPublic && standing === "outsider" && (await repo.pendingInvitation(db, id, viewerId)) !== undefined;
  if (!canSee({ isPublic }, standing, invited)) throw leagueNotFound();
  return { row, standing };
}

/** The league once the viewer can see it and the league policy lets them do `action` (policy.ts). */
export async function leagueFor(db: Db, id: number, viewerId: number, action: LeagueAction): Promise<LeagueRow> {
  const { row, standing } = await visibleLeague(db, id, viewerId);
  authorize(standing, action);
  return row;
}

/** Gives a league without a living admin one: its longest-standing living member (none when none is left). */
async function ensureAdmin(trx: Db, leagueId: number, now: Date): Promise<void> {
  const living = await repo.livingMembers(trx, leagueId);
  if (living.length === 0 || living.some((m) => m.role === "admin")) return;
  await repo.setRole(trx, living[0]!.id, "admin");
  await recordHistory(trx, now, leagueId, null, { kind: "admin_appointed", memberId: living[0]!.user_id });
}

/**
 * One page of the leagues the viewer can see (public ones; private ones only when they are in
 * them or invited), newest first, with member counts rather than members; `nextCursor` (the last
 * league's id) asks for the page after it, null on the last page. `scope: "available"` is spec
 * §2's Available Leagues: those the viewer is not in (private ones only when invited).
 */
export async function listLeagues(
  db: Db,
  viewerId: number,
  query: LeaguesQuery,
): Promise<{ leagues: LeagueSummary[]; nextCursor: number | null }> {
  const limit = query.limit ?? PAGE_SIZE.default;
  const rows = await repo.leaguePage(db, {
    viewerId,
    take: limit + 1,
    notMember: query.scope === "available",
    ...(query.cursor !== undefined ? { beforeId: query.cursor } : {}),
  });
  const page = rows.slice(0, limit);
  const counts = await repo.memberCounts(
    db,
    page.map((row) => row.id),
  );
  return {
    leagues: page.map((row) => summaryOf(row, counts.get(row.id) ?? 0)),
    nextCursor: rows.length > limit ? page.at(-1)!.id : null,
  };
}

/** A player's own leagues; only for the player themself. */
export async function leaguesOf(db: Db, viewerId: number, userId: number): Promise<League[]> {
  assertSelf(viewerId, userId, "leagues");
  return withMembers(db, await repo.leaguesOfUser(db, userId));
}

/**
 * A league with its members and its season standings (its scoring, worst weeks dropped; decision
 * 0058), for those who can see it. Members the scoring leaves unranked rank after everyone ranked.
 */
export async function leagueDetails(db: Db, viewerId: number, id: number) {
  const { row } = await visibleLeague(db, id, viewerId);
  const [league] = await withMembers(db, [row]);
  const rows = await seasonRows(db, standingsRequest(row, league!.members, null));
  const ranked = rows.filter((r) => r.rank !== null).length;
  const names = new Map(league!.members.map((m) => [m.userId, m.username]));
  return {
    ...league!,
    standings: rows.map((r) => ({
      rank: r.rank ?? ranked + 1,
      userId: r.userId,
      username: names.get(r.userId) ?? "",
      unitsWon: (r.profitCents / UNIT_CENTS).toFixed(2),
      totalBets: r.settled,
      winRate: winRatePercent(r.won, r.settled),
      roi: roiPercent(r.profitCents, r.wageredCents),
    })),
  };
}

/** What a league's standings rank: a contest league its own book, any other the members' bets that fit it (decision 0052). */
function standingsRequest(
  row: LeagueRow,
  members: readonly { userId: number; username: string }[],
  week: number | null,
): StandingsRequest {
  return {
    counted: countedBetsOf(
      row,
      members.map((m) => m.userId),
    ),
    ownBookOnly: keepsOwnBook(settingsOf(row)),
    scoring: scoringOf(row.scoring),
    members,
    week,
  };
}

/** A league's standings for one week of the current season (`week`) or its season, for those who can see it. */
export async function leagueStandings(
  db: Db,
  now: Date,
  viewerId: number,
  id: number,
  week: number | null,
): Promise<LeagueStandings | PoolStandings> {
  const { row } = await visibleLeague(db, id, viewerId);
  if (row.format !== "bets") return poolStandingsOf(db, now, row, week);
  return betStandings(db, now, row, week);
}

/** The standings of the members' bets the league counts (a pool league's too: its recap reads them). */
export async function betStandings(db: Db, now: Date, row: LeagueRow, week: number | null): Promise<LeagueStandings> {
  const members = (await repo.membersOf(db, [row.id])).map((m) => ({ userId: m.user_id, username: m.username }));
  return { format: "bets", ...(await standings(db, now, standingsRequest(row, members, week))) };
}

/** What a league without its own book counts of these members' bets. */
export function countedBetsOf(row: LeagueRow, userIds: number[]): CountedBets {
  const { allowedBetTypes, minWagerCents, maxWagerCents, startDate, endDate } = settingsOf(row);
  const kickoffs = countedKickoffs({ startDate, endDate }, row.created_at);
  return {
    leagueId: row.id,
    userIds,
    allowedBetTypes,
    minWagerCents,
    maxWagerCents,
    kickoffFrom: kickoffs.from,
    kickoffBefore: kickoffs.before,
  };
}

/**
 * Creates a league; its creator becomes its admin. `admit` spends the player's hourly creation
 * budget (throwing 429 when it is spent); only well-formed leagues spend it.
 */
export async function createLeague(
  db: Db,
  now: Date,
  userId: number,
  input: LeagueSettingsInput & { createdBy: number },
  admit: () => Promise<void> | void = () => {},
): Promise<League> {
  assertClaimIsSelf(userId, input.createdBy, "createdBy");
  const columns = { ...validatedColumns(input), ...poolColumns(input) };
  await admit();
  const id = await db.transaction().execute(async (trx) => {
    // Counted inside the write transaction under the player's lock, so simultaneous requests
    // (from any process) cannot both take the last place.
    await holdLocks(trx, { exclusive: [["leagues-created-by", userId]] });
    if ((await repo.countCreatedBy(trx, userId)) >= CREATION_LIMITS.total) {
      throw conflict(
        `You have already created ${CREATION_LIMITS.total} leagues, the most one player may create`,
        "league_limit_reached",
        { limit: CREATION_LIMITS.total },
      );
    }
    const leagueId = await repo.insertLeague(trx, {
      ...columns,
      created_by: userId,
      invite_token: randomToken(24),
      created_at: now.toISOString(),
    });
    await repo.addMember(trx, leagueId, userId, "admin", now.toISOString());
    await recordHistory(trx, now, leagueId, userId, { kind: "created" });
    return leagueId;
  });
  return (await withMembers(db, [await leagueOr404(db, id)]))[0]!;
}

/**
 * Changes a league's settings; its admins only. Each change goes into the league's history, which its
 * members read; a change of when picks show is audited too, and governs only picks placed from then
 * on, unless it is stricter (decision 0062).
 */
export async function updateLeague(
  db: Db,
  now: Date,
  actor: { id: number; label: string },
  id: number,
  input: LeagueSettingsInput,
): Promise<League> {
  assertClaimIsSelf(actor.id, input.createdBy, "createdBy");
  await leagueFor(db, id, actor.id, "edit");
  const columns = validatedColumns(input);
  await asAdmin(db, id, actor.id, "edit", async (trx) => {
    const before = await leagueOr404(trx, id);
    const pool = poolColumns(input, before);
    if ((pool.format !== before.format || pool.pool !== before.pool) && (await hasPoolPicks(trx, id)))
      throw conflict("This pool has picks: its format and options are fixed", "pool_started");
    await repo.updateLeague(trx, id, { ...columns, ...pool });
    const fields = changedSettings(before, { ...columns, ...pool });
    if (fields.length > 0) await recordHistory(trx, now, id, actor.id, { kind: "rules_changed", fields });
    const reveal = columns.reveal_picks;
    if (reveal !== undefined && reveal !== before.reveal_picks) {
      await recordHistory(trx, now, id, actor.id, { kind: "reveal_changed", from: before.reveal_picks, to: reveal });
      await audit.record(trx, now, actor, "league.reveal_picks", `league:${id}`, {
        from: before.reveal_picks,
        to: reveal,
      });
    }
  });
  return (await withMembers(db, [await leagueOr404(db, id)]))[0]!;
}

/** The settings an edit changed, by the names the league form gives them (the reveal rule has an entry of its own). */
function changedSettings(
  before: LeagueRow,
  after: ReturnType<typeof validatedColumns> & ReturnType<typeof poolColumns>,
): string[] {
  const names: [keyof typeof after & keyof LeagueRow, string][] = [
    ["name", "name"],
    ["description", "description"],
    ["is_public", "visibility"],
    ["allowed_bet_types", "allowed bet types"],
    ["min_wager_cents", "minimum wager"],
    ["max_wager_cents", "maximum wager"],
    ["starting_bankroll_cents", "starting bankroll"],
    ["start_date", "start date"],
    ["end_date", "end date"],
    ["format", "format"],
    ["pool", "pool options"],
  ];
  const changed = names.filter(([column]) => before[column] !== after[column]).map(([, name]) => name);
  if ("scoring" in after && after.scoring !== before.scoring) changed.push("scoring");
  return changed;
}

const ALREADY_MEMBER = () => conflict("You are already a member of this league", "already_member");

async function join(trx: Db, now: Date, leagueId: number, userId: number): Promise<void> {
  if (!(await repo.addMemberOnce(trx, leagueId, userId, now.toISOString()))) throw ALREADY_MEMBER();
  await recordHistory(trx, now, leagueId, userId, { kind: "joined", memberId: userId });
  const invitation = await repo.pendingInvitation(trx, leagueId, userId);
  if (invitation) await repo.answerIfPending(trx, invitation.id, "accepted", now.toISOString());
}

/** Joins a public league; private leagues take an invitation or the invite link. */
export async function joinLeague(db: Db, now: Date, userId: number, id: number, claimed: number): Promise<League> {
  assertClaimIsSelf(userId, claimed, "userId");
  const { row } = await visibleLeague(db, id, userId);
  assertCanJoinDirectly({ isPublic: row.is_public === 1 });
  await db.transaction().execute((trx) => join(trx, now, id, userId));
  return (await withMembers(db, [row]))[0]!;
}

const unknownInvite = () =>
  notFound("This invite link is not valid (it may have been replaced)", "invite_token_unknown");

/** What an invite link leads to (anyone holding the link may see it): the league, its commissioner, its size. */
export async function invitePreview(db: Db, token: string): Promise<InvitePreview> {
  const row = await repo.findLeagueByToken(db, token);
  if (!row) throw unknownInvite();
  return previewOf(db, row);
}

/**
 * What a league's page shows someone not in it (issue 44 item 1: a shared link to the page): the same
 * as an invite link's preview, for a public league to anyone, signed in or not; a private league only
 * to those who can see it (its members and invited players), else 404 as for a missing league.
 */
export async function leaguePreview(db: Db, viewerId: number | null, id: number): Promise<InvitePreview> {
  const row =
    viewerId === null
      ? await leagueOr404(db, id).then((found) => {
          if (found.is_public !== 1) throw leagueNotFound();
          return found;
        })
      : (await visibleLeague(db, id, viewerId)).row;
  return previewOf(db, row);
}

async function previewOf(db: Db, row: LeagueRow): Promise<InvitePreview> {
  const members = await repo.membersOf(db, [row.id]);
  const {
    id: _id,
    createdBy: _by,
    createdAt: _at,
    scoring: _scoring,
    pool: _pool,
    ...league
  } = summaryOf(row, members.length);
  // Members come longest-standing first: the first admin is the commissioner.
  const commissioner = members.find((m) => m.role === "admin");
  return { ...league, commissioner: commissioner?.username ?? null };
}

/** Joins by invite link, public or private. */
export async function joinByToken(db: Db, now: Date, userId: number, token: string): Promise<JoinedLeague> {
  const row = await repo.findLeagueByToken(db, token);
  if (!row) throw unknownInvite();
  await db.transaction().execute((trx) => join(trx, now, row.id, userId));
  return { id: row.id, name: row.name, revealPicks: row.reveal_picks };
}

/** Leaves a league; when its last admin leaves, the longest-standing remaining member becomes admin. */
export async function leaveLeague(
  db: Db,
  now: Date,
  userId: number,
  id: number,
  claimed: number,
): Promise<{ message: string }> {
  assertClaimIsSelf(userId, claimed, "userId");
  await visibleLeague(db, id, userId);
  await db.transaction().execute(async (trx) => {
    await holdLocks(trx, { exclusive: [[ADMINS_LOCK, id]] });
    const member = await repo.membership(trx, id, userId);
    if (!member) throw conflict("You are not a member of this league", "not_member");
    await repo.removeMember(trx, id, userId);
    await recordHistory(trx, now, id, userId, { kind: "left", memberId: userId });
    await ensureAdmin(trx, id, now);
  });
  return { message: "Left league" };
}

/** The invite link's token; members only. */
export async function inviteToken(db: Db, userId: number, id: number): Promise<{ inviteToken: string }> {
  const row = await leagueFor(db, id, userId, "shareInviteLink");
  return { inviteToken: row.invite_token };
}

/** Replaces the invite token, retiring old links; admins only. */
export async function rotateInviteToken(db: Db, userId: number, id: number): Promise<{ inviteToken: string }> {
  await leagueFor(db, id, userId, "rotateInviteLink");
  const token = randomToken(24);
  await repo.updateLeague(db, id, { invite_token: token });
  return { inviteToken: token };
}

function toInvitation(row: Awaited<ReturnType<typeof repo.invitationsWhere>>[number]): Invitation {
  return {
    id: row.id,
    leagueId: row.league_id,
    invitedUserId: row.invited_user_id,
    invitedBy: row.invited_by,
    status: row.status,
    createdAt: row.created_at,
    league: { name: row.league_name, description: row.league_description },
    inviter: { username: row.inviter_username },
    invitedUser: { username: row.invited_username },
  };
}

/** Invites someone (by id or username); the league's admins only. */
export async function invite(
  db: Db,
  now: Date,
  userId: number,
  id: number,
  input: { leagueId?: number; invitedUserId: number | string; invitedBy: number },
): Promise<Invitation> {
  assertClaimIsSelf(userId, input.invitedBy, "invitedBy");
  if (input.leagueId !== undefined && input.leagueId !== id)
    throw badRequest("leagueId: does not match the league in the address");
  await leagueFor(db, id, userId, "invite");
  const invited = await findUserByIdOrName(db, input.invitedUserId);
  // A deleted account is nobody to invite.
  if (!invited || !(await isActiveAccount(db, invited.id)))
    throw notFound(`No user "${input.invitedUserId}"`, "user_not_found");
  const alreadyInvited = () => conflict(`${invited.username} is already invited`, "already_invited");
  const invitationId = await db
    .transaction()
    .execute(async (trx) => {
      if (await repo.membership(trx, id, invited.id))
        throw conflict(`${invited.username} is already a member`, "already_member");
      if (await repo.pendingInvitation(trx, id, invited.id)) throw alreadyInvited();
      const { id: newId } = await repo.insertInvitation(trx, {
        league_id: id,
        invited_user_id: invited.id,
        invited_by: userId,
        status: "pending",
        created_at: now.toISOString(),
        responded_at: null,
      });
      await publish(trx, now, "league_invitation", { invitationId: newId, leagueId: id }, invited.id);
      return newId;
    })
    .catch((error: unknown) => {
      // Another process stored the same invitation between our check and our insert.
      throw isUniqueViolation(error) ? alreadyInvited() : error;
    });
  return toInvitation((await repo.invitationsWhere(db, { id: invitationId }))[0]!);
}

/** A league's invitations; its admins only. */
export async function leagueInvitations(db: Db, userId: number, id: number): Promise<Invitation[]> {
  await leagueFor(db, id, userId, "listInvitations");
  return (await repo.invitationsWhere(db, { leagueId: id })).map(toInvitation);
}

/** A player's pending invitations; only for the player themself. */
export async function myInvitations(db: Db, viewerId: number, userId: number): Promise<Invitation[]> {
  assertSelf(viewerId, userId, "invitations");
  return (await repo.invitationsWhere(db, { invitedUserId: userId, pendingOnly: true })).map(toInvitation);
}

/** Accepts (joining the league) or declines one's own pending invitation. */
export async function answerInvitation(
  db: Db,
  now: Date,
  userId: number,
  invitationId: number,
  claimed: number,
  answer: "accepted" | "declined",
): Promise<Invitation> {
  assertClaimIsSelf(userId, claimed, "userId");
  await db.transaction().execute(async (trx) => {
    const invitation = await repo.findInvitation(trx, invitationId);
    if (!invitation) throw notFound("Invitation not found", "invitation_not_found");
    assertInvitee({ invitedUserId: invitation.invited_user_id }, userId);
    // Only a pending invitation changes: of an accept and a decline racing, the second finds it answered.
    if (!(await repo.answerIfPending(trx, invitationId, answer, now.toISOString()))) {
      const status = (await repo.findInvitation(trx, invitationId))?.status ?? invitation.status;
      throw conflict(`This invitation was already ${status}`, "invitation_answered");
    }
    if (answer === "accepted" && (await repo.addMemberOnce(trx, invitation.league_id, userId, now.toISOString())))
      await recordHistory(trx, now, invitation.league_id, userId, { kind: "joined", memberId: userId });
  });
  return toInvitation((await repo.invitationsWhere(db, { id: invitationId }))[0]!);
}

/**
 * What the betting module checks before a league bet: membership (refused here), and the league's
 * rules and bankroll as data (checked by `leagueBetProblem` in shared/leagues.ts).
 */
export async function leagueBetRules(
  db: Db,
  leagueId: number,
  userId: number,
): Promise<{ name: string; bankrollCents: number | null; rules: LeagueBetRules }> {
  const row = await leagueFor(db, leagueId, userId, "placeBet");
  const { allowedBetTypes, minWagerCents, maxWagerCents, startingBankrollCents, startDate, endDate } = settingsOf(row);
  return {
    name: row.name,
    bankrollCents: startingBankrollCents,
    rules: { allowedBetTypes, minWagerCents, maxWagerCents, startDate, endDate },
  };
}

/** League names by id, for showing a bet's book. */
export async function leagueNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await Promise.all(unique.map((id) => repo.findLeague(db, id)));
  return new Map(rows.filter((r): r is LeagueRow => r !== undefined).map((r) => [r.id, r.name]));
}

/** Invitations a player received since a time, for their notifications. */
export async function invitationsReceivedSince(db: Db, userId: number, since: string): Promise<Invitation[]> {
  return (await repo.invitationsWhere(db, { invitedUserId: userId }))
    .filter((i) => i.created_at >= since)
    .map(toInvitation);
}

/**
 * When a player deletes their account (called inside the deletion's transaction, after the account
 * is anonymised): they stay a member of their leagues, so their bets stay in the standings, but no
 * longer an admin; a league left without a living admin gets its longest-standing living member.
 */
export async function handOverLeaguesOf(trx: Db, now: Date, userId: number): Promise<void> {
  for (const leagueId of await repo.leaguesAdministeredBy(trx, userId)) {
    await holdLocks(trx, { exclusive: [[ADMINS_LOCK, leagueId]] }); // in league id order, so two deletions never deadlock
    await repo.setRoleOf(trx, leagueId, userId, "member");
    await ensureAdmin(trx, leagueId, now);
  }
}

/**
 * A site admin makes a living member of a league one of its admins (a league whose admins all left
 * it before anyone else joined has none); recorded in the audit log. 404 for no such league, 409
 * when the player is no member (or their account is deleted).
 */
export async function assignLeagueAdmin(
  db: Db,
  now: Date,
  actor: Actor,
  leagueId: number,
  userId: number,
): Promise<League> {
  await db.transaction().execute(async (trx) => {
    await holdLocks(trx, { exclusive: [[ADMINS_LOCK, leagueId]] });
    await leagueOr404(trx, leagueId);
    const member = (await repo.livingMembers(trx, leagueId)).find((m) => m.user_id === userId);
    if (!member) throw conflict("That player is not a member of this league", "not_member");
    await repo.setRole(trx, member.id, "admin");
    await recordHistory(trx, now, leagueId, actor.id, { kind: "admin_appointed", memberId: userId });
    await audit.record(trx, now, actor, "league.assign_admin", `league:${leagueId}`, { userId });
  });
  return (await withMembers(db, [await leagueOr404(db, leagueId)]))[0]!;
}

const notMember = () => conflict("That player is not a member of this league", "not_member");

/**
 * Runs a commissioner tool (already authorized by `leagueFor`) under the league's admins lock, once the
 * caller's role is read again inside it: another admin may have removed them or deleted the league since.
 */
function asAdmin<T>(db: Db, id: number, userId: number, action: LeagueAction, work: (trx: Db) => Promise<T>) {
  return transaction(db, { exclusive: [[ADMINS_LOCK, id]] }, async (trx) => {
    await leagueOr404(trx, id);
    authorize(standingOf(await repo.membership(trx, id, userId)), action);
    return work(trx);
  });
}

/** An admin removes another member (an admin too); their bets stay theirs (decision 0046). Leaving oneself is Leave League. */
export async function removeMember(db: Db, now: Date, userId: number, id: number, memberId: number): Promise<League> {
  await leagueFor(db, id, userId, "removeMember");
  if (memberId === userId) throw badRequest("To leave the league yourself, use Leave League", "use_leave");
  await asAdmin(db, id, userId, "removeMember", async (trx) => {
    if (!(await repo.membership(trx, id, memberId))) throw notMember();
    await repo.removeMember(trx, id, memberId);
    await recordHistory(trx, now, id, userId, { kind: "removed", memberId });
  });
  return (await withMembers(db, [await leagueOr404(db, id)]))[0]!;
}

/**
 * An admin makes a living member an admin: a co-admin, or (`stepDown`) hands the role over, becoming a
 * member. Handing over to someone already an admin is only stepping down.
 */
export async function appointAdmin(
  db: Db,
  now: Date,
  userId: number,
  id: number,
  memberId: number,
  stepDown: boolean,
): Promise<League> {
  await leagueFor(db, id, userId, "appointAdmin");
  if (memberId === userId) throw badRequest("You are already an admin of this league", "already_admin");
  await asAdmin(db, id, userId, "appointAdmin", async (trx) => {
    const member = (await repo.livingMembers(trx, id)).find((m) => m.user_id === memberId);
    if (!member) throw notMember();
    if (member.role === "admin" && !stepDown)
      throw conflict("That player is already an admin of this league", "already_admin");
    if (member.role !== "admin") {
      await repo.setRole(trx, member.id, "admin");
      await recordHistory(trx, now, id, userId, { kind: "admin_appointed", memberId });
    }
    if (stepDown) await repo.setRoleOf(trx, id, userId, "member");
  });
  return (await withMembers(db, [await leagueOr404(db, id)]))[0]!;
}

/** An admin deletes the league with its memberships and invitations; its book's bets stay their players' (decision 0046). */
export async function deleteLeague(db: Db, userId: number, id: number): Promise<{ message: string }> {
  await leagueFor(db, id, userId, "deleteLeague");
  await asAdmin(db, id, userId, "deleteLeague", (trx) => repo.deleteLeague(trx, id));
  return { message: "League deleted" };
}

/** A page of a league's history, newest first; its members only (who changed what, who came and went). */
export async function leagueHistory(db: Db, viewerId: number, id: number, cursor: number | undefined) {
  await leagueFor(db, id, viewerId, "viewHistory");
  return historyPage(db, id, cursor);
}

/** Whether two players are members of one league (a profile's "friends and league-mates" asks). */
export async function shareALeague(db: Db, a: number, b: number): Promise<boolean> {
  return repo.shareALeague(db, a, b);
}

/** A player's place in a league they may act in (comments, webhooks): the league's id and name, and their role. */
export interface LeagueSeat {
  leagueId: number;
  name: string;
  role: "admin" | "member";
}

/**
 * The viewer's seat in a league, once they may do `action` there (policy.ts): 404 when they cannot
 * see it (a private league's outsider), 403 when the policy refuses.
 */
export async function seatIn(db: Db, leagueId: number, viewerId: number, action: LeagueAction): Promise<LeagueSeat> {
  const { row, standing } = await visibleLeague(db, leagueId, viewerId);
  authorize(standing, action);
  return { leagueId: row.id, name: row.name, role: standing === "admin" ? "admin" : "member" };
}

/** Whether the player may do `action` in the league (false for an outsider); never throws. */
export async function mayIn(db: Db, leagueId: number, userId: number, action: LeagueAction): Promise<boolean> {
  return can(standingOf(await repo.membership(db, leagueId, userId)), action);
}

/** The ids of the leagues a player is a member of. */
export async function leagueIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await repo.leaguesOfUser(db, userId)).map((l) => l.id);
}

/** A league's members (ids) and its admins among them; null when there is no such league. */
export async function leagueMembers(
  db: Db,
  leagueId: number,
): Promise<{ name: string; memberIds: number[]; adminIds: number[] } | null> {
  const row = await repo.findLeague(db, leagueId);
  if (!row) return null;
  const members = await repo.membersOf(db, [leagueId]);
  return {
    name: row.name,
    memberIds: members.map((m) => m.user_id),
    adminIds: members.filter((m) => m.role === "admin").map((m) => m.user_id),
  };
}
