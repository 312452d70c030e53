import { t } from "elysia";
import { wholeNumber } from "../../http/schema.ts";
import { BOT_TARGET_MAX, BOT_TARGET_MIN } from "../../shared/limits.ts";

export const EnsureBody = t.Object(
  { count: wholeNumber("count", BOT_TARGET_MIN, BOT_TARGET_MAX) },
  { additionalProperties: false },
);
