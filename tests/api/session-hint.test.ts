/**
 * The readable hint cookie names its session (issue 40: the service worker kept one session's
 * `/api/user` for whoever came next): every answer that starts a session sets it to the session's
 * mark beside the session cookie, `GET /api/user` names the same mark, sign-out and deletion clear
 * it, and serving the page puts it in step with the session cookie that came along.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sessionMark } from "../../src/http/session-cookie.ts";
import { buildUser } from "../factories.ts";
import { call, makeTestApp, type TestContext } from "../support.ts";

let ctx: TestContext;
beforeEach(async () => {
  ctx = await makeTestApp();
});
afterEach(() => ctx.close());

const setCookies = (headers: Headers) => headers.getSetCookie();
const hintOf = (headers: Headers) => setCookies(headers).find((c) => c.startsWith("npt_signed_in="));
const tokenOf = (headers: Headers) =>
  setCookies(headers)
    .find((c) => c.startsWith("npt_session="))!
    .split(";")[0]!
    .slice("npt_session=".length);

describe("the signed-in hint carries the session's mark", () => {
  test("sign-up and sign-in set it beside the session cookie; GET /api/user names the same mark; sessions differ", async () => {
    const signUp = await call(ctx.app, "POST", "/api/register", {
      body: { email: "hint@example.com", username: "hinted", password: "long-enough-1" },
    });
    expect(signUp.cookie).toStartWith("npt_session=");
    const mark = sessionMark(tokenOf(signUp.headers));
    expect(hintOf(signUp.headers)).toBe(`npt_signed_in=${mark}; Path=/; SameSite=Lax`);
    expect(mark).not.toContain(tokenOf(signUp.headers));
    const user = await call(ctx.app, "GET", "/api/user", { cookie: signUp.cookie! });
    expect(user.headers.get("x-npt-session-mark")).toBe(mark);

    const signIn = await call(ctx.app, "POST", "/api/login", {
      body: { email: "hint@example.com", password: "long-enough-1" },
    });
    const second = sessionMark(tokenOf(signIn.headers));
    expect(hintOf(signIn.headers)).toStartWith(`npt_signed_in=${second};`);
    expect(second).not.toBe(mark);
  });

  test("a password change sets the new session's mark; sign-out and account deletion clear it", async () => {
    const player = await buildUser(ctx);
    const changed = await call(ctx.app, "PUT", "/api/user/password", {
      cookie: player.cookie,
      body: { currentPassword: player.password, newPassword: "another-password-2" },
    });
    expect(hintOf(changed.headers)).toStartWith(`npt_signed_in=${sessionMark(tokenOf(changed.headers))};`);
    const cookie = `npt_session=${tokenOf(changed.headers)}`;
    const out = await call(ctx.app, "POST", "/api/logout", { cookie, body: {} });
    expect(hintOf(out.headers)).toContain("Max-Age=0");

    const other = await buildUser(ctx);
    const deleted = await call(ctx.app, "DELETE", "/api/user", {
      cookie: other.cookie,
      body: { password: other.password },
    });
    expect(deleted.status).toBe(200);
    expect(hintOf(deleted.headers)).toContain("Max-Age=0");
  });

  test("serving the page puts the hint in step with the session cookie that came along", async () => {
    const player = await buildUser(ctx);
    const mark = sessionMark(player.token);
    const page = (cookie?: string) => call(ctx.app, "GET", "/", cookie ? { cookie } : {});
    expect(hintOf((await page(player.cookie)).headers)).toStartWith(`npt_signed_in=${mark};`);
    expect(hintOf((await page(`${player.cookie}; npt_signed_in=1`)).headers)).toStartWith(`npt_signed_in=${mark};`);
    expect(hintOf((await page(`${player.cookie}; npt_signed_in=${mark}`)).headers)).toBeUndefined();
    expect(hintOf((await page(`npt_signed_in=${mark}`)).headers)).toContain("Max-Age=0");
    expect(hintOf((await page()).headers)).toBeUndefined();
  }, 30_000);
});
