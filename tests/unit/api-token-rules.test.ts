/** Which route a personal API token may call, and with which scope (issue 47 item 3), pure. */
import { describe, expect, test } from "bun:test";
import { bearerToken, isTokenShaped, scopeFor } from "../../src/shared/api-tokens.ts";
import { assertTokenScope } from "../../src/modules/tokens/policy.ts";

describe("scopeFor", () => {
  test("reads need read, placing and cancelling need bets, other writes nothing a token holds", () => {
    expect(scopeFor({ method: "GET", operationId: "listUserBets", tags: ["Bets"], access: "signed-in" })).toBe("read");
    expect(scopeFor({ method: "GET", operationId: "getLeague", tags: ["Leagues"], access: "signed-in" })).toBe("read");
    for (const operationId of ["placeBet", "placeParlay", "cancelBet"])
      expect(scopeFor({ method: "POST", operationId, tags: ["Bets"], access: "signed-in" })).toBe("bets");
    expect(scopeFor({ method: "PATCH", operationId: "updateBetNote", tags: ["Bets"], access: "signed-in" })).toBeNull();
    expect(scopeFor({ method: "POST", operationId: "joinLeague", tags: ["Leagues"], access: "signed-in" })).toBeNull();
  });

  test("never: auth, account, admin, push and tokens routes, an admin route under any tag; who-am-I is readable", () => {
    for (const [operationId, tag] of [
      ["listApiTokens", "Tokens"],
      ["exportAccount", "Account"],
      ["getCalendarLink", "Account"],
      ["listPushSubscriptions", "Push"],
      ["listAuditLog", "Admin"],
    ])
      expect(scopeFor({ method: "GET", operationId, tags: [tag!], access: "signed-in" })).toBeNull();
    expect(scopeFor({ method: "PATCH", operationId: "resolveGame", tags: ["Games"], access: "admin" })).toBeNull();
    expect(scopeFor({ method: "GET", operationId: "getCurrentUser", tags: ["Auth"], access: "signed-in" })).toBe(
      "read",
    );
    expect(scopeFor({ method: "PUT", operationId: "changePassword", tags: ["Auth"], access: "signed-in" })).toBeNull();
  });

  test("the header and the token's shape", () => {
    const token = `npt_${"a".repeat(43)}`;
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer  ${token} `)).toBe(token);
    expect([bearerToken(null), bearerToken("Basic abc"), bearerToken("Bearer")]).toEqual([null, null, null]);
    expect([
      isTokenShaped(token),
      isTokenShaped(`npt_${"a".repeat(42)}`),
      isTokenShaped(`npx_${"a".repeat(43)}`),
    ]).toEqual([true, false, false]);
  });

  test("assertTokenScope: 403 token_scope for a route no token may call or a scope not held", () => {
    const code = (f: () => void) => {
      try {
        f();
        return null;
      } catch (error) {
        return (error as { status: number; code: string }).code;
      }
    };
    expect(code(() => assertTokenScope(["read"], "read"))).toBeNull();
    expect(code(() => assertTokenScope(["read"], "bets"))).toBe("token_scope");
    expect(code(() => assertTokenScope(["read", "bets"], null))).toBe("token_scope");
  });
});
