import { dateFormat, useViewerZone } from "../lib/viewer-zone.ts";

/**
 * A moment in the viewer's zone and locale, formatted by `options`: the server's hint while its page
 * is rendered and hydrated (empty when it had none; the browser fills it in), the browser's own after.
 */
export function LocalTime({ iso, options }: { iso: string; options: Intl.DateTimeFormatOptions }) {
  const zone = useViewerZone();
  return <time dateTime={iso}>{zone ? dateFormat(zone, options).format(new Date(iso)) : ""}</time>;
}
