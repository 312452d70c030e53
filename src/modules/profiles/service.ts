import type { Db } from "../../runtime/index.ts";
import { notFound } from "../../lib/errors.ts";
import { assertMaySeeProfile } from "./policy.ts";
import {
  DEFAULT_PROFILE_VISIBILITY,
  type Profile,
  type ProfileSettings,
  type ProfileVisibility,
} from "../../shared/contract/profiles.ts";
import { shareALeague } from "../leagues/service.ts";
import { betsForProfile } from "../betting/service.ts";
import { areFriends } from "../social/service.ts";
import { accountById, activeAccountByUsername, setProfileVisibility } from "../users/service.ts";
import { byBetType, byWeek, inSettlementOrder, profileBet, recordFigures, showable } from "./rules.ts";

/** How many settled bets the profile lists (the figures count them all). */
export const RECENT_BETS = 20;

/**
 * A player's record as `viewerId` (null when signed out) may see it: every settled bet counts and
 * stays (losses included); a bet is listed only once all its games have kicked off (`showable`).
 */
export async function profile(db: Db, now: Date, viewerId: number | null, username: string): Promise<Profile> {
  const player = await activeAccountByUsername(db, username);
  if (!player) throw notFound("No player has this username.", "user_not_found");
  const isOwner = viewerId === player.id;
  const other = viewerId !== null && !isOwner;
  const visibility = player.profile_visibility ?? DEFAULT_PROFILE_VISIBILITY;
  assertMaySeeProfile(
    {
      visibility,
      isOwner,
      isFriend: other && (await areFriends(db, viewerId, player.id)),
      isLeagueMate: other && visibility === "league_mates" && (await shareALeague(db, viewerId, player.id)),
      isBot: player.is_bot === 1,
    },
    player.id,
  );
  const bets = await betsForProfile(db, player.id);
  const settled = inSettlementOrder(bets);
  const listed = bets.filter((bet) => showable(bet, now));
  return {
    username: player.username,
    isBot: player.is_bot === 1,
    memberSince: player.created_at,
    visibility,
    isOwn: isOwner,
    record: recordFigures(settled),
    byType: byBetType(settled),
    byWeek: byWeek(settled),
    recent: inSettlementOrder(listed).slice(-RECENT_BETS).reverse().map(profileBet),
    inPlay: listed.filter((bet) => bet.status === "pending").map(profileBet),
  };
}

export async function visibilityOf(db: Db, userId: number): Promise<ProfileSettings> {
  const row = await accountById(db, userId);
  if (!row) throw notFound("No such user", "user_not_found");
  return { visibility: row.profile_visibility ?? DEFAULT_PROFILE_VISIBILITY };
}

export async function changeVisibility(
  db: Db,
  userId: number,
  visibility: ProfileVisibility,
): Promise<ProfileSettings> {
  await setProfileVisibility(db, userId, visibility);
  return { visibility };
}
