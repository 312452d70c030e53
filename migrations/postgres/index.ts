import type { Migration } from "kysely";
import * as m0001 from "./0001_schema.ts";

/** Every PostgreSQL migration, in order: a list of its own, frozen like SQLite's (../index.ts). */
export const postgresMigrations: Record<string, Migration> = {
  "0001_schema": m0001,
};
