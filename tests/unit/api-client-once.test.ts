import { afterEach, describe, expect, test } from "bun:test";
import { type ApiError, apiRequestOnce, OfflineError } from "../../src/web/lib/api.ts";

/**
 * The web app's placements and cancellations carry an Idempotency-Key (decision 0066): one key per
 * submission, the same key on every retry of it (after no answer, a proxy's 502/503/504, or 409
 * idempotency_in_progress), so the server can answer a retry instead of placing twice.
 */
const realFetch = globalThis.fetch;
const realTimeout = globalThis.setTimeout;
afterEach(() => {
  globalThis.fetch = realFetch;
  globalThis.setTimeout = realTimeout;
});

/** A fetch answering from a script (a function that throws is a request that got no answer), recording the keys. */
function scriptedFetch(answers: Array<() => Response>) {
  const keys: string[] = [];
  const bodies: unknown[] = [];
  globalThis.fetch = (async (_url: string, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string> | undefined)?.["idempotency-key"] ?? "");
    bodies.push(init?.body);
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  }) as unknown as typeof fetch;
  // No real waiting between tries.
  globalThis.setTimeout = ((fn: () => void) => realTimeout(fn, 0)) as unknown as typeof setTimeout;
  return { keys, bodies };
}

const noAnswer = () => {
  throw new TypeError("Failed to fetch");
};
const placed = () => Response.json({ id: 41 }, { status: 201 });
const proxy502 = () => new Response("bad gateway", { status: 502 });
const inProgress = () =>
  Response.json(
    { message: "still being answered", code: "idempotency_in_progress" },
    { status: 409, headers: { "retry-after": "1" } },
  );
const stale = () => Response.json({ message: "Odds have changed", code: "odds_changed" }, { status: 409 });

describe("apiRequestOnce: one Idempotency-Key per submission", () => {
  test("no answer, a proxy's 502, then 'in progress': sent again with the same key and body until answered", async () => {
    const sent = scriptedFetch([noAnswer, proxy502, inProgress, placed]);
    expect(await apiRequestOnce("POST", "/api/bets", { gameId: "g", units: 1 })).toEqual({ id: 41 });
    expect(sent.keys).toHaveLength(4);
    expect(new Set(sent.keys).size).toBe(1);
    expect(sent.keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(sent.bodies).size).toBe(1);
  });

  test("a refusal is an answer: not sent again; the next submission has a new key", async () => {
    const sent = scriptedFetch([stale, placed]);
    const error = await apiRequestOnce("POST", "/api/bets", { gameId: "g", units: 2 }).catch((e) => e);
    expect((error as ApiError).code).toBe("odds_changed");
    await apiRequestOnce("POST", "/api/bets", { gameId: "g", units: 2 });
    expect(sent.keys).toHaveLength(2);
    expect(sent.keys[0]).not.toBe(sent.keys[1]);
  });

  test("a submission never answered keeps its key: the player's own retry of it sends the same key", async () => {
    const sent = scriptedFetch([noAnswer, noAnswer, noAnswer, noAnswer, placed]);
    const error = await apiRequestOnce("POST", "/api/bets", { gameId: "g", units: 3 }).catch((e) => e);
    expect(error).toBeInstanceOf(OfflineError);
    expect(await apiRequestOnce("POST", "/api/bets", { gameId: "g", units: 3 })).toEqual({ id: 41 });
    expect(new Set(sent.keys).size).toBe(1);
    // Another request gets a key of its own.
    scriptedFetch([placed]);
    const other = scriptedFetch([placed]);
    await apiRequestOnce("DELETE", "/api/bets/41");
    expect(other.keys[0]).not.toBe(sent.keys[0]);
  });
});
