import { describe, expect, spyOn, test } from "bun:test";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";
import { seasonEnd } from "../../src/modules/feeds/providers/embedded/kickoffs.ts";
import { LIVE_WINDOW_MS } from "../../src/modules/games/rules.ts";

const provider = new EmbeddedProvider();
const season = (iso: string) => provider.currentSeason(new Date(iso));

describe("currentSeason: the season in progress, else the next", () => {
  test("in the off-season (spring, summer) it is this calendar year's upcoming season", async () => {
    expect(await season("2026-03-15T12:00:00Z")).toBe(2026);
    expect(await season("2026-07-04T12:00:00Z")).toBe(2026);
    expect(await season("2026-09-02T23:59:59Z")).toBe(2026); // the day before week 1
  });

  test("from week 1 to the end of December it is that year's season", async () => {
    expect(await season("2026-09-03T00:00:00Z")).toBe(2026);
    expect(await season("2026-10-15T12:00:00Z")).toBe(2026);
    expect(await season("2026-12-31T23:59:59Z")).toBe(2026);
  });

  test("in January it stays last year's season until week 18's last game is over, then moves on", async () => {
    // 2026 season: week 18 is Sunday 3 January 2027; the night game kicks off 01:20 UTC on the 4th.
    expect(await season("2027-01-03T18:00:00Z")).toBe(2026);
    expect(await season("2027-01-04T05:19:59Z")).toBe(2026);
    expect(await season("2027-01-04T05:20:00Z")).toBe(2027);
    expect(await season("2027-01-20T12:00:00Z")).toBe(2027);
    expect(await season("2027-02-15T12:00:00Z")).toBe(2027);
  });

  test("the boundary is the last scheduled kick-off plus the 4-hour live window", async () => {
    for (const year of [2024, 2025, 2026, 2030]) {
      const games = await provider.schedule(year);
      const last = Math.max(...games.map((g) => Date.parse(g.commenceTime)));
      expect(seasonEnd(year).getTime()).toBe(last + LIVE_WINDOW_MS);
      expect(await provider.currentSeason(new Date(last + LIVE_WINDOW_MS - 1))).toBe(year);
      expect(await provider.currentSeason(new Date(last + LIVE_WINDOW_MS))).toBe(year + 1);
    }
  });
});

describe("determinism", () => {
  test("two instances give identical schedules, odds and results", async () => {
    const a = new EmbeddedProvider();
    const b = new EmbeddedProvider();
    const gamesA = await a.schedule(2026);
    const gamesB = await b.schedule(2026);
    expect(gamesB).toEqual(gamesA);
    for (const now of [
      "2026-09-01T00:00:00Z",
      "2026-10-08T15:00:00Z",
      "2026-12-20T17:59:00Z",
      "2027-02-01T00:00:00Z",
    ]) {
      expect(await b.odds(gamesB, new Date(now))).toEqual(await a.odds(gamesA, new Date(now)));
      expect(await b.results(gamesB, new Date(now))).toEqual(await a.results(gamesA, new Date(now)));
    }
    // Asking in a different order (or piecemeal) changes nothing.
    const c = new EmbeddedProvider();
    const reversed = [...(await c.schedule(2026))].reverse();
    const now = new Date("2026-11-20T12:00:00Z");
    expect((await c.odds(reversed, now)).reverse()).toEqual(await a.odds(gamesA, now));
  });

  test("uses neither Math.random nor the system clock", async () => {
    const random = spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random called");
    });
    const clock = spyOn(Date, "now").mockImplementation(() => {
      throw new Error("Date.now called");
    });
    try {
      const fresh = new EmbeddedProvider();
      const games = await fresh.schedule(2029);
      expect(games).toHaveLength(272);
      expect(await fresh.odds(games, new Date("2029-10-01T00:00:00Z"))).toHaveLength(272);
      expect((await fresh.results(games, new Date("2030-03-01T00:00:00Z"))).length).toBe(272);
      expect(await fresh.currentSeason(new Date("2029-10-01T00:00:00Z"))).toBe(2029);
      expect(random).not.toHaveBeenCalled();
      expect(clock).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
      clock.mockRestore();
    }
  });

  test("different seasons differ", async () => {
    const a = await provider.schedule(2026);
    const b = await provider.schedule(2027);
    const pairs = (games: typeof a) =>
      games
        .filter((g) => g.week === 1)
        .map((g) => `${g.awayAbbr}@${g.homeAbbr}`)
        .sort();
    expect(pairs(a)).not.toEqual(pairs(b));
  });
});

describe("speed", () => {
  test("a whole season's schedule, odds and results take well under 100 ms", async () => {
    // Warm the code paths on another season first: this measures generation, not compilation.
    const warm = new EmbeddedProvider();
    const warmGames = await warm.schedule(2040);
    await warm.odds(warmGames, new Date("2040-10-01T00:00:00Z"));
    await warm.results(warmGames, new Date("2041-03-01T00:00:00Z"));

    const fresh = new EmbeddedProvider();
    const start = performance.now();
    const games = await fresh.schedule(2041);
    await fresh.odds(games, new Date("2041-10-01T00:00:00Z"));
    await fresh.results(games, new Date("2042-03-01T00:00:00Z"));
    const elapsed = performance.now() - start;
    expect(elapsed).toBeLessThan(100);
  });
});

describe("source", () => {
  test("the embedded provider's code never reads the clock or unseeded randomness", async () => {
    const dir = `${import.meta.dir}/../../src/modules/feeds/providers/embedded`;
    const files = [...new Bun.Glob("*.ts").scanSync(dir)];
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) {
      const source = await Bun.file(`${dir}/${file}`).text();
      expect(source).not.toMatch(/Math\.random|Date\.now|new Date\(\s*\)|performance\.now/);
    }
  });
});
