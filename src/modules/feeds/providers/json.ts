/** Small readers for untrusted JSON: each returns undefined for anything of the wrong shape. */

export type Json = Record<string, unknown>;

export function obj(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** A finite number, or a numeric string such as "27", "-3.5", "+130" or "o46.5"/"u46.5" (totals). */
export function num(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim().replace(/^[ou]/i, "");
  if (!/^[+-]?\d+(\.\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** An ISO-8601 time (ESPN writes "2026-09-11T00:20Z"), normalised to full UTC ISO; undefined if unreadable. */
export function isoTime(value: unknown): string | undefined {
  const text = str(value);
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** American odds as books quote them: whole numbers of at least 100 either way; "EVEN" is +100. */
export function americanOdds(value: unknown): number | undefined {
  if (typeof value === "string" && /^\s*(even|ev)\s*$/i.test(value)) return 100;
  const n = num(value);
  if (n === undefined || !Number.isInteger(n) || Math.abs(n) < 100 || Math.abs(n) > 100_000) return undefined;
  return n;
}
