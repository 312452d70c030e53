import { Link, useLocation } from "wouter";
import { FootballIcon } from "../../components/icons.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { AvatarMenu } from "./AvatarMenu.tsx";
import { isCurrent, TOP_LINKS } from "./nav-items.ts";
import { NotificationsMenu } from "./NotificationsMenu.tsx";
import { SlipToggle } from "./SlipToggle.tsx";

function SignInLink({ location }: { location: string }) {
  // Come back to the screen you were on, unless that is the home or sign-in screen itself.
  const href = location === "/" || location === "/auth" ? "/auth" : `/auth?returnUrl=${encodeURIComponent(location)}`;
  return (
    <Link href={href} className="button-link sign-in">
      Sign In
    </Link>
  );
}

export function TopBar() {
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUser();
  return (
    <header className="topbar">
      <div className="container topbar-inner">
        <Link href="/" className="brand" aria-label="NFL Paper Trading, home">
          <span className="brand-mark" aria-hidden="true">
            <FootballIcon size={18} />
          </span>
          <span className="brand-name">NFL Paper Trading</span>
        </Link>
        <nav aria-label="Main" className="topbar-links">
          {TOP_LINKS.map(({ href, label }) => (
            <Link key={href} href={href} aria-current={isCurrent(location, href) ? "page" : undefined}>
              {label}
            </Link>
          ))}
        </nav>
        <div className="topbar-actions">
          <SlipToggle />
          <NotificationsMenu />
          {user ? (
            <AvatarMenu user={user} />
          ) : isLoading ? (
            <span className="avatar-slot" aria-hidden="true" />
          ) : (
            <SignInLink location={location} />
          )}
        </div>
      </div>
    </header>
  );
}
