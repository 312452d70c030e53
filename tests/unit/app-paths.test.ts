import { describe, expect, test } from "bun:test";
import { APP_PATHS, isAppPath } from "../../src/shared/app-paths.ts";

describe("app paths", () => {
  test("the list names exactly the routes the app declares", async () => {
    const routes = await Bun.file(new URL("../../src/web/app/routes.tsx", import.meta.url)).text();
    // The screens' table (SCREENS): ["/path", Screen] rows.
    const declared = [...routes.matchAll(/^\s*\["(\/[^"]*)", \w+\],?$/gm)].map((m) => m[1]);
    expect([...declared].sort()).toEqual([...APP_PATHS].sort());
  });

  test("screens, with and without their parameters, are app paths", () => {
    for (const path of ["/", "/auth", "/leagues", "/invite", "/invite/abc123", "/friends/42/analytics", "/admin/bots"])
      expect(isAppPath(path)).toBe(true);
  });

  test("anything else is not", () => {
    for (const path of [
      "/nope",
      "/leagues/",
      "/auth/x",
      "/friends/42",
      "/friends/42/analytics/x",
      "/invite/a/b",
      "/api/games",
    ])
      expect(isAppPath(path)).toBe(false);
  });
});
