/** Answers every module gives alike. */
import { Type as t } from "@sinclair/typebox";

/** The answer of calls that only confirm what they did ("Logged out", "Friend removed"). */
export const MessageResponse = t.Object({ message: t.String() });
export type MessageResponse = typeof MessageResponse.static;
