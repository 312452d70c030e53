import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { CheckIcon } from "../../components/icons.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { AuthForm } from "./AuthForm.tsx";
import { safeReturnUrl } from "./return-url.ts";
import type { AuthMode } from "./validation.ts";

const BENEFITS = [
  "Unit-based betting system",
  "Access to all NFL games and odds",
  "Performance analytics and tracking",
  "Leaderboard rankings",
];

/** /auth (spec §2): sign in or create an account, then go to ?returnUrl. Signed-in visitors go there at once. */
export function AuthPage() {
  const params = new URLSearchParams(useSearch());
  const returnUrl = safeReturnUrl(params.get("returnUrl"));
  const [mode, setMode] = useState<AuthMode>(params.get("mode") === "register" ? "register" : "signin");
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const registering = mode === "register";
  usePageTitle(registering ? "Create Account" : "Sign In");

  useEffect(() => {
    if (user) navigate(returnUrl, { replace: true });
  }, [user, returnUrl, navigate]);

  if (isLoading || user) {
    return (
      <p className="page-loading" aria-busy="true">
        Loading…
      </p>
    );
  }

  return (
    <div className={`auth-layout${registering ? " auth-layout-wide" : ""}`}>
      <article className="auth-card">
        <header className="auth-header">
          <h1>{registering ? "Create Account" : "Welcome Back"}</h1>
          <p className="muted">
            {registering ? "Join free and start betting with play money." : "Sign in to place bets and track your performance."}
          </p>
        </header>
        <AuthForm mode={mode} />
        <p className="auth-switch">
          {registering ? "Already have an account?" : "Don't have an account?"}{" "}
          <button type="button" className="link-button" onClick={() => setMode(registering ? "signin" : "register")}>
            {registering ? "Sign in" : "Create one"}
          </button>
        </p>
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
