import { describe, expect, test } from "bun:test";
import { safeReturnUrl } from "../../src/web/features/auth/return-url.ts";

describe("safeReturnUrl", () => {
  test("paths on this site pass; other sites and missing values go home", () => {
    expect(safeReturnUrl("/leagues?tab=mine#top")).toBe("/leagues?tab=mine#top");
    for (const raw of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "leagues"])
      expect(safeReturnUrl(raw)).toBe("/");
  });

  test("/auth would loop, except an address confirmation link alone (signing in comes back to it)", () => {
    expect(safeReturnUrl("/auth?verify=abc%2Bdef")).toBe("/auth?verify=abc%2Bdef");
    for (const raw of [
      "/auth",
      "/auth?mode=register",
      "/auth?verify=",
      "/auth?verify=a&returnUrl=/auth",
      "/auth?verify=a#x",
    ])
      expect(safeReturnUrl(raw)).toBe("/");
  });
});
