import { expect, test } from "bun:test";
import {
  deletedAccountPlaceholder,
  emailProblem,
  normalizeEmail,
  usernameKey,
  usernameProblem,
  usernameSkeleton,
} from "../../src/shared/accounts.ts";

const IDS = [1, 7, 42, 999, 123_456, 2 ** 31 - 1, Number.MAX_SAFE_INTEGER];

test("no sign-up or rename can take a deleted account's placeholders, whatever its id", () => {
  for (const id of IDS) {
    const { username, email } = deletedAccountPlaceholder(id);
    expect(usernameProblem(username)).not.toBeNull();
    expect(emailProblem(normalizeEmail(email))).not.toBeNull();
    // Nor a name that folds onto it: keys and skeletons of allowed names hold only [a-z0-9_].
    expect(usernameKey(username)).toMatch(/[^a-z0-9_]/);
    expect(usernameSkeleton(username)).toMatch(/[^a-z0-9_]/);
  }
});

test("the old placeholders and names reading like them are refused", () => {
  for (const name of [
    "deleted_user_1",
    "Deleted_User_42",
    "DELETED_USER",
    "de1eted_user_5",
    "deleted__user9",
    "deleteduser",
  ])
    expect(usernameProblem(name)).toBe("That username is reserved");
  for (const name of ["deleted", "user_deleted", "undeleted_user", "superuser"])
    expect(usernameProblem(name)).toBeNull();
  for (const email of ["deleted-1@deleted.invalid", "x@bots.nfl-paper-trading.invalid", "a@b.INVALID"])
    expect(emailProblem(email)).toBe("Enter a valid email address");
  expect(emailProblem("ann@invalid.example.com")).toBeNull();
});
