/** Rules for free text players write and others read (league names, descriptions, notes). Pure. */

/**
 * Unicode's invisible text-direction controls (LRM/RLM, the embeddings and overrides, the
 * isolates, the Arabic letter mark). In a name they make what others read differ from what
 * was stored, e.g. a league whose name displays reversed.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** "<field>: …" when the text carries direction controls; null when it is fine. */
export function directionControlProblem(field: string, text: string | null | undefined): string | null {
  return text && DIRECTION_CONTROLS.test(text) ? `${field}: must not contain text-direction control characters` : null;
}
