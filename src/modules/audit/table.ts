import type { Generated } from "kysely";

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** Who acted, readable even after the user is gone: a username, or "cli". */
  actor_label: string;
  action: string;
  subject: string;
  /** JSON. */
  details: string;
  created_at: string;
}
