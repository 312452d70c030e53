import { useSyncExternalStore } from "react";

/**
 * Whether the screen shows what this device last saw rather than a live answer: the service worker
 * (web/public/sw.js) marks such an answer `x-npt-offline: <when it was saved>`. The next live answer
 * clears it.
 */
let savedAt: string | null = null;
const listeners = new Set<() => void>();

export function noteAnswer(response: Response): void {
  const offline = response.headers.get("x-npt-offline");
  const next = offline === null ? null : offline || "unknown";
  if (next === savedAt) return;
  savedAt = next;
  for (const listener of listeners) listener();
}

/** Whether the last answer came from this device's kept copy: a refresh just now could not reach the server. */
export const answeredOffline = () => savedAt !== null;

/** What a refresh says when it could not reach the server (issue 46 item 7: not "No change"). */
export const OFFLINE_REFRESH = "Offline: could not reach the server. Showing what you last saw.";

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the shown answers were saved (an ISO time, or "unknown"), or null while answers are live (always, in a server's page). */
export const useOfflineSince = () =>
  useSyncExternalStore(
    subscribe,
    () => savedAt,
    () => null,
  );

/** What the offline line says: "Offline — showing what you last saw at 10:42." */
export function offlineText(since: string, timeZone?: string): string {
  const at = Date.parse(since);
  if (Number.isNaN(at)) return "Offline — showing what you last saw.";
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(at);
  return `Offline — showing what you last saw at ${time}.`;
}

/** Forgets the answers kept for offline use (sign-out, account deletion): a shared device keeps nobody's. */
export async function forgetLastSeen(): Promise<void> {
  if (typeof caches !== "undefined") await caches.delete("npt-data").catch(() => false);
}
