import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { buildUser, type BuiltUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

// An office pool: every desk reaches us from the office's one NAT address (decision 0055).
const OFFICE = "198.51.100.7";
const fromOffice = { "x-forwarded-for": OFFICE };

/** Runs `work` over `items`, `width` at a time (browsers signing in over a busy minute). */
async function inWaves<T, R>(items: T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

describe("an office of 200 players behind one address, with the default limits", () => {
  let ctx: TestContext;
  let players: BuiltUser[];

  beforeAll(async () => {
    // The defaults (tests otherwise raise AUTH_RATE_LIMIT), behind a proxy that names the client.
    ctx = await makeTestApp({ env: { AUTH_RATE_LIMIT: "", TRUST_PROXY: "true" } });
    players = [];
    for (let i = 0; i < 200; i++) players.push(await buildUser(ctx, { email: `desk${i}@office.example` }));
    // What is tested is who gets refused, not argon2's cost: the office's passwords are hashed with
    // the smallest parameters (a check reads them from the hash), so 200 checks take milliseconds.
    const cheap = Bun.password.hashSync(players[0]!.password, { algorithm: "argon2id", memoryCost: 64, timeCost: 1 });
    await ctx.db
      .updateTable("users")
      .set({ password_hash: cheap })
      .where("email", "like", "%@office.example")
      .execute();
  });
  afterAll(() => ctx.close());

  test("all 200 sign in on Monday morning within the minute: nobody is refused", async () => {
    const statuses = await inWaves(players, 16, async (p) => {
      const res = await call(ctx.app, "POST", "/api/login", {
        body: { email: p.user.email, password: p.password },
        headers: fromOffice,
      });
      return res.status;
    });
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // A colleague's typo still signs in right after: successes left the address's budget untouched.
    const typo = await call(ctx.app, "POST", "/api/login", {
      body: { email: players[0]!.user.email, password: "not my password" },
      headers: fromOffice,
    });
    expect(typo.status).toBe(401);
  }, 120_000);

  test("the whole office keeps the Games screen open: 200 players' and 200 visitors' sockets", async () => {
    const app = ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
    const origin = `http://127.0.0.1:${app.server!.port}`;
    const open = (cookie?: string) => {
      const headers: Record<string, string> = { origin };
      if (cookie) headers.cookie = cookie;
      const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, { headers } as unknown as string[]);
      const hello = new Promise<{ type: string; signedIn: boolean }>((resolve, reject) => {
        ws.addEventListener("message", (e) => resolve(JSON.parse(String(e.data))), { once: true });
        ws.addEventListener("close", () => reject(new Error("refused")));
      });
      return { ws, hello };
    };
    const sockets = [...players.map((p) => open(p.cookie)), ...players.map(() => open())];
    const hellos = await Promise.all(sockets.map((s) => s.hello));
    expect(hellos.filter((h) => h.signedIn)).toHaveLength(200);
    expect(hellos).toHaveLength(400);
    for (const s of sockets) s.ws.close();
    await app.stop(true);
  }, 60_000);
});

describe("what protects instead: failed guesses still spend the address's budget", () => {
  test("sign-ins that succeed cost nothing; failed ones count, and the one over the budget is 429", async () => {
    const ctx = await makeTestApp({ env: { AUTH_RATE_LIMIT: "3", TRUST_PROXY: "true" } });
    const player = await buildUser(ctx);
    const login = (password: string) =>
      call(ctx.app, "POST", "/api/login", { body: { email: player.user.email, password }, headers: fromOffice });
    for (let i = 0; i < 6; i++) expect((await login(player.password)).status).toBe(200);
    const guesses = [];
    for (let i = 0; i < 4; i++) guesses.push((await login(`guess number ${i}`)).status);
    expect(guesses).toEqual([401, 401, 401, 429]);
    // Spent means spent, for the right password too, until the window ends.
    expect((await login(player.password)).status).toBe(429);
    ctx.clock.advance(61_000);
    expect((await login(player.password)).status).toBe(200);
    await ctx.close();
  }, 30_000);
});
