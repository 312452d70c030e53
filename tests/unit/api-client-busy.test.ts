import { afterEach, describe, expect, test } from "bun:test";
import { ApiError, apiRequest } from "../../src/web/lib/api.ts";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A fetch answering from a script of responses, recording what it was asked. */
function scriptedFetch(answers: Array<() => Response>) {
  const calls: Array<{ url: string; body: unknown }> = [];
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body });
    const next = answers.shift();
    if (!next) throw new Error("no more answers");
    return next();
  }) as unknown as typeof fetch;
  return calls;
}

const busy = () =>
  Response.json(
    { message: "The server is busy. Try again in a moment.", code: "server_busy" },
    { status: 503, headers: { "retry-after": "0" } },
  );

describe("the web app's API client and a busy server (an office signing in at nine)", () => {
  test("a sign-in turned away as server_busy is sent again, the same body, and succeeds", async () => {
    const calls = scriptedFetch([busy, busy, () => Response.json({ id: 7 })]);
    const user = await apiRequest<{ id: number }>("POST", "/api/login", { email: "a@b.c", password: "x" });
    expect(user).toEqual({ id: 7 });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.body)).size).toBe(1);
  });

  test("it gives up after three retries and shows the server's sentence", async () => {
    const calls = scriptedFetch([busy, busy, busy, busy, busy]);
    const error = await apiRequest("POST", "/api/login", {}).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("server_busy");
    expect(calls).toHaveLength(4);
  });

  test("any other 503 (a proxy's, a database blip) and every 4xx are answered at once, never repeated", async () => {
    const proxy503 = () => new Response("<html>bad gateway</html>", { status: 503 });
    const wrongPassword = () => Response.json({ message: "nope", code: "invalid_credentials" }, { status: 401 });
    const calls = scriptedFetch([proxy503, wrongPassword]);
    expect(await apiRequest("POST", "/api/bets", {}).catch((e) => (e as ApiError).status)).toBe(503);
    expect(await apiRequest("POST", "/api/login", {}).catch((e) => (e as ApiError).status)).toBe(401);
    expect(calls).toHaveLength(2);
  });
});
