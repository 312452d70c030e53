import type { Generated } from "kysely";

export interface FriendRequestsTable {
  id: Generated<number>;
  requester_id: number;
  addressee_id: number;
  status: "pending" | "accepted" | "declined";
  created_at: string;
  responded_at: string | null;
}

export interface FriendshipsTable {
  user_id: number;
  friend_id: number;
  since: string;
}

export interface NotificationReadsTable {
  user_id: number;
  seen_at: string;
}
