import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { CheckIcon } from "../../components/icons.tsx";
import { useNewcomerPrize } from "../../lib/contest-status.ts";
import { useFirstNow } from "../../lib/render-env.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { readJson, storageKeys } from "../../lib/storage.ts";
import { clearAllQueries } from "../../lib/swr.ts";
import { toast } from "../../lib/toast.ts";
import { AuthForm } from "./AuthForm.tsx";
import { EmailConfirmation } from "./EmailConfirmation.tsx";
import { ForgotPasswordForm } from "./ForgotPasswordForm.tsx";
import { ResetPasswordForm } from "./ResetPasswordForm.tsx";
import { InviteNotice, inviteTokenOf } from "./InviteNotice.tsx";
import { safeReturnUrl } from "./return-url.ts";
import type { AuthMode } from "./validation.ts";
import { Loading } from "../../components/Loading.tsx";

const BENEFITS = [
  "Unit-based betting system",
  "Access to all NFL games and odds",
  "Performance analytics and tracking",
  "Leaderboard rankings",
];

/**
 * What the card shows: the spec's two modes, plus asking for a reset link and using one (?reset=token),
 * and confirming the address with a mailed link (?verify=token).
 */
type AuthView = AuthMode | "forgot" | "reset" | "verify";

const HEADINGS: Record<AuthView, { title: string; tab: string; lead: string }> = {
  signin: { title: "Welcome Back", tab: "Sign In", lead: "Sign in to place bets and track your performance." },
  register: { title: "Create Account", tab: "Create Account", lead: "Join free and start betting with play money." },
  forgot: {
    title: "Forgot your password?",
    tab: "Forgot Password",
    lead: "Enter your email and we'll send you a link to choose a new password.",
  },
  reset: { title: "Choose a new password", tab: "Reset Password", lead: "Pick a new password for your account." },
  verify: {
    title: "Confirm your address",
    tab: "Confirm Address",
    lead: "Proving that this email address and this account are yours.",
  },
};

/** Why this browser was signed out (?signedOut=, set by the page whose session ended elsewhere). */
const SIGNED_OUT: Record<string, string> = {
  password_changed:
    "You were signed out because your password was changed on another device. Sign in with the new password.",
  password_reset: "You were signed out because your password was reset. Sign in with the new password.",
  account_deleted: "You were signed out because this account was deleted.",
  signed_out: "You signed out in another tab or window.",
  ended: "Your session has ended. Please sign in again.",
};

/**
 * /auth (spec §2): sign in or create an account, then go to ?returnUrl. Signed-in visitors go there
 * at once, except with a reset link (works whoever is signed in) or a confirmation link (confirmed
 * by a click of its own account, signed in; signing in from it comes back to it).
 */
export function AuthPage() {
  const params = new URLSearchParams(useSearch());
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const resetToken = params.get("reset");
  const verifyParam = params.get("verify");
  const signedOutWhy = SIGNED_OUT[params.get("signedOut") ?? ""] ?? null;
  // Kept while the card shows it: the address loses it once answered, and signing in comes back to it.
  const [verifyToken, setVerifyToken] = useState(verifyParam);
  const inviteToken = inviteTokenOf(returnUrl);
  const [view, setView] = useState<AuthView>(
    verifyParam
      ? "verify"
      : resetToken
        ? "reset"
        : params.get("mode") === "register" ||
            (inviteToken && !params.has("mode") && !readJson(storageKeys.knownAccount))
          ? "register"
          : "signin",
  );
  const [seenVerifyParam, setSeenVerifyParam] = useState(verifyParam);
  if (verifyParam !== seenVerifyParam) {
    // Back from signing in (returnUrl) to a confirmation link: show it again, to be clicked.
    setSeenVerifyParam(verifyParam);
    if (verifyParam) {
      setVerifyToken(verifyParam);
      setView("verify");
    }
  }
  const [changed, setChanged] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const resetting = (view === "reset" && resetToken !== null) || view === "verify";
  const shown: AuthView = view === "reset" && !resetToken ? "signin" : view;
  const registering = shown === "register";
  // Said before sign-up: on a day this week's prize is out of a newcomer's reach (issue 46 item 1).
  const prize = useNewcomerPrize(useFirstNow());
  usePageTitle(HEADINGS[shown].tab);

  useEffect(() => {
    if (user && !resetting) navigate(returnUrl, { replace: true });
  }, [user, resetting, returnUrl, navigate]);

  function show(next: AuthView) {
    setChanged(null);
    setView(next);
  }

  function passwordChanged(message: string) {
    setChanged(message);
    setView("signin");
    // Resetting ended every session of that account, perhaps this browser's: ask again who is signed in.
    if (user) clearAllQueries();
    // The link has done its job; leave it out of the address (and the history).
    navigate("/auth", { replace: true });
    toast({ title: "Password changed", description: message });
  }

  function leaveConfirmation() {
    if (user) navigate(returnUrl, { replace: true });
    else show("signin");
  }

  function signInToConfirm() {
    const back = `/auth?verify=${encodeURIComponent(verifyToken!)}`;
    show("signin");
    navigate(`/auth?returnUrl=${encodeURIComponent(back)}`);
  }

  function leaveReset() {
    show("signin");
    navigate("/auth", { replace: true });
  }

  if (isLoading || (user && !resetting)) {
    return <Loading />;
  }

  return (
    <div className={`auth-layout${registering ? " auth-layout-wide" : ""}`}>
      <article className="auth-card">
        {inviteToken && (shown === "signin" || shown === "register") ? <InviteNotice token={inviteToken} /> : null}
        <header className="auth-header">
          <h1>{HEADINGS[shown].title}</h1>
          <p className="muted">{HEADINGS[shown].lead}</p>
        </header>
        {shown === "verify" ? (
          <EmailConfirmation
            token={verifyToken!}
            user={user ?? null}
            onSignIn={signInToConfirm}
            // A spent link has nothing left to do in the address (or the history).
            onDone={() => navigate("/auth", { replace: true })}
            onContinue={leaveConfirmation}
          />
        ) : shown === "reset" ? (
          <>
            <ResetPasswordForm token={resetToken!} onDone={passwordChanged} onRequestNewLink={() => show("forgot")} />
            <p className="auth-switch">
              Remembered it?{" "}
              <button type="button" className="link-button" onClick={leaveReset}>
                Back to sign in
              </button>
            </p>
          </>
        ) : shown === "forgot" ? (
          <ForgotPasswordForm onBack={() => show("signin")} />
        ) : (
          <>
            {signedOutWhy && !changed && shown === "signin" ? (
              <div className="auth-notice" role="status">
                <p>{signedOutWhy}</p>
              </div>
            ) : null}
            {changed && shown === "signin" ? (
              <div className="auth-notice" role="status">
                <p>{changed}</p>
              </div>
            ) : null}
            {registering && prize ? (
              <div className="auth-notice auth-prize-note" role="note">
                <p>{prize.text}</p>
              </div>
            ) : null}
            {returnUrl.startsWith("/auth?verify=") ? (
              <div className="auth-notice" role="status">
                <p>Sign in to the account the confirmation link was sent for: you will come back to confirm it.</p>
              </div>
            ) : null}
            <AuthForm mode={shown} />
            {shown === "signin" ? (
              <p className="auth-forgot">
                <button type="button" className="link-button" onClick={() => show("forgot")}>
                  Forgot password?
                </button>
              </p>
            ) : null}
            <p className="auth-switch">
              {registering ? "Already have an account?" : "Don't have an account?"}{" "}
              <button type="button" className="link-button" onClick={() => show(registering ? "signin" : "register")}>
                {registering ? "Sign in" : "Create one"}
              </button>
            </p>
          </>
        )}
      </article>
      {registering ? (
        <aside className="benefits" aria-labelledby="benefits-title">
          <h2 id="benefits-title">What you get</h2>
          <ul>
            {BENEFITS.map((benefit) => (
              <li key={benefit}>
                <span className="benefit-check">
                  <CheckIcon size={16} />
                </span>
                {benefit}
              </li>
            ))}
          </ul>
          <p className="muted">Free to play. Play money only — no deposits, ever.</p>
        </aside>
      ) : null}
    </div>
  );
}
