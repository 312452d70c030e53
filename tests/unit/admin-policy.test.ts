import { describe, expect, test } from "bun:test";
import { AppError } from "../../src/lib/errors.ts";
import {
  assertAdmin,
  assertOwnConfirmationLink,
  isAdmin,
  needsAdminProof,
  roleOf,
} from "../../src/modules/auth/policy.ts";

const LISTED = ["boss@example.com"];
const account = (over: Partial<Parameters<typeof roleOf>[0]> = {}) => ({
  email: "player@example.com",
  role: "user" as const,
  emailVerified: true,
  deleted: false,
  ...over,
});

describe("roleOf: who is an admin", () => {
  test("a stored admin role is an admin", () => {
    expect(roleOf(account({ role: "admin" }), [])).toBe("admin");
  });

  test("a listed ADMIN_EMAILS address is an admin once proved, not before", () => {
    expect(roleOf(account({ email: "boss@example.com" }), LISTED)).toBe("admin");
    expect(roleOf(account({ email: "boss@example.com", emailVerified: false }), LISTED)).toBe("user");
    expect(roleOf(account(), LISTED)).toBe("user");
  });

  test("a deleted account never is", () => {
    expect(roleOf(account({ role: "admin", deleted: true }), [])).toBe("user");
    expect(roleOf(account({ email: "boss@example.com", deleted: true }), LISTED)).toBe("user");
  });
});

describe("the admin check", () => {
  test("isAdmin: role admin only; nobody signed in is not", () => {
    expect(isAdmin({ role: "admin" })).toBe(true);
    expect(isAdmin({ role: "user" })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  test("assertAdmin: 403 admin_only for others", () => {
    expect(() => assertAdmin({ role: "admin" })).not.toThrow();
    try {
      assertAdmin({ role: "user" });
      throw new Error("allowed");
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect({ status: (error as AppError).status, code: (error as AppError).code }).toEqual({
        status: 403,
        code: "admin_only",
      });
    }
  });

  test("needsAdminProof: listed but not admin yet gets a confirmation link", () => {
    expect(needsAdminProof({ email: "boss@example.com", role: "user" }, LISTED)).toBe(true);
    expect(needsAdminProof({ email: "boss@example.com", role: "admin" }, LISTED)).toBe(false);
    expect(needsAdminProof({ email: "player@example.com", role: "user" }, LISTED)).toBe(false);
  });
});

describe("assertOwnConfirmationLink", () => {
  test("only the link's own account may use it: 403 verify_link_other_account otherwise", () => {
    expect(() => assertOwnConfirmationLink(7, 7)).not.toThrow();
    let refused: unknown;
    try {
      assertOwnConfirmationLink(7, 8);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 403, code: "verify_link_other_account" });
  });
});
