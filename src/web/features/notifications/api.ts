import type { Notifications, NotificationsSeen } from "../../../shared/contract/social.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterNotificationsSeen, keys, useQuery } from "../../lib/queries.ts";

/** The signed-in player's notifications; nothing is asked for visitors. */
export const useNotifications = (signedIn: boolean) => useQuery<Notifications>(signedIn ? keys.notifications() : null);

/** Records that the player has seen everything up to now, then refetches so the badge clears. */
export async function markNotificationsSeen(): Promise<void> {
  await apiRequest<NotificationsSeen>("POST", "/api/notifications/seen");
  await afterNotificationsSeen();
}
