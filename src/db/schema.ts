import type { AuditLogTable } from "../modules/audit/table.ts";
import type { ContestWeeksTable, ContestWinnersTable } from "../modules/contest/table.ts";
import type { PasswordResetsTable, SessionsTable } from "../modules/auth/table.ts";
import type { UsersTable } from "../modules/users/table.ts";
import type { BetLegsTable, BetsTable } from "../modules/betting/table.ts";
import type { GamePropsTable, GamesTable, LineChangesTable } from "../modules/games/table.ts";
import type {
  LeagueHistoryTable,
  LeagueInvitationsTable,
  LeagueMembersTable,
  LeaguesTable,
} from "../modules/leagues/table.ts";
import type { FriendRequestsTable, FriendshipsTable, NotificationReadsTable } from "../modules/social/table.ts";
import type { StatsVersionTable, UserBookStatsTable, UserWeekStatsTable } from "../modules/stats/table.ts";
import type { OutboxCursorTable, OutboxTable } from "../modules/realtime/table.ts";
import type { IdempotencyKeysTable, JobLeasesTable, RateLimitsTable } from "./tables.ts";
import type { JobRunsTable } from "../modules/admin/table.ts";
import type { PoolPicksTable, PoolSheetsTable } from "../modules/pools/table.ts";
import type {
  PushCursorTable,
  PushKeysTable,
  PushOutboxTable,
  PushPreferencesTable,
  PushSubscriptionsTable,
} from "../modules/push/table.ts";
import type { ApiTokensTable } from "../modules/tokens/table.ts";
import type { CommentReactionsTable, CommentReportsTable, LeagueCommentsTable } from "../modules/comments/table.ts";
import type { LeagueWebhooksTable, WebhookCursorTable, WebhookDeliveriesTable } from "../modules/webhooks/table.ts";
import type { CalendarFeedsTable } from "../modules/calendar/table.ts";

/** Every table of the app, as Kysely sees them; each module owns its own table.ts. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  outbox_cursor: OutboxCursorTable;
  audit_log: AuditLogTable;
  games: GamesTable;
  game_props: GamePropsTable;
  line_changes: LineChangesTable;
  bets: BetsTable;
  bet_legs: BetLegsTable;
  user_week_stats: UserWeekStatsTable;
  user_book_stats: UserBookStatsTable;
  stats_version: StatsVersionTable;
  contest_weeks: ContestWeeksTable;
  contest_winners: ContestWinnersTable;
  leagues: LeaguesTable;
  league_members: LeagueMembersTable;
  league_invitations: LeagueInvitationsTable;
  league_history: LeagueHistoryTable;
  pool_picks: PoolPicksTable;
  pool_sheets: PoolSheetsTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  notification_reads: NotificationReadsTable;
  job_leases: JobLeasesTable;
  job_runs: JobRunsTable;
  rate_limits: RateLimitsTable;
  idempotency_keys: IdempotencyKeysTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_outbox: PushOutboxTable;
  push_cursor: PushCursorTable;
  api_tokens: ApiTokensTable;
  league_comments: LeagueCommentsTable;
  comment_reactions: CommentReactionsTable;
  comment_reports: CommentReportsTable;
  league_webhooks: LeagueWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_cursor: WebhookCursorTable;
  calendar_feeds: CalendarFeedsTable;
}
