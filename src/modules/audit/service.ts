import type { Db } from "../../runtime/index.ts";
import * as repo from "./repo.ts";

/** Who did an admin action: a signed-in admin, an operator at the CLI, or the app itself (first-start seeding). */
export type Actor = { id: number; label: string } | { id: null; label: "cli" | "system" };

export const cliActor: Actor = { id: null, label: "cli" };
export const systemActor: Actor = { id: null, label: "system" };

export interface AuditEntry {
  id: number;
  actorId: number | null;
  actor: string;
  action: string;
  subject: string;
  details: unknown;
  createdAt: string;
}

/** Records an admin action inside the caller's transaction, so it exists exactly when the action does. */
export async function record(
  trx: Db,
  now: Date,
  actor: Actor,
  action: string,
  subject: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  await repo.insertEntry(trx, {
    actor_id: actor.id,
    actor_label: actor.label,
    action,
    subject,
    details: JSON.stringify(details),
    created_at: now.toISOString(),
  });
}

/** The newest entries first. */
export async function latest(db: Db, limit = 100): Promise<AuditEntry[]> {
  const rows = await repo.latestEntries(db, limit);
  return rows.map((r) => ({
    id: r.id,
    actorId: r.actor_id,
    actor: r.actor_label,
    action: r.action,
    subject: r.subject,
    details: JSON.parse(r.details),
    createdAt: r.created_at,
  }));
}
