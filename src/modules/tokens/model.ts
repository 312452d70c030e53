import { t } from "elysia";
import { idNumber } from "../../http/schema.ts";
import { TOKEN_NAME_MAX } from "../../shared/api-tokens.ts";

export const CreateTokenBody = t.Object({
  name: t.String({ minLength: 1, maxLength: TOKEN_NAME_MAX, error: `name: 1 to ${TOKEN_NAME_MAX} characters` }),
  scopes: t.Array(t.Union([t.Literal("read"), t.Literal("bets")]), {
    minItems: 1,
    maxItems: 2,
    error: 'scopes: one or both of "read" and "bets"',
  }),
});
export type CreateTokenBody = typeof CreateTokenBody.static;

export const TokenParams = t.Object({ id: idNumber("id") });
