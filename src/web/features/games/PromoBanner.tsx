import { Link } from "wouter";
import { GiftIcon } from "../../components/icons.tsx";

/** Spec §1–2: the weekly contest's prize, on top of the Games screen. */
export function PromoBanner() {
  return (
    <aside className="promo-banner" aria-label="Weekly contest">
      <span className="promo-icon">
        <GiftIcon size={22} />
      </span>
      <div>
        <p className="promo-title">Win a $20 gift card every week</p>
        <p className="promo-text">The top 3 players each week win a $20 gift card. Free to play, play money only.</p>
      </div>
      <Link href="/contest-rules" className="promo-link">
        Contest rules
      </Link>
    </aside>
  );
}
