import type { Migration } from "kysely";
import * as m0001 from "./0001_schema.ts";
import * as m0002 from "./0002_multi_process.ts";
import * as m0005 from "./0005_league_admins.ts";

/** Every PostgreSQL migration, in order: a list of its own, frozen like SQLite's (../index.ts). */
export const postgresMigrations: Record<string, Migration> = {
  "0001_schema": m0001,
  "0002_multi_process": m0002,
  "0005_league_admins": m0005,
};
