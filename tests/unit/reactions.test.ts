import { describe, expect, test } from "bun:test";
import { EVENT_TYPES } from "../../src/shared/contract/events.ts";
import { dataVersion } from "../../src/runtime/data-versions.ts";
import { EventBus } from "../../src/runtime/events.ts";
import { checkReactions, REACTIONS, type ReactionContext, wireReactions } from "../../src/runtime/reactions.ts";
import type { SocketHub } from "../../src/modules/realtime/hub.ts";

const quietContext = (): ReactionContext & { pushed: unknown[]; noted: number[][] } => {
  const pushed: unknown[] = [];
  const noted: number[][] = [];
  const hub = {
    broadcast: (message: unknown) => void pushed.push(message),
    broadcastGamesUpdate: (type: string, version: number, update: object) =>
      void pushed.push({ type, version, ...update }),
    sendTo: (userId: number, message: unknown) => void pushed.push({ userId, message }),
    endSessions: (ended: unknown) => void pushed.push(ended),
  } as unknown as SocketHub;
  return { hub, settle: async () => {}, noteRankingChanges: (ids) => void noted.push([...ids]), pushed, noted };
};

describe("the reactions table", () => {
  test("has an entry for every event", () => {
    expect(() => checkReactions(REACTIONS)).not.toThrow();
    expect(Object.keys(REACTIONS).sort()).toEqual([...EVENT_TYPES].sort());
  });

  test("a table missing an event fails the start-up check, naming it", () => {
    const { "game.completed": _, ...missing } = REACTIONS;
    expect(() => checkReactions(missing)).toThrow("events without an entry in the reactions table: game.completed");
    expect(() => wireReactions(new EventBus(), quietContext(), missing as typeof REACTIONS)).toThrow("game.completed");
  });

  test("a delivered event bumps its caches, then runs its reactions in order", async () => {
    const bus = new EventBus();
    const ctx = quietContext();
    wireReactions(bus, ctx);
    const games = dataVersion("games");
    const update = { games: null, currentWeek: { season: 2026, week: 3 } };
    await bus.emit({ id: 1, type: "odds_update", userId: null, payload: update }, () => {});
    expect(dataVersion("games")).toBe(games + 1);
    expect(ctx.pushed).toEqual([{ type: "odds_update", version: 1, ...update }]);

    await bus.emit(
      { id: 2, type: "bet_settlements", userId: null, payload: { settlements: [{ userId: 7 }, { userId: 9 }] } },
      () => {},
    );
    expect(ctx.noted).toEqual([[7, 9]]);
    expect(ctx.pushed.slice(1)).toEqual([
      { userId: 7, message: { type: "bet_settlements", settlements: [{ userId: 7 }] } },
      { userId: 9, message: { type: "bet_settlements", settlements: [{ userId: 9 }] } },
    ]);
  });
});
