/** The `users` table: accounts (the users module owns it; sessions and one-time links are auth's). */
import type { ColumnType, Generated, Selectable } from "kysely";

/** A profile visibility a player chose (shared/contract/profiles.ts ProfileVisibility). */
type ProfileChoice = "everyone" | "league_mates" | "friends" | "only_me";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  /** The name's look-alike form (shared/accounts.ts usernameSkeleton): sign-up and renames refuse a name that looks like another's. Null on rows made before it. */
  username_skeleton: string | null;
  password_hash: string;
  role: "user" | "admin";
  is_bot: Generated<number>;
  signup_ip: string | null;
  referral_source: string | null;
  referral_medium: string | null;
  referral_campaign: string | null;
  referrer_url: string | null;
  created_at: string;
  /** When the owner proved the address by a mailed one-time link; ADMIN_EMAILS grant admin only then. */
  email_verified_at: string | null;
  /** Set when the player deleted their account: the row stays, anonymised. */
  deleted_at: Generated<string | null>;
  /**
   * Who may open the player's profile (profiles module), as the player chose it; null when they never
   * chose (DEFAULT_PROFILE_VISIBILITY, migration 0034).
   */
  profile_visibility: ColumnType<ProfileChoice | null, ProfileChoice | null | undefined, ProfileChoice | null>;
}

export type UserRow = Selectable<UsersTable>;
