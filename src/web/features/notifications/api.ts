import useSWR from "swr";
import type { Notifications, NotificationsSeen } from "../../../shared/contract/social.ts";
import { apiRequest } from "../../lib/api.ts";
import { invalidate } from "../../lib/swr.ts";

export const NOTIFICATIONS_KEY = "/api/notifications";

/**
 * What a live {"type":"notification"} can have changed: it is sent for a friend request, an
 * accepted request or a league invitation, so the panel, the friend lists and the pending
 * league invitations refetch (on screen now, elsewhere when next shown).
 */
export const afterNotification = (path: string) =>
  path === NOTIFICATIONS_KEY || path.startsWith("/api/friends") || /^\/api\/users\/\d+\/invitations$/.test(path);

/** The signed-in player's notifications; nothing is asked for visitors. */
export const useNotifications = (signedIn: boolean) => useSWR<Notifications>(signedIn ? NOTIFICATIONS_KEY : null);

/** Records that the player has seen everything up to now, then refetches so the badge clears. */
export async function markNotificationsSeen(): Promise<void> {
  await apiRequest<NotificationsSeen>("POST", `${NOTIFICATIONS_KEY}/seen`);
  await invalidate((path) => path === NOTIFICATIONS_KEY);
}
