import type { Migration } from "kysely";
import * as m0001 from "./0001_schema.ts";
import * as m0002 from "./0002_multi_process.ts";
import * as m0003 from "./0003_pending_once.ts";
import * as m0004 from "./0004_deleted_account_placeholders.ts";
import * as m0005 from "./0005_league_admins.ts";
import * as m0006 from "./0006_live_scores.ts";
import * as m0007 from "./0007_profile_visibility.ts";
import * as m0008 from "./0008_job_runs.ts";
import * as m0009 from "./0009_line_history.ts";
import * as m0010 from "./0010_league_reveal.ts";
import * as m0011 from "./0011_web_push.ts";
import * as m0012 from "./0012_league_scoring.ts";
import * as m0013 from "./0013_league_history.ts";
import * as m0014 from "./0014_foreign_key_indexes.ts";
import * as m0015 from "./0015_idempotency_keys.ts";
import * as m0016 from "./0016_push_devices_per_session.ts";
import * as m0017 from "./0017_emails_without_trailing_dot.ts";
import * as m0019 from "./0019_profile_visibility_default.ts";
import * as m0020 from "./0020_reveal_once_picked.ts";
import * as m0021 from "./0021_pools.ts";
import * as m0025 from "./0025_api_tokens.ts";
import * as m0026 from "./0026_league_comments.ts";
import * as m0027 from "./0027_league_webhooks.ts";
import * as m0028 from "./0028_calendar_feeds.ts";
import * as m0029 from "./0029_user_key_indexes.ts";

/** Every PostgreSQL migration, in order: a list of its own, frozen like SQLite's (../index.ts). */
export const postgresMigrations: Record<string, Migration> = {
  "0001_schema": m0001,
  "0002_multi_process": m0002,
  "0003_pending_once": m0003,
  "0004_deleted_account_placeholders": m0004,
  "0005_league_admins": m0005,
  "0006_live_scores": m0006,
  "0007_profile_visibility": m0007,
  "0008_job_runs": m0008,
  "0009_line_history": m0009,
  "0010_league_reveal": m0010,
  "0011_web_push": m0011,
  "0012_league_scoring": m0012,
  "0013_league_history": m0013,
  "0014_foreign_key_indexes": m0014,
  "0015_idempotency_keys": m0015,
  "0016_push_devices_per_session": m0016,
  "0017_emails_without_trailing_dot": m0017,
  "0019_profile_visibility_default": m0019,
  "0020_reveal_once_picked": m0020,
  "0021_pools": m0021,
  "0025_api_tokens": m0025,
  "0026_league_comments": m0026,
  "0027_league_webhooks": m0027,
  "0028_calendar_feeds": m0028,
  "0029_user_key_indexes": m0029,
};
