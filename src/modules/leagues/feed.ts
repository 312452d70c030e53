/**
 * A league's feed of revealed picks, and whether a pick is revealed to a player (decisions 0056,
 * 0062). A pick is one of the bets the league's standings count, placed after its owner joined; it
 * shows to the other members only once the rule that governs it says so (the stricter of the rule
 * when it was placed and the league's rule now), decided in the one query that reads the page.
 */
import type { Db } from "../../runtime/index.ts";
import type { LeagueFeed, LeaguePick, LeagueSweat } from "../../shared/contract/league-feed.ts";
import { keepsOwnBook } from "../../shared/leagues.ts";
import { isTailable, revealWindows } from "../../shared/league-reveal.ts";
import { betOwners, betsWithTails, type LeaguePicks, priceNow, revealedPickIds } from "../betting/service.ts";
import { anyKickoffBetween, currentWeek, syncPace } from "../games/service.ts";
import { feedPick, FEED_PAGE, tailedFromOf } from "./feed-rules.ts";
import { revealChanges } from "./history.ts";
import * as repo from "./repo.ts";
import { countedBetsOf, leagueFor, settingsOf } from "./service.ts";
import type { LeagueRow } from "./table.ts";

type MemberRow = Awaited<ReturnType<typeof repo.membersOf>>[number];

/**
 * What a league shows of these members' bets to `viewerId` (null: what it shows to everyone): what it
 * counts, from when each joined, by the rules that govern each pick.
 */
export async function picksOf(
  db: Db,
  row: LeagueRow,
  members: readonly MemberRow[],
  viewerId: number | null,
): Promise<LeaguePicks> {
  const changes = row.reveal_picks === "never" ? [] : await revealChanges(db, row.id);
  return {
    ...countedBetsOf(
      row,
      members.map((m) => m.user_id),
    ),
    ownBookOnly: keepsOwnBook(settingsOf(row)),
    members: members.map((m) => ({ userId: m.user_id, joinedAt: m.joined_at })),
    windows: revealWindows(row.reveal_picks, changes),
    viewerId,
  };
}

/** A page of a league's revealed picks, newest first; members only (policy `viewFeed`). */
export async function leagueFeed(
  db: Db,
  now: Date,
  viewerId: number,
  leagueId: number,
  cursor: number | undefined,
): Promise<LeagueFeed> {
  const row = await leagueFor(db, leagueId, viewerId, "viewFeed");
  const members = await repo.membersOf(db, [leagueId]);
  const names = new Map(members.map((m) => [m.user_id, m.username]));
  const picks = await picksOf(db, row, members, viewerId);
  const ids = await revealedPickIds(db, now, picks, {
    limit: FEED_PAGE + 1,
    ...(cursor === undefined ? {} : { beforeId: cursor }),
  });
  const page = await betsWithTails(db, ids.slice(0, FEED_PAGE));
  // A tail names its pick only when this league shows that pick too: another league's reveal is not this one's.
  const followed = [...new Set(page.flatMap((p) => (p.tailedFromBetId === null ? [] : [p.tailedFromBetId])))];
  const shown = await revealedPickIds(db, now, picks, { ids: followed, limit: followed.length || 1 });
  const originals = new Map((await betsWithTails(db, shown)).map(({ bet }) => [bet.id, bet]));
  const rows = await Promise.all(
    page.map(async ({ bet, tailedFromBetId }) => {
      const original = tailedFromBetId === null ? undefined : originals.get(tailedFromBetId);
      const tailedFrom = original ? tailedFromOf(original, names.get(original.userId) ?? "", bet) : null;
      const mayTail =
        bet.userId !== viewerId && isTailable({ isParlay: bet.isParlay, lastKickoff: bet.game.commenceTime }, now);
      const tail = mayTail ? await priceNow(db, now, bet) : null;
      return feedPick(bet, names.get(bet.userId) ?? "", tailedFrom, tail);
    }),
  );
  const next = row.reveal_picks === "never" ? null : (await syncPace(db, now)).nextKickoff;
  return {
    revealPicks: row.reveal_picks,
    picks: rows,
    nextRevealAt: next?.toISOString() ?? null,
    nextCursor: ids.length > FEED_PAGE ? ids[FEED_PAGE - 1]! : null,
  };
}

/** Whether a pick is revealed to this player in a league they share with its owner (tailing checks it). */
export async function pickRevealedTo(db: Db, now: Date, viewerId: number, betId: number): Promise<boolean> {
  const leagues = await repo.leaguesOfUser(db, viewerId);
  const members = Map.groupBy(
    await repo.membersOf(
      db,
      leagues.map((l) => l.id),
    ),
    (m) => m.league_id,
  );
  for (const row of leagues) {
    const picks = await picksOf(db, row, members.get(row.id) ?? [], viewerId);
    if ((await revealedPickIds(db, now, picks, { ids: [betId], limit: 1 })).length > 0) return true;
  }
  return false;
}

/**
 * Of `betIds`, those a league shows to `viewerId` now (null: what it shows to everyone, for what is
 * sent to the whole group) — the feed's own rule (comments on a pick, a webhook's message). None for
 * a league that does not exist.
 */
export async function picksShownIn(
  db: Db,
  now: Date,
  leagueId: number,
  viewerId: number | null,
  betIds: readonly number[],
): Promise<number[]> {
  if (betIds.length === 0) return [];
  const row = await repo.findLeague(db, leagueId);
  if (!row) return [];
  const picks = await picksOf(db, row, await repo.membersOf(db, [leagueId]), viewerId);
  return revealedPickIds(db, now, picks, { ids: [...new Set(betIds)], limit: betIds.length });
}

/** Picks a league shows, as its feed lists them (no note, confidence or book), oldest first; ids it does not show are left out by the caller. */
export async function presentPicks(db: Db, leagueId: number, ids: readonly number[]): Promise<LeaguePick[]> {
  const names = new Map((await repo.membersOf(db, [leagueId])).map((m) => [m.user_id, m.username]));
  const bets = await betsWithTails(db, [...ids]);
  return bets
    .sort((a, b) => a.bet.id - b.bet.id)
    .map(({ bet }) => feedPick(bet, names.get(bet.userId) ?? "", null, null));
}

/** A league's picks first shown in a window: whose they were, by owner. */
export interface RevealedInWindow {
  leagueId: number;
  leagueName: string;
  memberIds: number[];
  /** Picks shown for the first time, by their owner's id. */
  byOwner: Map<number, number>;
  /** Those picks' ids. */
  pickIds: number[];
}

/**
 * The picks each league of `userIds` showed for the first time after `since` and by `now` — the
 * feed's own reveal rule asked at both times, so a push about them says no more than the feed does.
 */
export async function picksRevealedBetween(
  db: Db,
  since: Date,
  now: Date,
  userIds: number[],
): Promise<RevealedInWindow[]> {
  // Picks are revealed at kick-offs only (a game's, or the week's first): a window without one has none.
  if (!(await anyKickoffBetween(db, since, now))) return [];
  return revealedInWindow(db, since, now, await repo.leaguesOfUsers(db, userIds));
}

/** As `picksRevealedBetween`, for these leagues (a league's webhooks). */
export async function picksRevealedIn(
  db: Db,
  since: Date,
  now: Date,
  leagueIds: number[],
): Promise<RevealedInWindow[]> {
  if (leagueIds.length === 0 || !(await anyKickoffBetween(db, since, now))) return [];
  const rows = await Promise.all(leagueIds.map((id) => repo.findLeague(db, id)));
  return revealedInWindow(
    db,
    since,
    now,
    rows.filter((r): r is LeagueRow => r !== undefined),
  );
}

async function revealedInWindow(db: Db, since: Date, now: Date, rows: LeagueRow[]): Promise<RevealedInWindow[]> {
  const leagues = rows.filter((l) => l.reveal_picks !== "never");
  const members = Map.groupBy(
    await repo.membersOf(
      db,
      leagues.map((l) => l.id),
    ),
    (m) => m.league_id,
  );
  const found: RevealedInWindow[] = [];
  for (const row of leagues) {
    const leagueMembers = members.get(row.id) ?? [];
    const memberIds = leagueMembers.map((m) => m.user_id);
    // Counted as they show to everyone: a pick seen early by those who picked its game too is news at kick-off.
    const picks = await picksOf(db, row, leagueMembers, null);
    const before = new Set(await revealedPickIds(db, since, picks, { limit: REVEAL_SCAN_LIMIT }));
    const fresh = (await revealedPickIds(db, now, picks, { limit: REVEAL_SCAN_LIMIT })).filter((id) => !before.has(id));
    if (fresh.length === 0) continue;
    const byOwner = new Map<number, number>();
    for (const owner of (await betOwners(db, fresh)).values()) byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
    found.push({ leagueId: row.id, leagueName: row.name, memberIds, byOwner, pickIds: fresh });
  }
  return found;
}

/** More picks than a league shows at once in a week; a window past it is told as this many. */
const REVEAL_SCAN_LIMIT = 5000;

/** More revealed open picks than a league holds in a week; the sweat room shows no more. */
const SWEAT_LIMIT = 5000;

/** The current week's revealed picks still in play, oldest first; members only (the sweat room). */
export async function leagueSweat(db: Db, now: Date, viewerId: number, leagueId: number): Promise<LeagueSweat> {
  const row = await leagueFor(db, leagueId, viewerId, "viewFeed");
  const members = await repo.membersOf(db, [leagueId]);
  const names = new Map(members.map((m) => [m.user_id, m.username]));
  const { season, week } = await currentWeek(db, now);
  const picks = await picksOf(db, row, members, viewerId);
  const ids = await revealedPickIds(db, now, picks, { limit: SWEAT_LIMIT, season, week, pendingOnly: true });
  const open = (await betsWithTails(db, ids)).sort((a, b) => a.bet.id - b.bet.id);
  return {
    season,
    week,
    picks: open.map(({ bet }) => feedPick(bet, names.get(bet.userId) ?? "", null, null)),
  };
}
