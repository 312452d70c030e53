import { Elysia, t } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { AuditEntry, AuditQuery } from "./model.ts";
import * as service from "./service.ts";

/** Admins read the audit log, newest first. */
export function auditRoutes({ db, auth }: { db: Db; auth: AuthPlugin }) {
  return new Elysia({ name: "audit", prefix: "/api/admin", tags: ["Admin"] })
    .use(auth)
    .get("/audit", ({ query }) => service.latest(db, query.limit ?? 100), {
      admin: true,
      query: AuditQuery,
      detail: { summary: "The latest admin actions (admins)", operationId: "listAuditLog" },
      response: { 200: t.Array(AuditEntry) },
    });
}
