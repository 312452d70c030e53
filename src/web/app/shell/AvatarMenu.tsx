import type { User } from "../../../shared/contract/auth.ts";
import { useCallback, useRef, useState } from "react";
import { Link } from "wouter";
import { avatarInitials } from "../../../shared/accounts.ts";
import { FootballIcon, LogOutIcon, SettingsIcon, TrophyIcon, UsersIcon } from "../../components/icons.tsx";
import { useDismiss } from "../../components/use-dismiss.ts";
import { useLogout } from "./use-logout.ts";

/**
 * The signed-in user's initials; opens who you are signed in as, Leagues (not among the spec's six top
 * links, so here, on phones too), the admin pages for admins, Settings and Log out.
 */
export function AvatarMenu({ user }: { user: User }) {
  const initials = avatarInitials(user.username);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogout();
  const close = useCallback((byEscape: boolean) => {
    setOpen(false);
    if (byEscape) buttonRef.current?.focus();
  }, []);
  useDismiss(open, rootRef, close);

  return (
    <div className="popover-root" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        // The name starts with the initials the button shows, so voice control can say them.
        aria-label={`${initials}, Account menu for ${user.username}`}
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => setOpen((was) => !was)}
      >
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
      </button>
      {open ? (
        <div id="account-menu" className="popover account-menu">
          <div className="account-who">
            <p className="account-username">{user.username}</p>
            <p className="account-email">{user.email}</p>
          </div>
          <Link href="/leagues" className="menu-item" onClick={() => close(false)}>
            <TrophyIcon size={18} />
            Leagues
          </Link>
          {user.role === "admin" ? (
            // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form fields (what a fieldset is for)
            <div className="menu-group" role="group" aria-labelledby="account-menu-admin">
              <p id="account-menu-admin" className="menu-group-title">
                Admin
              </p>
              <Link href="/admin/games" className="menu-item" onClick={() => close(false)}>
                <FootballIcon size={18} />
                Games
              </Link>
              <Link href="/admin/bots" className="menu-item" onClick={() => close(false)}>
                <UsersIcon size={18} />
                Bots
              </Link>
            </div>
          ) : null}
          <Link href="/settings" className="menu-item" onClick={() => close(false)}>
            <SettingsIcon size={18} />
            Settings
          </Link>
          <button
            type="button"
            className="menu-item"
            onClick={() => {
              close(false);
              void logout();
            }}
          >
            <LogOutIcon size={18} />
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}
