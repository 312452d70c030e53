/** Rules for free text players write and others read (league names, descriptions, notes). Pure. */

/**
 * Unicode's invisible text-direction controls (LRM/RLM, the embeddings and overrides, the
 * isolates, the Arabic letter mark). In a name they make what others read differ from what
 * was stored, e.g. a league whose name displays reversed.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** C0 and C1 controls (NUL, line breaks, escape…) and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** The same, less the line breaks and tabs a multi-line text (a description, a note) may hold. */
const CONTROL_BUT_LINE_BREAKS = /[^\P{Cc}\n\r\t]|[\u2028\u2029]/u;

/**
 * Characters that draw nothing: format characters (zero-width space, joiners, word joiner, BOM,
 * soft hyphen…), Unicode's default-ignorables (Hangul fillers, variation selectors, tags…) and
 * lone surrogates. Three uses of them draw something and stay allowed (see `invisibleAt`).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cs}]/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const ZERO_WIDTH_JOINER = "\u200D";
const TAG = /[\u{E0020}-\u{E007F}]/u;
const BLACK_FLAG = "\u{1F3F4}";
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;

/** Combining marks a letter may carry in a row: enough for any script's real text, not for "Zalgo" stacks. */
export const MAX_COMBINING_RUN = 4;
const COMBINING_RUN = new RegExp(`\\p{M}{${MAX_COMBINING_RUN + 1},}`, "u");

/** What renders as nothing or blank space: spaces, the Braille blank, invisibles, marks without a base. */
const BLANK = /^[\s\u2800\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}\p{Cc}]*$/u;

/** The pictograph an emoji sequence's joiner follows, skipping its skin-tone modifier or variation selector. */
function followsPictograph(chars: readonly string[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (EMOJI_MODIFIER.test(chars[j]!) || VARIATION_SELECTOR.test(chars[j]!))) j--;
  return j >= 0 && PICTOGRAPH.test(chars[j]!);
}

/**
 * The first invisible character that draws nothing in its place, or null. Allowed: a variation
 * selector right after a visible character (❤️), a zero-width joiner between two pictographs
 * (👨‍👩‍👧), and tags after a black flag (the flags of England, Scotland, Wales).
 */
function invisibleAt(text: string): string | null {
  const chars = [...text];
  for (const [i, c] of chars.entries()) {
    if (!INVISIBLE.test(c)) continue;
    const before = chars[i - 1];
    if (VARIATION_SELECTOR.test(c) && before !== undefined && !INVISIBLE.test(before)) continue;
    if (c === ZERO_WIDTH_JOINER && followsPictograph(chars, i) && PICTOGRAPH.test(chars[i + 1] ?? "")) continue;
    if (TAG.test(c) && (before === BLACK_FLAG || (before !== undefined && TAG.test(before)))) continue;
    return c;
  }
  return null;
}

const codePoint = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * "<field>: …" when a text others will read hides or fakes what it shows: control characters
 * (line breaks too, unless `multiline`), text-direction controls, invisible characters, stacks of
 * more than MAX_COMBINING_RUN combining marks, or nothing visible but spaces; null when it is fine
 * (and for no text: whether a field is required is the caller's rule).
 */
export function textProblem(
  field: string,
  text: string | null | undefined,
  { multiline = false }: { multiline?: boolean } = {},
): string | null {
  if (!text) return null;
  if ((multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(text))
    return `${field}: must not contain control characters${multiline ? " such as NUL" : " such as NUL or line breaks"}`;
  if (DIRECTION_CONTROLS.test(text)) return `${field}: must not contain text-direction control characters`;
  const invisible = invisibleAt(text);
  if (invisible !== null) return `${field}: must not contain invisible characters (${codePoint(invisible)})`;
  if (COMBINING_RUN.test(text))
    return `${field}: must not stack more than ${MAX_COMBINING_RUN} combining marks on one character`;
  // Empty or only spaces is the caller's rule (a required name says so in its own words).
  if (text.trim() !== "" && BLANK.test(text)) return `${field}: must contain visible characters`;
  return null;
}

/**
 * "<field>: …" when a text only its author reads holds control characters other than line breaks
 * and tabs (NUL among them, which PostgreSQL cannot store and SQLite would); null when it is fine.
 */
export function controlCharacterProblem(field: string, text: string | null | undefined): string | null {
  return text && CONTROL_BUT_LINE_BREAKS.test(text)
    ? `${field}: must not contain control characters such as NUL`
    : null;
}
