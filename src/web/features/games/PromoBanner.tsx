import { useState } from "react";
import { Link } from "wouter";
import { GiftIcon } from "../../components/icons.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { readJson, storageKeys, writeJson } from "../../lib/storage.ts";

/** Whose dismissal counts: each account in this browser, and the visitor. */
const ownerOf = (userId: number | undefined) => (userId === undefined ? "visitor" : `user:${userId}`);
const dismissedOwners = () => readJson<string[]>(storageKeys.promoDismissed) ?? [];

/**
 * Spec §1–2: the weekly contest's prize, on top of the Games screen. It can be dismissed, and stays
 * dismissed for that account (or the visitor) in this browser: once known, it only pushes the games down.
 */
export function PromoBanner() {
  const { user, isLoading } = useCurrentUser();
  const owner = ownerOf(user?.id);
  const [dismissed, setDismissed] = useState(dismissedOwners);
  if (isLoading || dismissed.includes(owner)) return null;
  const dismiss = () => {
    const next = [...new Set([...dismissedOwners(), owner])];
    writeJson(storageKeys.promoDismissed, next);
    setDismissed(next);
    // The button goes away with the banner: focus moves on to the screen's next section instead of <body>.
    document.querySelector<HTMLElement>(".games-section")?.focus();
  };
  return (
    <aside className="promo-banner" aria-label="Weekly contest">
      <span className="promo-icon">
        <GiftIcon size={22} />
      </span>
      <div className="promo-words">
        <p className="promo-title">Win a $20 gift card every week</p>
        <p className="promo-text">The top 3 players each week win a $20 gift card. Free to play, play money only.</p>
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
