import type { MessageResponse } from "../../../shared/contract/common.ts";
import type {
  Invitation,
  InviteLink,
  InvitePreview,
  League,
  LeagueDetails,
  LeagueScoring,
  LeagueStandings,
  LeagueSummary,
} from "../../../shared/contract/leagues.ts";
import type { LeagueFeed, LeagueSweat, LeagueWeekPicks } from "../../../shared/contract/league-feed.ts";
import type { LeagueRecap } from "../../../shared/contract/league-recap.ts";
import type { PoolOptions, PoolStandings } from "../../../shared/contract/pools.ts";
import type { LeagueFormat } from "../../../shared/pools.ts";
import type { LeagueHistory } from "../../../shared/contract/league-history.ts";
import type { RevealPicks } from "../../../shared/league-reveal.ts";
import { ApiError, apiRequest } from "../../lib/api.ts";
import { afterLeagueTalk, afterWebhooksChange, keys, useQuery } from "../../lib/queries.ts";
import type { LeagueComment, LeagueComments } from "../../../shared/contract/comments.ts";
import type { CreatedWebhook, LeagueWebhook } from "../../../shared/contract/webhooks.ts";
import type { ReactionName } from "../../../shared/comments.ts";
import type { WebhookEvent, WebhookKind } from "../../../shared/webhooks.ts";

export { AVAILABLE_PAGE_SIZE } from "../../lib/queries.ts";

/** The settings a create or edit sends (spec §7); optional numbers only when filled (spec §5). */
export interface LeagueSettingsPayload {
  name: string;
  description: string;
  isPublic: boolean;
  rules: { allowedBetTypes: string[]; minWager?: number; maxWager?: number };
  startingBankroll?: number;
  startDate?: string;
  endDate?: string;
  revealPicks?: RevealPicks;
  scoring?: LeagueScoring;
  format?: LeagueFormat;
  pool?: Partial<PoolOptions>;
}

const leagueUrl = (id: number) => `/api/leagues/${id}`;

export const useAvailableLeagues = (cursor: number | null) => useQuery<LeagueSummary[]>(keys.availableLeagues(cursor));
export const useMyLeagues = (userId: number) => useQuery<League[]>(keys.myLeagues(userId));
export const useMyInvitations = (userId: number) => useQuery<Invitation[]>(keys.myInvitations(userId));
/**
 * Other players change a league (they join, answer invitations, bet) without telling this page, so
 * opening a league's details asks again, showing the last answer meanwhile.
 */
const onOpen = { revalidateOnMount: true, dedupingInterval: 0 };
/** A league with its standings; the caller revalidates it each time it opens the league (see LeagueDetailsDialog). */
export const useLeagueDetails = (id: number | null) => useQuery<LeagueDetails>(id === null ? null : keys.league(id));
/** The league's page: its details, asked again each time the page opens (others join, bet and leave meanwhile). */
export const useLeaguePageDetails = (id: number | null) =>
  useQuery<LeagueDetails>(id === null ? null : keys.league(id), onOpen);
/** What the page shows someone not in the league (a public league to anyone; 404 for a private one they cannot see). */
export const useLeaguePreview = (id: number, enabled: boolean) =>
  useQuery<InvitePreview>(enabled ? keys.leaguePreview(id) : null);
/** Who has picked each of the week's open games, and when hidden picks show (members only). */
export const useLeagueWeekPicks = (id: number) => useQuery<LeagueWeekPicks>(keys.leagueWeekPicks(id), onOpen);
/** The week's revealed picks still in play (members only); their games' scores come live with the games. */
export const useLeagueSweat = (id: number) => useQuery<LeagueSweat>(keys.leagueSweat(id), onOpen);
/** Asked again each second, for a minute at most, while the server says the week's bets are still settling. */
const untilSettled = {
  ...onOpen,
  shouldRetryOnError: (error: Error) => error instanceof ApiError && error.code === "week_settling",
  onErrorRetry: (
    _error: unknown,
    _key: string,
    _config: unknown,
    revalidate: (opts: { retryCount: number }) => void,
    { retryCount }: { retryCount: number },
  ) => {
    if (retryCount <= 60) setTimeout(() => revalidate({ retryCount }), 1000);
  },
};
/** A week's recap (members only; 409 until the week's games are final and its bets settled). */
export const useLeagueRecap = (id: number, week: number | null) =>
  useQuery<LeagueRecap>(week === null ? null : keys.leagueRecap(id, week), untilSettled);
/** A page of the league's revealed picks (members only); `cursor`: the last pick of the page before. */
export const useLeagueFeed = (id: number | null, cursor: number | null = null) =>
  useQuery<LeagueFeed>(id === null ? null : keys.leagueFeed(id, cursor), onOpen);
/** The latest page of a league's history (members only): rule and reveal changes, who came and went. */
export const useLeagueHistory = (id: number, enabled: boolean) =>
  useQuery<LeagueHistory>(enabled ? keys.leagueHistory(id) : null, onOpen);
/** A league's standings for its season or one week of the current season: its bets by its scoring, or its pool's. */
export const useLeagueStandings = (id: number, period: "season" | number) =>
  useQuery<LeagueStandings | PoolStandings>(keys.leagueStandings(id, period));
/** The league's invitations; only asked for when the viewer may see them (admins of a private league). */
export const useLeagueInvitations = (id: number, allowed: boolean) =>
  useQuery<Invitation[]>(allowed ? keys.leagueInvitations(id) : null, onOpen);

export const createLeague = (userId: number, settings: LeagueSettingsPayload) =>
  apiRequest<League>("POST", "/api/leagues", { ...settings, createdBy: userId });
export const updateLeague = (id: number, settings: LeagueSettingsPayload) =>
  apiRequest<League>("PUT", leagueUrl(id), settings);
export const joinLeague = (id: number, userId: number) =>
  apiRequest<League>("POST", `${leagueUrl(id)}/join`, { userId });
export const leaveLeague = (id: number, userId: number) =>
  apiRequest<MessageResponse>("DELETE", `${leagueUrl(id)}/leave`, { userId });
/** `who` is a username or a user id; the server resolves it (DESIGN: 'Invite Users'). */
export const inviteUser = (id: number, who: string | number, userId: number) =>
  apiRequest<Invitation>("POST", `${leagueUrl(id)}/invite`, { leagueId: id, invitedUserId: who, invitedBy: userId });
export const answerInvitation = (invitationId: number, userId: number, answer: "accept" | "decline") =>
  apiRequest<Invitation>("POST", `/api/invitations/${invitationId}/${answer}`, { userId });
export const fetchInviteToken = (id: number) => apiRequest<InviteLink>("GET", `${leagueUrl(id)}/invite-link`);
/** A new token; the old link stops working (admins only). */
export const rotateInviteToken = (id: number) => apiRequest<InviteLink>("POST", `${leagueUrl(id)}/invite-link`, {});

/** The link people open to join (spec §7: {origin}/invite/{inviteToken}). */
export const inviteLink = (token: string) => `${location.origin}/invite/${token}`;

/** Admins only: removes another member. */
export const removeMember = (id: number, memberId: number) =>
  apiRequest<League>("DELETE", `${leagueUrl(id)}/members/${memberId}`);
/** Admins only: makes a member an admin; `stepDown` hands the role over (the caller becomes a member). */
export const appointAdmin = (id: number, memberId: number, stepDown: boolean) =>
  apiRequest<League>("POST", `${leagueUrl(id)}/admins/${memberId}`, { stepDown });
/** Admins only: deletes the league for everyone. */
export const deleteLeague = (id: number) => apiRequest<MessageResponse>("DELETE", leagueUrl(id));

/** A page of a league's talk: its page (pinned posts, threads' counts) or, with `betId`, a revealed pick's thread. */
export const useLeagueComments = (id: number, betId: number | null, cursor: number | null = null) =>
  useQuery<LeagueComments>(keys.leagueComments(id, betId, cursor), onOpen);

/** Posts a comment; the threads on screen ask again. */
export async function postComment(
  id: number,
  comment: { text: string; betId?: number; replyToId?: number; pinned?: boolean },
): Promise<LeagueComment> {
  const posted = await apiRequest<LeagueComment>("POST", `${leagueUrl(id)}/comments`, comment);
  await afterLeagueTalk();
  return posted;
}

export async function deleteComment(commentId: number): Promise<void> {
  await apiRequest<MessageResponse>("DELETE", `/api/comments/${commentId}`);
  await afterLeagueTalk();
}

/** Adds (`on`) or takes back the viewer's reaction. */
export async function react(commentId: number, reaction: ReactionName, on: boolean): Promise<void> {
  await apiRequest<LeagueComment>(on ? "PUT" : "DELETE", `/api/comments/${commentId}/reactions/${reaction}`);
  await afterLeagueTalk();
}

export const reportComment = (commentId: number, reason: string) =>
  apiRequest<MessageResponse>("POST", `/api/comments/${commentId}/report`, { reason });

/** A league's webhooks and their delivery log (its admins only). */
export const useLeagueWebhooks = (id: number, allowed: boolean) =>
  useQuery<LeagueWebhook[]>(allowed ? keys.leagueWebhooks(id) : null, onOpen);

export async function addWebhook(
  id: number,
  webhook: { url: string; kind: WebhookKind; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  const created = await apiRequest<CreatedWebhook>("POST", `${leagueUrl(id)}/webhooks`, webhook);
  await afterWebhooksChange();
  return created;
}

export async function removeWebhook(id: number, webhookId: number): Promise<void> {
  await apiRequest<MessageResponse>("DELETE", `${leagueUrl(id)}/webhooks/${webhookId}`);
  await afterWebhooksChange();
}
