import type { Notification } from "../../../modules/social/model.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterNotificationsSeen, keys, useQuery } from "../../lib/queries.ts";

export type { Notification };

export interface NotificationList {
  unread: number;
  /** Newest first. */
  items: Notification[];
}

/** The signed-in player's notifications; nothing is asked for visitors. */
export const useNotifications = (signedIn: boolean) =>
  useQuery<NotificationList>(signedIn ? keys.notifications() : null);

/** Records that the player has seen everything up to now, then refetches so the badge clears. */
export async function markNotificationsSeen(): Promise<void> {
  await apiRequest<{ unread: number }>("POST", "/api/notifications/seen");
  await afterNotificationsSeen();
}
