/** Talk in a league (issue 47 item 1): the limits and the fixed set of reactions, for both the server and the browser. */
import { textProblem } from "./text.ts";

/** A comment is at most this long. */
export const COMMENT_MAX = 500;
/** What a report may say about why. */
export const REPORT_REASON_MAX = 200;

/** The reactions a comment takes, by name, with what the app draws for each. */
export const REACTIONS = {
  like: "👍",
  fire: "🔥",
  laugh: "😂",
  wince: "😬",
  money: "💰",
} as const;
export type ReactionName = keyof typeof REACTIONS;
export const REACTION_NAMES = Object.keys(REACTIONS) as ReactionName[];

/**
 * Why a comment's text is refused, or null: the rules of names others read (no control, invisible or
 * direction characters; line breaks allowed), something visible, at most COMMENT_MAX characters.
 */
export function commentTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "text: write something";
  if ([...trimmed].length > COMMENT_MAX) return `text: at most ${COMMENT_MAX} characters`;
  return textProblem("text", trimmed, { multiline: true });
}
