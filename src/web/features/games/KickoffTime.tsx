import { formatKickoff } from "../../lib/games.ts";
import { useViewerZone } from "../../lib/viewer-zone.ts";

/** A kick-off in the viewer's zone; empty in a server's page that did not know the zone yet (filled once the page runs). */
export function KickoffTime({ iso }: { iso: string }) {
  const zone = useViewerZone();
  return <time dateTime={iso}>{zone ? formatKickoff(iso, zone) : ""}</time>;
}
