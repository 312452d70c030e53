import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.ts";
import * as m0002 from "./0002_games.ts";
import * as m0003 from "./0003_outbox_cursor.ts";
import * as m0004 from "./0004_betting.ts";
import * as m0005 from "./0005_stats.ts";
import * as m0006 from "./0006_contest.ts";
import * as m0007 from "./0007_leagues.ts";
import * as m0008 from "./0008_social.ts";
import * as m0009 from "./0009_accounts.ts";
import * as m0010 from "./0010_closing_lines.ts";
import * as m0011 from "./0011_prop_closing_lines.ts";
import * as m0012 from "./0012_lean_bet_indexes.ts";
import * as m0013 from "./0013_account_proofs.ts";
import * as m0014 from "./0014_leagues_created_by.ts";
import * as m0016 from "./0016_parlays.ts";
import * as m0017 from "./0017_multi_process.ts";
import * as m0018 from "./0018_pending_once.ts";
import * as m0019 from "./0019_deleted_account_placeholders.ts";
import * as m0020 from "./0020_league_admins.ts";
import * as m0021 from "./0021_live_scores.ts";
import * as m0022 from "./0022_profile_visibility.ts";
import * as m0023 from "./0023_job_runs.ts";
import * as m0024 from "./0024_line_history.ts";
import * as m0025 from "./0025_league_reveal.ts";
import * as m0026 from "./0026_web_push.ts";
import * as m0027 from "./0027_league_scoring.ts";
import * as m0028 from "./0028_league_history.ts";
import * as m0029 from "./0029_foreign_key_indexes.ts";
import * as m0030 from "./0030_idempotency_keys.ts";
import * as m0031 from "./0031_push_devices_per_session.ts";
import * as m0032 from "./0032_emails_without_trailing_dot.ts";
import * as m0034 from "./0034_profile_visibility_default.ts";
import * as m0035 from "./0035_reveal_once_picked.ts";
import * as m0036 from "./0036_pools.ts";
import * as m0040 from "./0040_api_tokens.ts";
import * as m0041 from "./0041_league_comments.ts";
import * as m0042 from "./0042_league_webhooks.ts";
import * as m0043 from "./0043_calendar_feeds.ts";
import * as m0044 from "./0044_user_key_indexes.ts";

/** Every migration, in order. A static list, so the compiled binary carries them. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_games": m0002,
  "0003_outbox_cursor": m0003,
  "0004_betting": m0004,
  "0005_stats": m0005,
  "0006_contest": m0006,
  "0007_leagues": m0007,
  "0008_social": m0008,
  "0009_accounts": m0009,
  "0010_closing_lines": m0010,
  "0011_prop_closing_lines": m0011,
  "0012_lean_bet_indexes": m0012,
  "0013_account_proofs": m0013,
  "0014_leagues_created_by": m0014,
  "0016_parlays": m0016,
  "0017_multi_process": m0017,
  "0018_pending_once": m0018,
  "0019_deleted_account_placeholders": m0019,
  "0020_league_admins": m0020,
  "0021_live_scores": m0021,
  "0022_profile_visibility": m0022,
  "0023_job_runs": m0023,
  "0024_line_history": m0024,
  "0025_league_reveal": m0025,
  "0026_web_push": m0026,
  "0027_league_scoring": m0027,
  "0028_league_history": m0028,
  "0029_foreign_key_indexes": m0029,
  "0030_idempotency_keys": m0030,
  "0031_push_devices_per_session": m0031,
  "0032_emails_without_trailing_dot": m0032,
  "0034_profile_visibility_default": m0034,
  "0035_reveal_once_picked": m0035,
  "0036_pools": m0036,
  "0040_api_tokens": m0040,
  "0041_league_comments": m0041,
  "0042_league_webhooks": m0042,
  "0043_calendar_feeds": m0043,
  "0044_user_key_indexes": m0044,
};
