import { t } from "elysia";
import { ID_MAX } from "../shared/limits.ts";

/**
 * A whole number in [min, max], sent as a number or a numeric string (DESIGN: numeric fields).
 * The field's name rides in the error because Elysia loses the path of a decoded number.
 */
export const wholeNumber = (field: string, min: number, max: number) =>
  t.Numeric({
    minimum: min,
    maximum: max,
    multipleOf: 1,
    error: `${field}: must be a whole number from ${min} to ${max}`,
  });

/** An id of ours (a path, query or body field): a whole number from 1 to ID_MAX on both engines. */
export const idNumber = (field: string) => wholeNumber(field, 1, ID_MAX);

/** An optional field that may also be sent as null; a bad value gets the field's own message, not the union's. */
export const optionalNullable = <T extends Parameters<typeof t.Optional>[0]>(schema: T) =>
  t.Optional(t.Union([schema, t.Null()], typeof schema.error === "string" ? { error: schema.error } : {}));

/** A path id of ours: short and printable. */
export const idParam = t.String({
  minLength: 1,
  maxLength: 100,
  pattern: "^[A-Za-z0-9_:.-]+$",
  error: "is not a valid id",
});

/** For calls that carry no payload: nothing, or an empty object (spec §7 sends `{}` for some). */
export const EmptyBody = t.Optional(t.Object({}, { additionalProperties: false }));
