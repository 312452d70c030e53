import { describe, expect, test } from "bun:test";
import {
  avatarInitials,
  emailProblem,
  normalizeEmail,
  passwordProblem,
  usernameKey,
  usernameProblem,
  usernameSkeleton,
} from "../../src/shared/accounts.ts";
import { isKnownDevice, KNOWN_DEVICE_DAYS, knownDeviceToken } from "../../src/modules/auth/rules.ts";

describe("avatarInitials (spec §2 Shell)", () => {
  test.each([
    ["john_doe", "JD"],
    ["mary.jane", "MJ"],
    ["big-ben-roethlisberger", "BB"],
    ["alice", "AL"],
    ["x", "X"],
    ["_leading", "LE"],
    ["a_b", "AB"],
  ])("%s → %s", (username, initials) => expect(avatarInitials(username)).toBe(initials));
});

describe("usernameProblem (spec §5)", () => {
  test("accepts 3-20 letters, digits and underscores", () => {
    for (const ok of ["abc", "a".repeat(20), "Joe_123", "___"]) expect(usernameProblem(ok)).toBeNull();
  });
  test("names each problem with the settings screen's message", () => {
    expect(usernameProblem("ab")).toBe("Username must be at least 3 characters");
    expect(usernameProblem("a".repeat(21))).toBe("Username must be at most 20 characters");
    expect(usernameProblem("with space")).toBe("Username can only contain letters, numbers, and underscores");
    expect(usernameProblem("émile")).toBe("Username can only contain letters, numbers, and underscores");
    expect(usernameProblem("a<b>c")).toBe("Username can only contain letters, numbers, and underscores");
  });
});

describe("email and password", () => {
  test("emails need an @ and a dot after it, and at most 254 characters", () => {
    expect(emailProblem("a@b.co")).toBeNull();
    expect(emailProblem("")).toBe("Email is required");
    expect(emailProblem("no-at.example.com")).toBe("Enter a valid email address");
    expect(emailProblem("a@nodot")).toBe("Enter a valid email address");
    expect(emailProblem(`${"a".repeat(250)}@b.co`)).toBe("Enter a valid email address");
  });
  test("passwords have at least 8 characters", () => {
    expect(passwordProblem("1234567")).toBe("Password must be at least 8 characters");
    expect(passwordProblem("12345678")).toBeNull();
    expect(passwordProblem("x".repeat(201))).toBe("Password must be at most 200 characters");
  });
  test("one trailing dot is stripped before the rules; invisible and control characters are refused", () => {
    expect(emailProblem("x@example.com.")).toBeNull();
    expect(emailProblem("x@foo.invalid.")).toBe("Enter a valid email address");
    expect(emailProblem("x@example.com..")).toBe("Enter a valid email address");
    expect(emailProblem("x@foo..com")).toBe("Enter a valid email address");
    expect(emailProblem("x@.com")).toBe("Enter a valid email address");
    for (const hidden of ["\u200B", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u202E", "\u0007", "\u3164"])
      expect(emailProblem(`x@foo.invalid${hidden}`)).toBe("Email must not contain invisible or control characters");
  });
  test("emails and username keys compare without case", () => {
    expect(normalizeEmail("  Sam@Example.COM ")).toBe("sam@example.com");
    expect(normalizeEmail("Sam@Example.COM.")).toBe("sam@example.com");
    expect(usernameKey("Joe_Cool")).toBe("joe_cool");
  });
});

describe("usernameSkeleton: names that look alike share one", () => {
  test.each([
    ["aIice", "alice"],
    ["a1ice", "alice"],
    ["ALICE", "alice"],
    ["b0b", "bob"],
    ["rnike", "mike"],
    ["vvalter", "walter"],
    ["i_l_1", "l_l_l"],
  ])("%s looks like %s", (lookalike, original) => expect(usernameSkeleton(lookalike)).toBe(usernameSkeleton(original)));

  test.each([
    ["alice", "alicia"],
    ["bob", "rob"],
    ["mike", "nike"],
    ["player_1", "player_2"],
  ])("%s and %s stay apart", (a, b) => expect(usernameSkeleton(a)).not.toBe(usernameSkeleton(b)));

  test("maps i, 1, | and ! to l, 0 to o, rn to m and vv to w, after lower-casing", () => {
    expect(usernameSkeleton("Il1|!O0rnVV")).toBe("llllloomw");
  });
});

describe("known devices (decision 0064)", () => {
  const account = { id: 42, passwordHash: "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$aGFzaA" };
  const issued = new Date("2026-10-01T12:00:00Z");
  const days = (n: number) => new Date(issued.getTime() + n * 24 * 60 * 60 * 1000);
  const token = knownDeviceToken(account, issued);

  test("the account's own token is known, for KNOWN_DEVICE_DAYS after it was issued", () => {
    expect(token).toMatch(/^42\.\d+\.[\w-]{43}$/);
    expect(isKnownDevice(token, account, issued)).toBe(true);
    expect(isKnownDevice(token, account, days(KNOWN_DEVICE_DAYS - 1))).toBe(true);
    expect(isKnownDevice(token, account, days(KNOWN_DEVICE_DAYS + 1))).toBe(false);
  });

  test("another account, another password, a changed date or signature, or garbage is not", () => {
    expect(isKnownDevice(token, { ...account, id: 43 }, issued)).toBe(false);
    expect(isKnownDevice(token, { ...account, passwordHash: `${account.passwordHash}x` }, issued)).toBe(false);
    const [id, at, mac] = token.split(".") as [string, string, string];
    expect(isKnownDevice(`${id}.${Number(at) + 1}.${mac}`, account, issued)).toBe(false);
    expect(isKnownDevice(`${id}.${at}.${mac.slice(0, -1)}A`, account, issued)).toBe(false);
    expect(isKnownDevice(`43.${at}.${mac}`, { ...account, id: 43 }, issued)).toBe(false);
    for (const junk of ["", "42", "42..", `42.${at}.${mac}.x`, `042.${at}.${mac}`, "a".repeat(5000)])
      expect(isKnownDevice(junk, account, issued)).toBe(false);
  });

  test("a token from a little ahead (another process's clock) is known; one from far ahead is not", () => {
    expect(isKnownDevice(knownDeviceToken(account, new Date(issued.getTime() + 60_000)), account, issued)).toBe(true);
    expect(isKnownDevice(knownDeviceToken(account, days(1)), account, issued)).toBe(false);
  });
});
