/**
 * RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled. Small enough
 * not to need a library. Text that a spreadsheet would run as a formula (starting with = + - @,
 * a tab or a carriage return) gets a leading apostrophe (OWASP's CSV injection advice); numbers,
 * negative ones included, stay numbers.
 */
type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** The cell as a spreadsheet should show it: text never starts a formula. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const field = (value: Cell) => {
    const text = value === null ? "" : typeof value === "number" ? String(value) : defuseFormula(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${[header, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;
}
