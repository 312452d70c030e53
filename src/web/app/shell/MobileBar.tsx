import { useSignals } from "@preact/signals-react/runtime";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import {
  ChartIcon,
  ClipboardIcon,
  FootballIcon,
  GiftIcon,
  ReceiptIcon,
  TrophyIcon,
  UsersIcon,
} from "../../components/icons.tsx";
import { openSlip, slipCount } from "../../lib/bet-slip.ts";
import { isCurrent } from "./nav-items.ts";

function Slot({ href, label, icon, location }: { href: string; label: string; icon: ReactNode; location: string }) {
  return (
    <Link href={href} className="mobile-slot" aria-current={isCurrent(location, href) ? "page" : undefined}>
      {icon}
      <span>{label}</span>
    </Link>
  );
}

/** The phone navigation (spec §2): seven slots, the middle one opens the bet slip. */
export function MobileBar() {
  useSignals();
  const [location] = useLocation();
  const count = slipCount.value;
  return (
    <nav aria-label="Mobile" className="mobile-bar">
      <Slot href="/" label="Games" icon={<FootballIcon />} location={location} />
      <Slot href="/my-bets" label="Bets" icon={<ClipboardIcon />} location={location} />
      <button type="button" className="mobile-slot slip-slot" onClick={openSlip}>
        <span className="slip-icon">
          <ReceiptIcon />
          {count > 0 ? (
            <span className="count-pill badge">
              {count}
              <span className="visually-hidden"> selections</span>
            </span>
          ) : null}
        </span>
        <span>Slip</span>
      </button>
      <Slot href="/friends" label="Friends" icon={<UsersIcon />} location={location} />
      <Slot href="/analytics" label="Stats" icon={<ChartIcon />} location={location} />
      <Slot href="/leaderboard" label="Ranks" icon={<TrophyIcon />} location={location} />
      <Slot href="/contest-rules" label="Contest" icon={<GiftIcon />} location={location} />
    </nav>
  );
}
