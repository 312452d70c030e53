/** Answers every module gives alike. */
import { Type as t } from "@sinclair/typebox";

/** The answer of calls that only confirm what they did ("Logged out", "Friend removed"). */
export const MessageResponse = t.Object({ message: t.String() });
export type MessageResponse = typeof MessageResponse.static;

/**
 * Every error answer (http/errors.ts), with a stable code (the ones the screens act on:
 * shared/error-codes.ts); some carry more fields, e.g. the new price when odds changed.
 */
export const ErrorResponse = t.Object(
  {
    message: t.String({ description: "A sentence a person can act on" }),
    code: t.String({ description: "Stable, machine-readable: invalid_input, not_signed_in, admin_only, …" }),
    field: t.Optional(t.String({ description: "The input field at fault, for invalid input" })),
  },
  { additionalProperties: true, description: "An error" },
);
export type ErrorResponse = typeof ErrorResponse.static;

/** An instant as the API sends it: ISO-8601 in UTC ("2026-09-10T17:00:00.000Z"), `format: date-time` in the document. */
export const DateTime = () => t.String({ format: "date-time" });
