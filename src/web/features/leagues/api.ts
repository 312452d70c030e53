import useSWR from "swr";
import type { MessageResponse } from "../../../shared/contract/common.ts";
import type { Invitation, InviteLink, League, LeagueDetails, LeagueSummary } from "../../../shared/contract/leagues.ts";
import { apiRequest } from "../../lib/api.ts";
import { invalidate } from "../../lib/swr.ts";

/** The settings a create or edit sends (spec §7); optional numbers only when filled (spec §5). */
export interface LeagueSettingsPayload {
  name: string;
  description: string;
  isPublic: boolean;
  rules: { allowedBetTypes: string[]; minWager?: number; maxWager?: number };
  startingBankroll?: number;
  startDate?: string;
  endDate?: string;
}

export const LEAGUES_KEY = "/api/leagues";
/** Available Leagues come this many at a time ('Load more' asks for the next page). */
export const AVAILABLE_PAGE_SIZE = 20;
/**
 * A page of Available Leagues after the league `cursor` (none: the newest). One league more than
 * shown is asked for: its presence says another page exists, since the fetcher sees no headers.
 */
export const availableLeaguesKey = (cursor: number | null) =>
  `${LEAGUES_KEY}?scope=available&limit=${AVAILABLE_PAGE_SIZE + 1}${cursor === null ? "" : `&cursor=${cursor}`}`;
export const myLeaguesKey = (userId: number) => `/api/users/${userId}/leagues`;
export const myInvitationsKey = (userId: number) => `/api/users/${userId}/invitations`;
export const leagueKey = (id: number) => `/api/leagues/${id}`;
export const leagueInvitationsKey = (id: number) => `/api/invitations/league/${id}`;

/** Every query a league action can change: the lists, a league's details and invitations, the user's leagues and invitations. */
export const leagueQueries = (path: string) =>
  path.startsWith(LEAGUES_KEY) ||
  path.startsWith("/api/invitations/") ||
  /^\/api\/users\/\d+\/(leagues|invitations)$/.test(path);

export const refreshLeagues = () => invalidate(leagueQueries);

export const useAvailableLeagues = (cursor: number | null) => useSWR<LeagueSummary[]>(availableLeaguesKey(cursor));
export const useMyLeagues = (userId: number) => useSWR<League[]>(myLeaguesKey(userId));
export const useMyInvitations = (userId: number) => useSWR<Invitation[]>(myInvitationsKey(userId));
/**
 * Other players change a league (they join, answer invitations, bet) without telling this page, so
 * opening a league's details asks again, showing the last answer meanwhile.
 */
const onOpen = { revalidateOnMount: true, dedupingInterval: 0 };
/** A league with its standings; the caller revalidates it each time it opens the league (see LeagueDetailsDialog). */
export const useLeagueDetails = (id: number | null) => useSWR<LeagueDetails>(id === null ? null : leagueKey(id));
/** The league's invitations; only asked for when the viewer may see them (admins of a private league). */
export const useLeagueInvitations = (id: number, allowed: boolean) =>
  useSWR<Invitation[]>(allowed ? leagueInvitationsKey(id) : null, onOpen);

export const createLeague = (userId: number, settings: LeagueSettingsPayload) =>
  apiRequest<League>("POST", LEAGUES_KEY, { ...settings, createdBy: userId });
export const updateLeague = (id: number, settings: LeagueSettingsPayload) =>
  apiRequest<League>("PUT", leagueKey(id), settings);
export const joinLeague = (id: number, userId: number) =>
  apiRequest<League>("POST", `${leagueKey(id)}/join`, { userId });
export const leaveLeague = (id: number, userId: number) =>
  apiRequest<MessageResponse>("DELETE", `${leagueKey(id)}/leave`, { userId });
/** `who` is a username or a user id; the server resolves it (DESIGN: 'Invite Users'). */
export const inviteUser = (id: number, who: string | number, userId: number) =>
  apiRequest<Invitation>("POST", `${leagueKey(id)}/invite`, { leagueId: id, invitedUserId: who, invitedBy: userId });
export const answerInvitation = (invitationId: number, userId: number, answer: "accept" | "decline") =>
  apiRequest<Invitation>("POST", `/api/invitations/${invitationId}/${answer}`, { userId });
export const fetchInviteToken = (id: number) => apiRequest<InviteLink>("GET", `${leagueKey(id)}/invite-link`);
/** A new token; the old link stops working (admins only). */
export const rotateInviteToken = (id: number) => apiRequest<InviteLink>("POST", `${leagueKey(id)}/invite-link`, {});

/** The link people open to join (spec §7: {origin}/invite/{inviteToken}). */
export const inviteLink = (token: string) => `${location.origin}/invite/${token}`;
