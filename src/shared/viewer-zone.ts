/**
 * A readable cookie with the viewer's time zone and locale, which the browser sets on every visit so
 * the server renders kick-off times as that browser will (src/http/ssr/). It carries nothing secret,
 * and the server checks both values before using them: anything it cannot use is no hint at all.
 */
export const VIEWER_ZONE_COOKIE = "npt_zone";

export interface ViewerZone {
  timeZone: string;
  locale: string;
}

const MAX_PART = 64;

/** The cookie's value for a zone and locale. */
export function viewerZoneValue(zone: ViewerZone): string {
  return encodeURIComponent(`${zone.timeZone}|${zone.locale}`);
}

/** The Set-Cookie (or document.cookie) text, kept a year. */
export function viewerZoneCookie(zone: ViewerZone): string {
  return `${VIEWER_ZONE_COOKIE}=${viewerZoneValue(zone)}; Path=/; SameSite=Lax; Max-Age=31536000`;
}

/** The zone and locale a cookie value names, or null when it is malformed or names what Intl does not know. */
export function parseViewerZone(value: string | null | undefined): ViewerZone | null {
  if (!value || value.length > 3 * 2 * MAX_PART) return null;
  let text: string;
  try {
    text = decodeURIComponent(value);
  } catch {
    return null;
  }
  const [timeZone = "", locale = "", ...rest] = text.split("|");
  if (rest.length > 0 || timeZone.length > MAX_PART || locale.length > MAX_PART) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(locale);
    if (!canonical) return null;
    const resolved = new Intl.DateTimeFormat(canonical, { timeZone }).resolvedOptions();
    return { timeZone: resolved.timeZone, locale: canonical };
  } catch {
    return null;
  }
}
