import { useEffect, useState, useSyncExternalStore } from "react";
import { teamColor } from "./team-colors.ts";

/** The host the CSP allows for logos (config LOGO_URL_TEMPLATE's default). */
const LOGO_URL = "https://a.espncdn.com/i/teamlogos/nfl/500/{abbr}.png";

const logoUrl = (abbr: string) => LOGO_URL.replace("{abbr}", abbr.toLowerCase());

/**
 * Whether the logo host answers, found out once per page by one probe: a Games screen has 28 logos,
 * and with the host unreachable (offline, blocked) each would be a failing request. Until the probe
 * answers every logo is its badge; once it loads, the logos replace them (from then on in parallel).
 */
type HostState = "unknown" | "up" | "down";
let hostState: HostState = "unknown";
let probing = false;
const listeners = new Set<() => void>();

function probeHost(abbr: string): void {
  if (probing) return;
  probing = true;
  const probe = new Image();
  const settle = (state: HostState) => {
    hostState = state;
    for (const listener of listeners) listener();
  };
  probe.onload = () => settle("up");
  probe.onerror = () => settle("down");
  probe.src = logoUrl(abbr);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentHostState = () => hostState;
// A server's page has not tried the host: the badge, until the browser has.
const untried = () => "unknown" as const;

/**
 * A team's logo by abbreviation. When it cannot load (offline, a blocked host), a badge in the
 * team's colour with its abbreviation stands in: drawn locally, no emoji font needed. Decorative:
 * the name is beside it. Sized by CSS (.team-logo).
 */
export function TeamLogo({ abbr }: { abbr: string }) {
  const host = useSyncExternalStore(subscribe, currentHostState, untried);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (hostState === "unknown" && abbr) probeHost(abbr);
  }, [abbr]);
  if (failed || !abbr || host !== "up") {
    return (
      <span className="team-logo team-badge" style={{ background: teamColor(abbr) }} aria-hidden="true">
        {abbr || "?"}
      </span>
    );
  }
  return (
    <img
      className="team-logo"
      src={logoUrl(abbr)}
      alt=""
      width={28}
      height={28}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
