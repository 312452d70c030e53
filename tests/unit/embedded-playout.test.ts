import { describe, expect, test } from "bun:test";
import type { LiveScore, ScheduledGame } from "../../src/modules/feeds/provider.ts";
import { EmbeddedProvider } from "../../src/modules/feeds/providers/embedded/index.ts";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const FINAL_AFTER = 3.5 * HOUR;

async function live(provider: EmbeddedProvider, game: ScheduledGame, at: number): Promise<LiveScore | undefined> {
  const [score, ...more] = await provider.liveScores([game], new Date(at));
  expect(more).toEqual([]);
  return score;
}

/** The game every five minutes of the injected clock, from kick-off until its final is due. */
async function playOut(provider: EmbeddedProvider, game: ScheduledGame): Promise<LiveScore[]> {
  const kickoff = Date.parse(game.commenceTime);
  const states: LiveScore[] = [];
  for (let at = kickoff; at < kickoff + FINAL_AFTER; at += 5 * MINUTE) {
    const state = await live(provider, game, at);
    if (!state) throw new Error(`no live score ${(at - kickoff) / MINUTE} minutes after kick-off`);
    states.push(state);
  }
  return states;
}

describe("the generated season plays its games out", () => {
  test("between kick-off and the final only: nothing before, nothing once the final is due", async () => {
    const provider = new EmbeddedProvider();
    const [game] = (await provider.schedule(2026)).filter((g) => g.week === 3);
    if (!game) throw new Error("no game");
    const kickoff = Date.parse(game.commenceTime);
    expect(await live(provider, game, kickoff - 1)).toBeUndefined();
    expect(await live(provider, game, kickoff)).toEqual({
      providerId: game.providerId,
      homeScore: 0,
      awayScore: 0,
      status: "Q1 - 15:00",
    });
    expect(await live(provider, game, kickoff + FINAL_AFTER - 1)).toBeDefined();
    expect(await live(provider, game, kickoff + FINAL_AFTER)).toBeUndefined();
    expect(await provider.results([game], new Date(kickoff + FINAL_AFTER - 1))).toEqual([]);
  });

  test("scores only grow, quarters and halftime follow in order, and the last live score is the final", async () => {
    const provider = new EmbeddedProvider();
    const games = (await provider.schedule(2026)).filter((g) => g.week === 5);
    let overtimes = 0;
    for (const game of games) {
      const states = await playOut(provider, game);
      for (let i = 1; i < states.length; i++) {
        expect(states[i]!.homeScore).toBeGreaterThanOrEqual(states[i - 1]!.homeScore);
        expect(states[i]!.awayScore).toBeGreaterThanOrEqual(states[i - 1]!.awayScore);
      }
      const phases = [...new Set(states.map((s) => (s.status ?? "").replace(/ - .*/, "")))];
      const overtime = phases.includes("OT") || phases.includes("End of OT");
      if (overtime) overtimes += 1;
      expect(phases.slice(0, 6)).toEqual(["Q1", "Q2", "Halftime", "Q3", "Q4", ...phases.slice(5, overtime ? 6 : 5)]);
      for (const { status } of states)
        expect(status).toMatch(/^(Q[1-4] - \d{1,2}:\d\d|Halftime|OT - \d{1,2}:\d\d|End of OT)$/);

      const kickoff = Date.parse(game.commenceTime);
      const last = await live(provider, game, kickoff + FINAL_AFTER - 1);
      const [final] = await provider.results([game], new Date(kickoff + FINAL_AFTER));
      expect({ home: last?.homeScore, away: last?.awayScore }).toEqual({
        home: final?.homeScore,
        away: final?.awayScore,
      });
      // Plausible: points come through the game, not all at the end.
      const half = states.find((s) => s.status === "Halftime")!;
      expect(half.homeScore + half.awayScore).toBeLessThanOrEqual(final!.homeScore + final!.awayScore);
    }
    expect(overtimes).toBeLessThan(games.length / 3);
    // Across a week, some points are on the board by halftime in most games.
    const halftimes = await Promise.all(
      games.map(async (g) => (await playOut(provider, g)).find((s) => s.status === "Halftime")!),
    );
    expect(halftimes.filter((s) => s.homeScore + s.awayScore > 0).length).toBeGreaterThan(games.length * 0.8);
  });

  test("deterministic from the game id: another provider (a reload, another process) sees the same game", async () => {
    const games = (await new EmbeddedProvider().schedule(2026)).filter((g) => g.week === 7);
    const first = await Promise.all(games.map((g) => playOut(new EmbeddedProvider(), g)));
    const again = await Promise.all(games.map((g) => playOut(new EmbeddedProvider(), g)));
    expect(again).toEqual(first);
    // Mid-game, the clock counts down within a quarter.
    const kickoff = Date.parse(games[0]!.commenceTime);
    const q1 = await live(new EmbeddedProvider(), games[0]!, kickoff + 20 * MINUTE);
    expect(q1?.status).toMatch(/^Q1 - ([89]|1\d):\d\d$/);
  });

  test("nothing for a game that is not ours", async () => {
    const [game] = await new EmbeddedProvider().schedule(2026);
    const at = Date.parse(game!.commenceTime) + HOUR;
    expect(await new EmbeddedProvider().liveScores([{ ...game!, providerId: "odds-api-abc" }], new Date(at))).toEqual(
      [],
    );
  });
});
