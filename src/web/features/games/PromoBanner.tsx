import { useEffect, useState } from "react";
import { Link } from "wouter";
import { GiftIcon } from "../../components/icons.tsx";
import { readCookie, writeCookie } from "../../lib/cookies.ts";
import { promoTitle, useNewcomerPrize } from "../../lib/contest-status.ts";
import { useServerEnv } from "../../lib/render-env.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { readJson, removeItem, storageKeys } from "../../lib/storage.ts";
import { PROMO_DISMISSED_COOKIE, parsePromoDismissed, promoDismissedCookie } from "../../../shared/promo-dismissal.ts";

/** Whose dismissal counts: each account in this browser, and the visitor. */
const ownerOf = (userId: number | undefined) => (userId === undefined ? "visitor" : `user:${userId}`);
// A cookie (not localStorage): the server's first screen must leave out a banner this browser hides.
const dismissedOwners = () => parsePromoDismissed(readCookie(PROMO_DISMISSED_COOKIE));

function storeDismissed(owners: readonly string[]): string[] {
  const next = [...new Set([...dismissedOwners(), ...owners])];
  writeCookie(promoDismissedCookie(next));
  return next;
}

/** Dismissals an earlier version kept in localStorage move to the cookie, once. */
function movedFromStorage(): string[] | null {
  const kept = readJson<unknown>(storageKeys.promoDismissed);
  if (kept === null) return null;
  removeItem(storageKeys.promoDismissed);
  return Array.isArray(kept) ? storeDismissed(kept.filter((owner) => typeof owner === "string")) : null;
}

/**
 * Spec §1–2: the weekly contest's prize, on top of the Games screen. It can be dismissed, and stays
 * dismissed for that account (or the visitor) in this browser: once known, it only pushes the games down.
 * On a day this week's prize is out of a newcomer's reach, it tells a visitor so, and from when they
 * can win (issue 46 item 1); `now` is the Games screen's clock.
 */
export function PromoBanner({ now }: { now: number }) {
  const { user, isLoading } = useCurrentUser();
  // For visitors: a player's own standing is the coverage panel's to tell.
  const newcomer = useNewcomerPrize(now, !isLoading && !user);
  const owner = ownerOf(user?.id);
  const server = useServerEnv();
  const [dismissed, setDismissed] = useState<readonly string[]>(() => server?.promoDismissed ?? dismissedOwners());
  useEffect(() => {
    const moved = movedFromStorage();
    if (moved) setDismissed(moved);
  }, []);
  if (isLoading || dismissed.includes(owner)) return null;
  const dismiss = () => {
    setDismissed(storeDismissed([owner]));
    // The button goes away with the banner: focus moves on to the screen's next section instead of <body>.
    document.querySelector<HTMLElement>(".games-section")?.focus();
  };
  return (
    <aside className="promo-banner" aria-label="Weekly contest">
      <span className="promo-icon">
        <GiftIcon size={22} />
      </span>
      <div className="promo-words">
        <p className="promo-title">{promoTitle(newcomer)}</p>
        <p className="promo-text">
          {newcomer
            ? `${newcomer.text} The top 3 players each week win a $20 gift card. Free to play, play money only.`
            : "The top 3 players each week win a $20 gift card. Free to play, play money only."}
        </p>
      </div>
      <Link href="/contest-rules" className="promo-link">
        Contest rules
      </Link>
      <button type="button" className="promo-dismiss" aria-label="Dismiss the contest banner" onClick={dismiss}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
