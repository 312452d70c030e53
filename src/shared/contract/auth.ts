/** The signed-in user as the auth API answers it (GET /api/user, sign-in, registration, rename). */
import { Type as t } from "@sinclair/typebox";

export const UserResponse = t.Object({
  id: t.Number(),
  email: t.String(),
  username: t.String(),
  role: t.Union([t.Literal("user"), t.Literal("admin")]),
});
export type User = typeof UserResponse.static;
