/**
 * The deadlines feed as iCalendar text (RFC 5545), without I/O: one event per lock, an alarm an hour
 * before. Our own few lines rather than a generator library: the feed holds one kind of event, and
 * tests read it back with a real parser (ical.js).
 */

export interface Deadline {
  /** Unique and stable: a calendar app updates the event it already has. */
  uid: string;
  summary: string;
  description: string;
  at: string;
  url: string | null;
}

/** TEXT values escape backslashes, semicolons, commas and line breaks (RFC 5545 §3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a character (§3.1). */
export function fold(line: string): string {
  const bytes = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const length = bytes.encode(char).length;
    if (size + length > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** "2026-09-13T17:00:00.000Z" → "20260913T170000Z". */
export function icsTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** The whole calendar, CRLF line ends. */
export function icsCalendar(name: string, deadlines: readonly Deadline[], now: Date): string {
  const stamp = icsTime(now.toISOString());
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//NFL Paper Trading//Deadlines//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const d of deadlines) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${d.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsTime(d.at)}`,
      "DURATION:PT15M",
      `SUMMARY:${escapeText(d.summary)}`,
      `DESCRIPTION:${escapeText(d.description)}`,
      ...(d.url ? [`URL:${d.url}`] : []),
      "TRANSP:TRANSPARENT",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      `DESCRIPTION:${escapeText(d.summary)}`,
      "TRIGGER:-PT1H",
      "END:VALARM",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
