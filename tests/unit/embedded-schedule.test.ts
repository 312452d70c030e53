import { describe, expect, test } from "bun:test";
import type { ScheduledGame } from "../../src/modules/feeds/provider.ts";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";
import { easternToUtc } from "../../src/modules/feeds/providers/embedded/kickoffs.ts";
import { parseProviderId } from "../../src/modules/feeds/providers/embedded/schedule.ts";
import { TEAMS } from "../../src/modules/feeds/providers/embedded/teams.ts";
import { weekNumber } from "../../src/modules/games/rules.ts";

const ABBRS =
  "ARI ATL BAL BUF CAR CHI CIN CLE DAL DEN DET GB HOU IND JAX KC LV LAC LAR MIA MIN NE NO NYG NYJ PHI PIT SF SEA TB TEN WSH".split(
    " ",
  );
const provider = new EmbeddedProvider();
const SEASONS = [2024, 2025, 2026, 2027, 2028, 2031];

const eastern = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
/** "Sun 13:00" in Eastern time. */
function easternSlot(iso: string): string {
  const parts = Object.fromEntries(eastern.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.hour}:${parts.minute}`;
}

function count<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe("teams", () => {
  test("the 32 NFL teams with ESPN abbreviations, full names and real divisions", () => {
    expect(TEAMS.map((t) => t.abbr).sort()).toEqual([...ABBRS].sort());
    const byAbbr = new Map(TEAMS.map((t) => [t.abbr, t]));
    expect(byAbbr.get("PHI")).toMatchObject({ name: "Philadelphia Eagles", conference: "NFC", division: "East" });
    expect(byAbbr.get("WSH")).toMatchObject({ name: "Washington Commanders", conference: "NFC", division: "East" });
    expect(byAbbr.get("KC")).toMatchObject({ name: "Kansas City Chiefs", conference: "AFC", division: "West" });
    expect(byAbbr.get("SF")).toMatchObject({ name: "San Francisco 49ers", conference: "NFC", division: "West" });
    expect(byAbbr.get("JAX")).toMatchObject({ name: "Jacksonville Jaguars", conference: "AFC", division: "South" });
    const divisions = count(TEAMS, (t) => `${t.conference} ${t.division}`);
    expect(divisions.size).toBe(8);
    for (const size of divisions.values()) expect(size).toBe(4);
  });
});

describe.each(SEASONS)("schedule(%i)", (season) => {
  let games: ScheduledGame[] = [];
  test("272 games over 18 weeks, ids like emb-2026-w01-DAL-PHI", async () => {
    games = await provider.schedule(season);
    expect(games).toHaveLength(272);
    expect(new Set(games.map((g) => g.providerId)).size).toBe(272);
    const team = new Map(TEAMS.map((t) => [t.abbr, t.name]));
    for (const g of games) {
      expect(g.season).toBe(season);
      expect(g.providerId).toBe(`emb-${season}-w${String(g.week).padStart(2, "0")}-${g.awayAbbr}-${g.homeAbbr}`);
      expect(parseProviderId(g.providerId)).toEqual({ season, week: g.week });
      expect(g.homeTeam).toBe(team.get(g.homeAbbr) ?? "?");
      expect(g.awayTeam).toBe(team.get(g.awayAbbr) ?? "?");
      expect(g.homeAbbr).not.toBe(g.awayAbbr);
      expect(g.commenceTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    }
    expect([...count(games, (g) => String(g.week)).keys()].map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 18 }, (_, i) => i + 1),
    );
    // Ordered by kick-off.
    const times = games.map((g) => g.commenceTime);
    expect(times).toEqual([...times].sort());
  });

  test("every team: 17 games, 8 or 9 at home, one bye in weeks 5–14, never twice in a week", () => {
    for (const abbr of ABBRS) {
      const mine = games.filter((g) => g.homeAbbr === abbr || g.awayAbbr === abbr);
      expect(mine).toHaveLength(17);
      const home = mine.filter((g) => g.homeAbbr === abbr).length;
      expect(home).toBeGreaterThanOrEqual(8);
      expect(home).toBeLessThanOrEqual(9);
      const weeks = mine.map((g) => g.week);
      expect(new Set(weeks).size).toBe(17);
      const bye = Array.from({ length: 18 }, (_, i) => i + 1).filter((w) => !weeks.includes(w));
      expect(bye).toHaveLength(1);
      expect(bye[0]).toBeGreaterThanOrEqual(5);
      expect(bye[0]).toBeLessThanOrEqual(14);
    }
  });

  test("16 games a week, 14 or 15 in a bye week (2 or 4 teams off)", () => {
    for (const [week, n] of count(games, (g) => String(g.week))) {
      const w = Number(week);
      if (w < 5 || w > 14) expect(n).toBe(16);
      else expect([14, 15, 16]).toContain(n);
    }
    expect(games.filter((g) => g.week >= 5 && g.week <= 14)).toHaveLength(272 - 8 * 16);
  });

  test("no pairing more than twice; twice only between division rivals, once home and once away", () => {
    const division = new Map(TEAMS.map((t) => [t.abbr, `${t.conference} ${t.division}`]));
    const pairs = count(games, (g) => [g.homeAbbr, g.awayAbbr].sort().join("-"));
    for (const [pair, n] of pairs) {
      const [a = "", b = ""] = pair.split("-");
      expect(n).toBeLessThanOrEqual(2);
      if (n === 2) {
        expect(division.get(a)).toBe(division.get(b) ?? "");
        expect(games.filter((g) => g.homeAbbr === a && g.awayAbbr === b)).toHaveLength(1);
      }
    }
    // Each team meets its three division rivals twice: 6 division games.
    for (const abbr of ABBRS) {
      const rivals = games.filter(
        (g) => (g.homeAbbr === abbr || g.awayAbbr === abbr) && division.get(g.homeAbbr) === division.get(g.awayAbbr),
      );
      expect(rivals).toHaveLength(6);
    }
    // Week 18 is all division games.
    for (const g of games.filter((x) => x.week === 18))
      expect(division.get(g.homeAbbr)).toBe(division.get(g.awayAbbr) ?? "");
  });

  test("kick-offs: Thursday 8:15 pm, Sunday 1:00/4:05/4:25/8:20 pm, Monday 8:15 pm Eastern; week 18 all Sunday", () => {
    for (let week = 1; week <= 18; week++) {
      const slots = games.filter((g) => g.week === week).map((g) => easternSlot(g.commenceTime));
      const slotCounts = count(slots, (s) => s);
      for (const slot of slots)
        expect(["Thu 20:15", "Sun 13:00", "Sun 16:05", "Sun 16:25", "Sun 20:20", "Mon 20:15"]).toContain(slot);
      expect(slotCounts.get("Sun 20:20")).toBe(1);
      if (week < 18) {
        expect(slotCounts.get("Thu 20:15")).toBe(1);
        expect(slotCounts.get("Mon 20:15")).toBe(1);
      } else {
        expect(slots.every((s) => s.startsWith("Sun"))).toBe(true);
        expect(slotCounts.get("Sun 16:05")).toBeUndefined();
      }
      // 1 pm is the busiest window; the late window always has a few games.
      const early = slotCounts.get("Sun 13:00") ?? 0;
      const late = (slotCounts.get("Sun 16:05") ?? 0) + (slotCounts.get("Sun 16:25") ?? 0);
      expect(early).toBeGreaterThanOrEqual(6);
      expect(early).toBeGreaterThan(late);
      expect(late).toBeGreaterThanOrEqual(3);
    }
  });

  test("each game's kick-off falls in its week by the spec §5 rule", () => {
    for (const g of games) expect(weekNumber(new Date(g.commenceTime))).toBe(g.week);
  });

  test("teams on the west coast never host at 1 pm Eastern; a team never plays Monday then Thursday", () => {
    const west = new Set(TEAMS.filter((t) => t.west).map((t) => t.abbr));
    for (const g of games) if (west.has(g.homeAbbr)) expect(easternSlot(g.commenceTime)).not.toBe("Sun 13:00");
    for (let week = 2; week <= 18; week++) {
      const monday = games
        .filter((g) => g.week === week - 1 && easternSlot(g.commenceTime).startsWith("Mon"))
        .flatMap((g) => [g.homeAbbr, g.awayAbbr]);
      const thursday = games
        .filter((g) => g.week === week && easternSlot(g.commenceTime).startsWith("Thu"))
        .flatMap((g) => [g.homeAbbr, g.awayAbbr]);
      for (const t of thursday) expect(monday).not.toContain(t);
    }
  });
});

describe("Eastern time, across the DST change", () => {
  test("easternToUtc uses EDT (UTC−4) until the first Sunday of November, then EST (UTC−5)", () => {
    expect(easternToUtc(2026, 9, 13, 13, 0).toISOString()).toBe("2026-09-13T17:00:00.000Z");
    expect(easternToUtc(2026, 10, 29, 20, 15).toISOString()).toBe("2026-10-30T00:15:00.000Z");
    expect(easternToUtc(2026, 11, 1, 13, 0).toISOString()).toBe("2026-11-01T18:00:00.000Z"); // the day DST ends
    expect(easternToUtc(2026, 11, 2, 20, 15).toISOString()).toBe("2026-11-03T01:15:00.000Z");
    expect(easternToUtc(2027, 1, 3, 20, 20).toISOString()).toBe("2027-01-04T01:20:00.000Z");
    expect(easternToUtc(2027, 3, 14, 13, 0).toISOString()).toBe("2027-03-14T17:00:00.000Z"); // DST back
  });

  test("2026 schedule: Sunday 1 pm games are 17:00 UTC in September and 18:00 UTC from 1 November", async () => {
    const games = await provider.schedule(2026);
    const sunday = (date: string) =>
      games.filter((g) => g.commenceTime.startsWith(date) && easternSlot(g.commenceTime) === "Sun 13:00");
    const september = sunday("2026-09-13");
    expect(september.length).toBeGreaterThan(5);
    for (const g of september) expect(g.commenceTime).toBe("2026-09-13T17:00:00.000Z");
    // Week 9: Thursday 29 October is still EDT, Sunday 1 November is already EST.
    const week9 = games.filter((g) => g.week === 9);
    expect(week9.find((g) => easternSlot(g.commenceTime) === "Thu 20:15")?.commenceTime).toBe(
      "2026-10-30T00:15:00.000Z",
    );
    const november = week9.filter((g) => easternSlot(g.commenceTime) === "Sun 13:00");
    expect(november.length).toBeGreaterThan(5);
    for (const g of november) expect(g.commenceTime).toBe("2026-11-01T18:00:00.000Z");
    expect(week9.find((g) => easternSlot(g.commenceTime) === "Mon 20:15")?.commenceTime).toBe(
      "2026-11-03T01:15:00.000Z",
    );
    // Week 1 opens on Thursday 3 September 2026 at 8:15 pm EDT.
    expect(games[0]?.commenceTime).toBe("2026-09-04T00:15:00.000Z");
    expect(games.at(-1)?.commenceTime).toBe("2027-01-04T01:20:00.000Z");
  });
});

describe("schedule input", () => {
  test("refuses a season that is not a plausible year", async () => {
    expect(provider.schedule(2026.5)).rejects.toThrow(RangeError);
    expect(provider.schedule(-1)).rejects.toThrow(RangeError);
  });

  test("hands out copies: changing a returned game does not change the season", async () => {
    const first = await provider.schedule(2026);
    const original = first[0]?.homeTeam;
    if (first[0]) first[0].homeTeam = "Changed";
    expect((await provider.schedule(2026))[0]?.homeTeam).toBe(original ?? "");
  });
});
