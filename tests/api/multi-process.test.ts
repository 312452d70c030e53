import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { onPostgres } from "../databases.ts";
import type { RunningServe } from "../serve-process.ts";
import { twoServesOnPostgres } from "../two-serves.ts";

/**
 * Two real `serve` processes on one PostgreSQL database (the PostgreSQL run of tests/api only):
 * events reach every process's sockets, races between processes leave one bet, and the jobs move
 * to the survivor when their holder dies.
 */
describe.skipIf(!onPostgres)("two serve processes on one PostgreSQL database", () => {
  const { a, b, query, send, register } = twoServesOnPostgres("player");

  /** An open game and its moneyline price for the home team. */
  /** A socket on A for this player, once it has said hello; every message it hears is kept. */
  async function listenOnA(cookie: string) {
    const messages: any[] = [];
    const ws = new WebSocket(`${a.url.replace("http", "ws")}/ws`, {
      headers: { origin: a.url, cookie },
    } as unknown as string[]);
    ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
    await waitFor(() => messages.some((m) => m.type === "hello"), 5000);
    return { ws, messages };
  }

  /** A site admin registered on B (promoted, address proved). */
  async function adminOnB() {
    const admin = await register(b);
    await query("update users set role = 'admin', email_verified_at = $2 where id = $1", [
      admin.id,
      new Date().toISOString(),
    ]);
    return admin;
  }

  async function openGame(skip = 0) {
    const { rows } = await query<{ id: string; home_team: string; odds: string }>(
      "select id, home_team, odds from games where completed_at is null and commence_time > $1 order by commence_time, id offset $2 limit 1",
      [new Date(Date.now() + 3600_000).toISOString(), skip],
    );
    const game = rows[0]!;
    const h2h = (JSON.parse(game.odds) as { marketType: string; outcomes: { name: string; price: number }[] }[]).find(
      (m) => m.marketType === "h2h",
    )!;
    const price = h2h.outcomes.find((o) => o.name === game.home_team)!.price;
    return {
      id: game.id,
      bet: {
        gameId: game.id,
        betType: "moneyline",
        selection: game.home_team,
        odds: price,
        point: null,
        units: 1,
        wagerAmount: 100,
        potentialWin: 1,
        confidence: "medium",
        note: null,
        leagueId: null,
        isParlay: false,
        replaceExisting: false,
      },
    };
  }

  test("a player connected to A hears of the settlement of a game resolved on B", async () => {
    const player = await register(a);
    const game = await openGame();
    expect((await send(a, "POST", "/api/bets", game.bet, player.cookie)).status).toBeLessThan(300);

    const { ws, messages } = await listenOnA(player.cookie);

    const admin = await adminOnB();
    const resolved = await send(
      b,
      "PATCH",
      `/api/games/${game.id}`,
      { homeScore: 31, awayScore: 3, status: "completed" },
      admin.cookie,
    );
    expect(resolved.status).toBe(200);
    await waitFor(() => messages.some((m) => m.type === "bet_settlements"), 10_000);
    const settled = messages.find((m) => m.type === "bet_settlements");
    expect(settled.settlements).toHaveLength(1);
    expect(settled.settlements[0]).toMatchObject({ userId: player.id, status: "won" });
    ws.close();
  }, 30_000);

  test("a parlay's two legs ended at once on A and B: its player hears one win, and at most one leg message", async () => {
    const player = await register(a);
    const [first, second] = [await openGame(2), await openGame(3)];
    const leg = ({ gameId, betType, selection, odds, point }: typeof first.bet) => ({
      gameId,
      betType,
      selection,
      odds,
      point,
    });
    const placed = await send(
      a,
      "POST",
      "/api/parlays",
      { legs: [leg(first.bet), leg(second.bet)], units: 1 },
      player.cookie,
    );
    expect(placed.status).toBe(201);
    const parlayId = ((await placed.json()) as { id: number }).id;

    const { ws, messages } = await listenOnA(player.cookie);

    const admin = await adminOnB();
    const home = { homeScore: 31, awayScore: 3, status: "completed" };
    const answers = await Promise.all([
      send(a, "PATCH", `/api/games/${first.id}`, home, admin.cookie),
      send(b, "PATCH", `/api/games/${second.id}`, home, admin.cookie),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const told = () => messages.filter((m) => m.type === "bet_settlements").flatMap((m) => m.settlements);
    await waitFor(() => told().some((s) => s.status === "won"), 10_000);
    await Bun.sleep(500);
    const settlements = told();
    const won = settlements.filter((s) => s.status === "won");
    expect(won).toHaveLength(1);
    // The win names both legs, each graded, whichever process graded which.
    expect(won[0].betDetails.legs.map((l: { status: string }) => l.status)).toEqual(["won", "won"]);
    expect(settlements.filter((s) => s.leg).length).toBeLessThanOrEqual(1);
    expect(settlements.every((s) => s.userId === player.id)).toBe(true);
    const { rows } = await query<{ status: string }>(
      "select status from bet_legs where bet_id = $1 order by leg_index",
      [parlayId],
    );
    expect(rows.map((r) => r.status)).toEqual(["won", "won"]);
    ws.close();
  }, 30_000);

  test("20 concurrent placements of one bet across both processes leave exactly one bet", async () => {
    const player = await register(a);
    const game = await openGame(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i % 2 ? b : a, "POST", "/api/bets", game.bet, player.cookie)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s < 300)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const { rows } = await query<{ n: number }>("select count(*)::int as n from bets where user_id = $1", [player.id]);
    expect(rows[0]!.n).toBe(1);
  }, 30_000);

  test("an account's budget of failed sign-ins is one across both processes", async () => {
    const player = await register(a);
    const statuses: number[] = [];
    // 10 failures per account per 15 minutes (ACCOUNT_LIMIT), whichever process they reach.
    for (let i = 0; i < 11; i++) {
      const res = await send(i % 2 ? b : a, "POST", "/api/login", { email: player.email, password: "wrong password!" });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...new Array(10).fill(401), 429]);
    const onA = await send(a, "POST", "/api/login", { email: player.email, password: "correct horse battery" });
    expect(onA.status).toBe(429);
    expect(Number(onA.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 30_000);

  test("a rename and a sign-out on B reach A: its boards show the new name, the session's socket on A closes", async () => {
    const player = await register(a);
    const game = await openGame(2);
    expect((await send(a, "POST", "/api/bets", game.bet, player.cookie)).status).toBeLessThan(300);
    const admin = await adminOnB();
    const resolve = { homeScore: 24, awayScore: 10, status: "completed" };
    expect((await send(b, "PATCH", `/api/games/${game.id}`, resolve, admin.cookie)).status).toBe(200);
    const boardNames = async () =>
      ((await (await send(a, "GET", "/api/leaderboard")).json()) as { userId: number; username: string }[])
        .filter((e) => e.userId === player.id)
        .map((e) => e.username);
    await waitFor(async () => (await boardNames()).length === 1, 10_000);
    const before = (await boardNames())[0]!;

    const renamed = `renamed_${Date.now() % 100000}`;
    expect((await send(b, "PUT", "/api/user/username", { username: renamed }, player.cookie)).status).toBe(200);
    await waitFor(async () => (await boardNames())[0] === renamed, 5_000);
    expect(before).not.toBe(renamed);

    const ws = new WebSocket(`${a.url.replace("http", "ws")}/ws`, {
      headers: { origin: a.url, cookie: player.cookie },
    } as unknown as string[]);
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    await new Promise((resolve) => ws.addEventListener("message", resolve, { once: true }));
    expect((await send(b, "POST", "/api/logout", {}, player.cookie)).status).toBe(200);
    const code = await Promise.race([closed, Bun.sleep(5_000).then(() => "still open")]);
    expect(code).toBe(4001);
  }, 30_000);

  test("when the process running the jobs is killed, the other takes them over", async () => {
    const holderOf = async () =>
      (await query<{ holder: string }>("select holder from job_leases where name = 'jobs'")).rows[0]?.holder ?? "";
    const pidOf = (holder: string) => Number(holder.split(":")[1]);
    await waitFor(async () => pidOf(await holderOf()) > 0, 10_000);
    const first = pidOf(await holderOf());
    const [dead, survivor] = first === a.proc.pid ? [a, b] : [b, a];
    expect([a.proc.pid, b.proc.pid]).toContain(first);
    dead.proc.kill("SIGKILL");
    await dead.proc.exited;
    await waitFor(async () => pidOf(await holderOf()) === survivor.proc.pid, 15_000);
    // The survivor still answers, and now reports the provider sync as its own.
    const health = await (await fetch(`${survivor.url}/api/health`)).json();
    expect(health.provider.message ?? "").not.toContain("another process");
  }, 30_000);
});

async function waitFor(predicate: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > ms) throw new Error("timed out waiting");
    await Bun.sleep(50);
  }
}
