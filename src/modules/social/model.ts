import { t } from "elysia";
import { idNumber } from "../../http/schema.ts";

export const SendRequestBody = t.Object({ addresseeId: idNumber("addresseeId") }, { additionalProperties: false });
export const AnswerBody = t.Object(
  {
    status: t.Union([t.Literal("accepted"), t.Literal("declined")], {
      error: 'status: must be "accepted" or "declined"',
    }),
  },
  { additionalProperties: false },
);
export const IdParams = t.Object({ id: idNumber("id") });
export const FriendParams = t.Object({ friendId: idNumber("friendId") });
export const SearchQuery = t.Object({ q: t.String({ maxLength: 50 }) }, { additionalProperties: false });
