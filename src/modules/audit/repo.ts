import type { Insertable, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { AuditLogTable } from "./table.ts";

export function insertEntry(db: Kysely<Database>, row: Insertable<AuditLogTable>) {
  return db.insertInto("audit_log").values(row).execute();
}

export function latestEntries(db: Kysely<Database>, limit: number) {
  return db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
}
