import { parseViewerZone, VIEWER_ZONE_COOKIE, viewerZoneCookie, type ViewerZone } from "../../shared/viewer-zone.ts";
import { readCookie, writeCookie } from "./cookies.ts";
import { useServerEnv } from "./render-env.tsx";

let own: ViewerZone | null = null;

/** This browser's time zone and locale, as its Intl formats dates by default. */
export function browserZone(): ViewerZone {
  if (!own) {
    const { timeZone, locale } = new Intl.DateTimeFormat().resolvedOptions();
    own = { timeZone, locale };
  }
  return own;
}

/** Tells the server this browser's zone and locale for the pages it renders next (shared/viewer-zone.ts). */
export function rememberZone(): void {
  const zone = browserZone();
  const known = parseViewerZone(readCookie(VIEWER_ZONE_COOKIE));
  if (known?.timeZone === zone.timeZone && known.locale === zone.locale) return;
  writeCookie(viewerZoneCookie(zone));
}

/**
 * The zone and locale to show times in: the server's hint while its HTML is rendered and hydrated
 * (null when it had none: show no time then), this browser's own afterwards.
 */
export function useViewerZone(): ViewerZone | null {
  const env = useServerEnv();
  return env ? env.zone : browserZone();
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** An Intl.DateTimeFormat for the zone, made once per zone, locale and options. */
export function dateFormat(zone: ViewerZone, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone.timeZone}|${zone.locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(zone.locale, { ...options, timeZone: zone.timeZone });
    formats.set(key, format);
  }
  return format;
}
