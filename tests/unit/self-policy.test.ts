import { describe, expect, test } from "bun:test";
import { refusal } from "./policy-support.ts";
import { assertClaimIsSelf, assertSelf, isSelf, NOT_YOU } from "../../src/lib/policy.ts";

describe("assertSelf: /api/users/{id}/… answers only for the signed-in user", () => {
  test("the user themself passes", () => {
    expect(isSelf(7, 7)).toBe(true);
    expect(refusal(() => assertSelf(7, 7, "bets"))).toBeNull();
  });

  test.each([
    ["bets", "see", "You can only see your own bets"],
    ["stats", "see", "You can only see your own stats"],
    ["leagues", "see", "You can only see your own leagues"],
    ["invitations", "see", "You can only see your own invitations"],
    ["data", "export", "You can only export your own data"],
  ])("anyone else: 403 not_you (%s, %s)", (what, verb, message) => {
    expect(isSelf(7, 8)).toBe(false);
    expect(refusal(() => assertSelf(7, 8, what, verb))).toEqual({ status: 403, code: NOT_YOU, message });
  });
});

describe("assertClaimIsSelf: a body field naming the acting user must name the viewer", () => {
  test("left out or naming the viewer passes", () => {
    expect(refusal(() => assertClaimIsSelf(7, undefined, "userId"))).toBeNull();
    expect(refusal(() => assertClaimIsSelf(7, 7, "userId"))).toBeNull();
  });

  test.each(["createdBy", "userId", "invitedBy"])("naming someone else: 403 not_you, '%s must be you'", (field) => {
    expect(refusal(() => assertClaimIsSelf(7, 8, field))).toEqual({
      status: 403,
      code: "not_you",
      message: `${field} must be you`,
    });
  });
});
