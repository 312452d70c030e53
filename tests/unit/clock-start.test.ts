import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { clockFrom } from "../../src/lib/clock.ts";

describe("CLOCK_START", () => {
  test("absent: the real time; an ISO instant: serve's clock starts there and runs on", async () => {
    expect(loadConfig({}).clockStart).toBeNull();
    const start = loadConfig({ CLOCK_START: "2026-12-01T15:00:00Z" }).clockStart!;
    expect(start.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    const clock = clockFrom(start);
    const first = clock.now().getTime();
    expect(first - start.getTime()).toBeLessThan(1000);
    await Bun.sleep(20);
    expect(clock.now().getTime()).toBeGreaterThan(first);
  });

  test("anything else is refused, naming the setting", () => {
    for (const bad of ["tomorrow", "2026-12-01", "1764601200000"]) {
      expect(() => loadConfig({ CLOCK_START: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CLOCK_START: bad })).toThrow(/CLOCK_START must be an ISO-8601 instant/);
    }
  });
});
