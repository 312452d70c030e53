/** localStorage that never throws (private mode, quota, disabled storage): reads fall back, writes are dropped. */

const PREFIX = "npt.";

export const storageKeys = {
  /** An account has been signed in on this browser (an invite then opens on Sign in, not Create account). */
  knownAccount: "knownAccount",
  onboardingDismissed: "onboardingDismissed",
  /** When the push opt-in was last shown on this browser, or true once push was turned on here (lib/push-ask.ts). */
  pushAsked: "pushAsked",
  promoDismissed: "promoDismissed",
  referral: "referral",
  selectedLeagueId: "selectedLeagueId",
} as const;

export function readJson<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // storage unavailable: the value lives for this page only
  }
}

export function removeItem(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // storage unavailable: nothing to remove
  }
}
