import { t } from "elysia";
import { wholeNumber } from "../../http/schema.ts";

export const SendRequestBody = t.Object(
  { addresseeId: wholeNumber("addresseeId", 1, Number.MAX_SAFE_INTEGER) },
  { additionalProperties: false },
);
export const AnswerBody = t.Object(
  {
    status: t.Union([t.Literal("accepted"), t.Literal("declined")], {
      error: 'status: must be "accepted" or "declined"',
    }),
  },
  { additionalProperties: false },
);
export const IdParams = t.Object({ id: wholeNumber("id", 1, Number.MAX_SAFE_INTEGER) });
export const FriendParams = t.Object({ friendId: wholeNumber("friendId", 1, Number.MAX_SAFE_INTEGER) });
export const SearchQuery = t.Object({ q: t.String({ maxLength: 50 }) }, { additionalProperties: false });
