/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled. Small enough not to need a library. */
type Cell = string | number | null;

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const field = (value: Cell) => {
    const text = value === null ? "" : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return [header, ...rows].map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
