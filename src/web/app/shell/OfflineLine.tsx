import { offlineText, useOfflineSince } from "../../lib/offline.ts";

/** A line above the screen while it shows answers this device kept (web/public/sw.js), not live ones. */
export function OfflineLine() {
  const since = useOfflineSince();
  return (
    <p className="offline-line" role="status" hidden={since === null}>
      {since === null ? null : offlineText(since)}
    </p>
  );
}
