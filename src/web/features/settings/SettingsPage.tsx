import { Link } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { ApiTokensSection } from "./ApiTokensSection.tsx";
import { CalendarSection } from "./CalendarSection.tsx";
import { DataSection } from "./DataSection.tsx";
import { DeleteAccountSection } from "./DeleteAccountSection.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { NotificationsSection } from "./NotificationsSection.tsx";
import { ProfileVisibilitySection } from "./ProfileVisibilitySection.tsx";
import { UsernameForm } from "./UsernameForm.tsx";
import { Loading } from "../../components/Loading.tsx";

/**
 * /settings (spec §2): the email (read-only) and a username form, then who sees one's profile,
 * notifications (push on this device, what is sent and when), the deadlines calendar, a password
 * change, API tokens, downloads of the player's data and deleting the account; signed-out visitors
 * are asked to sign in.
 */
export function SettingsPage() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return <Loading />;
  }

  if (!user) {
    return (
      <>
        <PageHeader title="Settings" />
        <article className="empty-state">
          <p>Please sign in to access settings</p>
          <Link href="/auth?returnUrl=%2Fsettings" className="button-link">
            Sign In
          </Link>
        </article>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your account and your data." />
      <article className="settings-card">
        <h2>Account</h2>
        <label htmlFor="settings-email">Email</label>
        <input id="settings-email" type="email" value={user.email} readOnly aria-describedby="settings-email-hint" />
        <small id="settings-email-hint">Your email cannot be changed.</small>
        {/* Keyed by the saved name so the field starts fresh after each successful change. */}
        <UsernameForm key={user.username} user={user} />
      </article>
      <ProfileVisibilitySection user={user} />
      <NotificationsSection />
      <CalendarSection />
      <PasswordForm />
      <ApiTokensSection />
      <DataSection user={user} />
      <DeleteAccountSection />
    </>
  );
}
