import { describe, expect, test } from "bun:test";
import { refusal } from "./policy-support.ts";
import { assertBetOwner } from "../../src/modules/betting/policy.ts";
import { assertAddressee, assertFriends, seesRequesterEmail } from "../../src/modules/social/policy.ts";

describe("social policy", () => {
  test("only the person asked answers a friend request", () => {
    expect(refusal(() => assertAddressee({ addresseeId: 2 }, 2))).toBeNull();
    expect(refusal(() => assertAddressee({ addresseeId: 2 }, 1))).toMatchObject({
      status: 403,
      code: "not_your_request",
    });
  });

  test("a friend's analytics for friends only, with spec §2's text", () => {
    expect(refusal(() => assertFriends(true))).toBeNull();
    expect(refusal(() => assertFriends(false))).toEqual({
      status: 403,
      code: "not_friends",
      message: "Failed to load friend's analytics. You can only view analytics for your friends.",
    });
  });

  test("a friend request shows its requester's email to the addressee alone", () => {
    expect(seesRequesterEmail({ addresseeId: 2 }, 2)).toBe(true);
    expect(seesRequesterEmail({ addresseeId: 2 }, 1)).toBe(false);
  });
});

describe("bet policy", () => {
  test("a bet's note is its player's alone to edit", () => {
    expect(refusal(() => assertBetOwner({ userId: 5 }, 5))).toBeNull();
    expect(refusal(() => assertBetOwner({ userId: 5 }, 6))).toMatchObject({ status: 403, code: "not_your_bet" });
  });
});
