import { Type } from "@sinclair/typebox";
import { t, ValidationError } from "elysia";
import { ID_MAX } from "../shared/limits.ts";

/** How a whole number is written as text: digits only, no sign, no leading zero, no exponent, point or space. */
export const WHOLE_NUMBER_TEXT = "^(0|[1-9][0-9]*)$";

/**
 * A whole number in [min, max], sent as a number or a numeric string (DESIGN: numeric fields); as
 * text (a path, a query, a string in a body) only its plain digits: `1e3`, `01000`, `1.0`, ` 1`
 * and `0x10` are refused, though JavaScript reads each as a number. The field's name rides in the
 * error because Elysia loses the path of a decoded number.
 *
 * Built like Elysia's `t.Numeric` (a union of a numeric string and a number, decoded to the number),
 * with TypeBox's own Integer as the number: Elysia turns every `Number` in a path or query schema
 * into a `t.Numeric`, whose string branch would take `1e3` again.
 */
export const wholeNumber = (field: string, min: number, max: number) => {
  const error = `${field}: must be a whole number from ${min} to ${max}`;
  const number = Type.Integer({ minimum: min, maximum: max, error });
  return t
    .Transform(t.Union([t.String({ format: "integer", pattern: WHOLE_NUMBER_TEXT, error }), number], { error }))
    .Decode((value) => {
      const decoded = typeof value === "string" ? Number(value) : value;
      if (!(decoded >= min && decoded <= max)) throw new ValidationError("property", number, decoded);
      return decoded;
    })
    .Encode((value) => value);
};

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
