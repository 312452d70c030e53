import { useState } from "react";
import { teamColor } from "./team-colors.ts";

/** The host the CSP allows for logos (config LOGO_URL_TEMPLATE's default). */
const LOGO_URL = "https://a.espncdn.com/i/teamlogos/nfl/500/{abbr}.png";

/**
 * A team's logo by abbreviation. When it cannot load (offline, a blocked host), a badge in the
 * team's colour with its abbreviation stands in: drawn locally, no emoji font needed. Decorative:
 * the name is beside it. Sized by CSS (.team-logo).
 */
export function TeamLogo({ abbr }: { abbr: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !abbr) {
    return (
      <span className="team-logo team-badge" style={{ background: teamColor(abbr) }} aria-hidden="true">
        {abbr || "?"}
      </span>
    );
  }
  return (
    <img
      className="team-logo"
      src={LOGO_URL.replace("{abbr}", abbr.toLowerCase())}
      alt=""
      width={28}
      height={28}
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
