/** Matching players across sources, which spell the same name differently. */

const SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv", "v"]);

/**
 * A loose key for a player's name: case, accents, punctuation and generational suffixes ignored,
 * so "Kenneth Walker III", "kenneth walker" and "Amon-Ra St. Brown" / "Amon-Ra St Brown" meet.
 */
export function playerKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['.’]/g, "")
    .split(/[^a-z0-9]+/)
    .filter((part) => part && !SUFFIXES.has(part))
    .join(" ");
}
