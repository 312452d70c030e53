import type { Notification, Notifications, NotificationsSeen } from "../../../shared/contract/social.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterFriendChange, afterLeagueChange, afterNotificationsSeen, keys, useQuery } from "../../lib/queries.ts";

/** The signed-in player's notifications; nothing is asked for visitors. */
export const useNotifications = (signedIn: boolean) => useQuery<Notifications>(signedIn ? keys.notifications() : null);

/** Records that the player has seen everything up to now, then refetches so the badge clears. */
export async function markNotificationsSeen(): Promise<void> {
  await apiRequest<NotificationsSeen>("POST", "/api/notifications/seen");
  await afterNotificationsSeen();
}

export type Answerable = NonNullable<Notification["answer"]>;

/**
 * Accepts or declines, from the bell, a friend request or a league invitation still waiting; the
 * lists it changes (friends, requests, leagues, the notifications) are asked again.
 */
export async function answerFromBell(answer: Answerable, accept: boolean, userId: number): Promise<void> {
  if (answer.kind === "friend_request") {
    await apiRequest("PATCH", `/api/friends/requests/${answer.requestId}`, {
      status: accept ? "accepted" : "declined",
    });
    await afterFriendChange();
  } else {
    await apiRequest("POST", `/api/invitations/${answer.invitationId}/${accept ? "accept" : "decline"}`, { userId });
    await afterLeagueChange();
  }
  await afterNotificationsSeen();
}
