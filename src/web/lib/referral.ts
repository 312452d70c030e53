import { readJson, removeItem, storageKeys, writeJson } from "./storage.ts";

/** Where a visitor came from (spec §5), sent with registration. */
export interface Referral {
  referralSource?: string;
  referralMedium?: string;
  referralCampaign?: string;
  referrerUrl?: string;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname || "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The referral data of this page load, or null when there is none. Our own pages are not a
 * referral: a reload or an internal full-page link must not overwrite where the visitor came from.
 */
export function readReferral(search: string, referrer: string, ownOrigin: string): Referral | null {
  const params = new URLSearchParams(search);
  const external = referrer !== "" && !referrer.startsWith(`${ownOrigin}/`) && referrer !== ownOrigin;
  const referral: Referral = {};
  const source = params.get("utm_source") || (external ? hostnameOf(referrer) : "");
  if (source) referral.referralSource = source;
  const medium = params.get("utm_medium");
  if (medium) referral.referralMedium = medium;
  const campaign = params.get("utm_campaign");
  if (campaign) referral.referralCampaign = campaign;
  if (external) referral.referrerUrl = referrer;
  return Object.keys(referral).length > 0 ? referral : null;
}

/** Saves this page load's referral data, if any (called once at start-up). */
export function captureReferral(): void {
  const referral = readReferral(location.search, document.referrer, location.origin);
  if (referral) writeJson(storageKeys.referral, referral);
}

// The register endpoint refuses unknown fields and overlong values: send only these, trimmed to size.
const FIELDS: Record<keyof Referral, number> = {
  referralSource: 200,
  referralMedium: 200,
  referralCampaign: 200,
  referrerUrl: 2000,
};

/** The saved referral data, ready to send with registration ({} when there is none). */
export function savedReferral(): Referral {
  const saved = readJson<Record<string, unknown>>(storageKeys.referral);
  const out: Referral = {};
  if (!saved || typeof saved !== "object") return out;
  for (const [field, max] of Object.entries(FIELDS) as [keyof Referral, number][]) {
    const value = saved[field];
    if (typeof value === "string" && value !== "") out[field] = value.slice(0, max);
  }
  return out;
}

export function clearReferral(): void {
  removeItem(storageKeys.referral);
}
