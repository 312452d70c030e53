import type { Db } from "../../runtime/index.ts";
import type { Insertable } from "kysely";
import type { AuditLogTable } from "./table.ts";

export function insertEntry(db: Db, row: Insertable<AuditLogTable>) {
  return db.insertInto("audit_log").values(row).execute();
}

export function latestEntries(db: Db, limit: number) {
  return db.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(limit).execute();
}
