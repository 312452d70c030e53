import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createResetLink } from "../../src/modules/auth/service.ts";
import { buildUser } from "../factories.ts";
import { makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
let origin: string;

beforeAll(async () => {
  ctx = await makeTestApp();
  ctx.app.listen({ port: 0, hostname: "127.0.0.1" });
  origin = `http://127.0.0.1:${ctx.app.server!.port}`;
});
afterAll(async () => {
  await ctx.app.stop();
  await ctx.close();
});

/** A signed-in socket; resolves once the server said hello. `closed` resolves with the close code, `reason` with its reason. */
async function connect(cookie: string) {
  const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, {
    headers: { origin, cookie },
  } as unknown as string[]);
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  const reason = new Promise<string>((resolve) => ws.addEventListener("close", (e) => resolve(e.reason)));
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("message", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error("socket error")));
  });
  return { ws, closed, reason };
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    headers: { origin, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

function within<T>(promise: Promise<T>, ms = 2000): Promise<T | "still open"> {
  return Promise.race([promise, Bun.sleep(ms).then(() => "still open" as const)]);
}

describe("ending every session closes every live socket of the player", () => {
  test("a password reset closes the player's sockets on every device, and nobody else's", async () => {
    const pat = await buildUser(ctx);
    const bystander = await buildUser(ctx);
    const phone = await connect(pat.cookie);
    const laptop = await connect((await loginCookie(pat.user.email, pat.password))!);
    const other = await connect(bystander.cookie);
    const { url } = await createResetLink(ctx.db, ctx.clock.now(), pat.user.email, origin);
    const res = await post("/api/password/reset", {
      token: new URL(url).searchParams.get("reset"),
      password: "brand-new-pass",
    });
    expect(res.status).toBe(200);
    expect(await within(phone.closed)).toBe(4001);
    expect(await within(laptop.closed)).toBe(4001);
    // The reason tells the page why, so it can say so on the sign-in screen.
    expect(await laptop.reason).toBe("password_reset");
    expect(await within(other.closed, 100)).toBe("still open");
    other.ws.close();
  });

  test("deleting the account closes the player's sockets", async () => {
    const sam = await buildUser(ctx);
    const first = await connect(sam.cookie);
    const second = await connect((await loginCookie(sam.user.email, sam.password))!);
    const res = await fetch(`${origin}/api/user`, {
      method: "DELETE",
      headers: { origin, cookie: sam.cookie, "content-type": "application/json" },
      body: JSON.stringify({ password: sam.password }),
    });
    expect(res.status).toBe(200);
    expect(await within(first.closed)).toBe(4001);
    expect(await within(second.closed)).toBe(4001);
    expect(await second.reason).toBe("account_deleted");
  });
});

describe("a password change ends every session, the changer's too", () => {
  test("every socket of the player closes; the new cookie's socket is signed in, the old token's is not", async () => {
    const kim = await buildUser(ctx);
    const here = await connect(kim.cookie);
    const elsewhere = await connect((await loginCookie(kim.user.email, kim.password))!);
    const res = await fetch(`${origin}/api/user/password`, {
      method: "PUT",
      headers: { origin, cookie: kim.cookie, "content-type": "application/json" },
      body: JSON.stringify({ currentPassword: kim.password, newPassword: "another-good-pass" }),
    });
    expect(res.status).toBe(200);
    expect(await within(elsewhere.closed)).toBe(4001);
    // A thief's socket on this browser's token looks the same as this browser's own: both close.
    expect(await within(here.closed)).toBe(4001);
    const newCookie = res.headers.get("set-cookie")!.split(";")[0]!;
    expect(await helloOf(newCookie)).toMatchObject({ type: "hello", signedIn: true });
    expect(await helloOf(kim.cookie)).toMatchObject({ type: "hello", signedIn: false });
  });
});

/** The hello a socket opened with this cookie gets. */
async function helloOf(cookie: string): Promise<unknown> {
  const ws = new WebSocket(`${origin.replace("http", "ws")}/ws`, {
    headers: { origin, cookie },
  } as unknown as string[]);
  const hello = await new Promise<unknown>((resolve, reject) => {
    ws.addEventListener("message", (event) => resolve(JSON.parse(String(event.data))), { once: true });
    ws.addEventListener("error", () => reject(new Error("socket error")));
  });
  ws.close();
  return hello;
}

async function loginCookie(email: string, password: string): Promise<string | undefined> {
  const res = await post("/api/login", { email, password });
  return res.headers.get("set-cookie")?.split(";")[0];
}
