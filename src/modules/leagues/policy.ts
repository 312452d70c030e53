/**
 * Who may do what in a league (DESIGN "Access"), pure: the service reads the viewer's membership
 * and asks here. A league's creator is its first admin; when the last admin leaves or deletes their
 * account, the longest-standing remaining member becomes one (service). Site admins have no other
 * say in leagues than making a member an admin (`assignLeagueAdmin`, for a league left without one).
 */
import { type AppError, forbidden } from "../../lib/errors.ts";

/** The viewer's place in one league: its membership role, or outside it. */
export type LeagueStanding = "admin" | "member" | "outsider";

export function standingOf(membership: { role: "admin" | "member" } | null | undefined): LeagueStanding {
  return membership?.role ?? "outsider";
}

/**
 * Who may see a league at all (its details, members, standings, its place in lists): everyone signed
 * in for a public league; for a private one its members and the players it invited (pending). To
 * anyone else a private league does not exist: every per-league call answers 404, as for a missing one.
 */
export function canSee(league: { isPublic: boolean }, standing: LeagueStanding, invited: boolean): boolean {
  return league.isPublic || standing !== "outsider" || invited;
}

/** What a league lets the people who can see it do. */
export type LeagueAction =
  | "edit"
  | "invite"
  | "listInvitations"
  | "rotateInviteLink"
  | "shareInviteLink"
  | "placeBet"
  | "removeMember"
  | "appointAdmin"
  | "deleteLeague"
  | "viewFeed"
  | "viewHistory"
  | "pickPool"
  | "correctPool"
  | "comment"
  | "moderateComments"
  | "pinPost"
  | "manageWebhooks";

const ADMINS: readonly LeagueStanding[] = ["admin"];
const MEMBERS: readonly LeagueStanding[] = ["admin", "member"];

const WHO_MAY: Record<LeagueAction, readonly LeagueStanding[]> = {
  edit: ADMINS,
  invite: ADMINS,
  listInvitations: ADMINS,
  rotateInviteLink: ADMINS,
  shareInviteLink: MEMBERS,
  placeBet: MEMBERS,
  removeMember: ADMINS,
  appointAdmin: ADMINS,
  deleteLeague: ADMINS,
  viewFeed: MEMBERS,
  viewHistory: MEMBERS,
  pickPool: MEMBERS,
  correctPool: ADMINS,
  comment: MEMBERS,
  moderateComments: ADMINS,
  pinPost: ADMINS,
  manageWebhooks: ADMINS,
};

const REFUSAL: Record<LeagueAction, () => AppError> = {
  edit: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  invite: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  listInvitations: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  rotateInviteLink: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  shareInviteLink: () => forbidden("Only members can share this league's invite link", "members_only"),
  placeBet: () => forbidden("You are not a member of this league", "not_member"),
  removeMember: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  appointAdmin: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  deleteLeague: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  viewFeed: () => forbidden("Only members can see this league's picks", "members_only"),
  viewHistory: () => forbidden("Only members can see this league's history", "members_only"),
  pickPool: () => forbidden("Only members can make picks in this pool", "members_only"),
  correctPool: () => forbidden("Only this league's admins can do that", "league_admin_only"),
  comment: () => forbidden("Only members can talk in this league", "members_only"),
  moderateComments: () =>
    forbidden("Only the comment's author or this league's admins can delete it", "not_your_comment"),
  pinPost: () => forbidden("Only this league's admins post pinned announcements", "league_admin_only"),
  manageWebhooks: () => forbidden("Only this league's admins can do that", "league_admin_only"),
};

export function can(standing: LeagueStanding, action: LeagueAction): boolean {
  return WHO_MAY[action].includes(standing);
}

/** Throws the action's 403 unless the standing allows it. */
export function authorize(standing: LeagueStanding, action: LeagueAction): void {
  if (!can(standing, action)) throw REFUSAL[action]();
}

/** Anyone may join a public league; a private one takes an invitation or the invite link. */
export function assertCanJoinDirectly(league: { isPublic: boolean }): void {
  if (!league.isPublic)
    throw forbidden("This league is private: join it by invitation or invite link", "league_private");
}

/** Only the invited player answers an invitation. */
export function assertInvitee(invitation: { invitedUserId: number }, userId: number): void {
  if (invitation.invitedUserId !== userId) throw forbidden("This invitation is not yours", "not_your_invitation");
}
