/**
 * Push endpoints never reach this machine or its network (issue 40 item 3): subscribe refuses every
 * internal form with a 4xx JSON error and writes nothing; the push job, with PUSH_LOCAL_ENDPOINTS
 * off, opens no connection to a listener on loopback — not for endpoints an older version stored,
 * not for a name that resolved publicly at subscribe and to 127.x at send (DNS rebinding); and a
 * push posted to a checked address still verifies the push service's name over TLS, under Bun.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Server, TCPSocketListener } from "bun";
import { sessionHash } from "../../src/modules/auth/service.ts";
import { startPushJob } from "../../src/modules/push/job.ts";
import { fetchPinned, type ResolveHost, resolvePublic } from "../../src/lib/outbound-network.ts";
import { pushesOf } from "../../src/modules/push/repo.ts";
import { type BuiltUser, seededSeason } from "../factories.ts";
import { browserDevice } from "../push-devices.ts";
import { call, type TestContext } from "../support.ts";

/** The resolver the app is given: names → addresses, a name that never answers, one that fails for now. */
const answers = new Map<string, string[]>([
  ["push.example.com", ["142.250.74.106", "2a00:1450:4001:80b::200a"]],
  ["loopback.example.com", ["127.0.0.1"]],
  ["mixed.example.com", ["142.250.74.106", "10.0.0.5"]],
  ["private.example.com", ["192.168.1.20"]],
  ["metadata.example.com", ["169.254.169.254"]],
  ["cgnat.example.com", ["100.64.0.1"]],
  ["multicast.example.com", ["224.0.0.251"]],
  ["reserved.example.com", ["240.0.0.1"]],
  ["benchmark.example.com", ["198.18.0.1"]],
  ["ietf.example.com", ["192.0.0.8"]],
  ["documentation.example.com", ["203.0.113.5"]],
  ["unspecified.example.com", ["0.0.0.0"]],
  ["v6-loopback.example.com", ["::1"]],
  ["v6-mapped.example.com", ["::ffff:127.0.0.1"]],
  ["v6-compatible.example.com", ["::127.0.0.1"]],
  ["nat64.example.com", ["64:ff9b::a00:5"]],
  ["ula.example.com", ["fd00:ec2::254"]],
  ["v6-link-local.example.com", ["fe80::1"]],
]);
const asked: string[] = [];
const resolveHost: ResolveHost = async (host) => {
  asked.push(host);
  if (host === "slow.example.com") return new Promise<never>(() => {});
  if (host === "servfail.example.com") throw Object.assign(new Error("temporary failure"), { code: "EAI_AGAIN" });
  const found = answers.get(host);
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found;
};

/** A fresh browser's subscription keys, as PushSubscription.toJSON() gives them. */
async function browserKeys() {
  const { publicKey, auth } = await browserDevice("");
  return { p256dh: publicKey, auth };
}

let ctx: TestContext;
let alice: BuiltUser;
afterEach(() => ctx?.close());

async function world(env: Record<string, string> = {}) {
  ({
    ctx,
    people: { alice },
  } = await seededSeason({ people: { alice: { username: "alice" } }, env, runtime: { resolveHost } }));
}

const subscribe = async (endpoint: string) =>
  call(ctx.app, "POST", "/api/push/subscriptions", {
    cookie: alice.cookie,
    body: { endpoint, keys: await browserKeys(), expirationTime: null },
  });

describe("subscribe", () => {
  test("refuses every internal form with a 400 naming the endpoint, and writes nothing", async () => {
    await world();
    const refused = [
      // The audit's own: this machine by a trailing dot, single-label names (compose services), internal suffixes.
      "https://localhost.:4399/",
      "https://localhost./x",
      "https://localhost../x",
      "https://vm/x",
      "https://db/x",
      "https://caddy/x",
      "https://db./x",
      "https://caddy.:443/x",
      "https://metadata.google.internal./computeMetadata/v1/",
      "https://printer.local./x",
      "https://app.localhost./x",
      "https://nas.home.arpa/x",
      // Addresses for names, however spelled, public or not.
      "https://224.0.0.1/x",
      "https://240.0.0.1/x",
      "https://198.18.0.1/x",
      "https://192.0.0.8/x",
      "https://0x7f000001/x",
      "https://2130706433/x",
      "https://0177.0.0.1/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[::1]/x",
      "https://8.8.8.8/x",
      // Not https on 443.
      "https://push.example.com:4399/x",
      "https://push.example.com:80/x",
      "http://push.example.com/x",
      // Names that resolve inside a network (loopback, private, link-local, CGNAT, multicast,
      // reserved, benchmark, documentation, unspecified; IPv6 and mapped forms; one bad address among good ones).
      ...[...answers.keys()].filter((name) => name !== "push.example.com").map((name) => `https://${name}/send/x`),
      // A name that does not resolve.
      "https://nowhere.example.com/send/x",
    ];
    for (const endpoint of refused) {
      const res = await subscribe(endpoint);
      expect({ endpoint, status: res.status, code: res.body.code }).toEqual({
        endpoint,
        status: 400,
        code: "invalid_endpoint",
      });
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body.message).toStartWith("endpoint");
    }
    expect(await ctx.db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
    expect(await ctx.db.selectFrom("push_preferences").selectAll().execute()).toEqual([]);
    // Refused by name and spelling before any lookup; looked up: only the names that pass those rules.
    expect(asked.filter((host) => !host.endsWith(".example.com"))).toEqual([]);
  });

  test("a name that resolves to public addresses only is accepted; a lookup that fails for now is a 503 with Retry-After", async () => {
    await world();
    expect((await subscribe("https://push.example.com/send/ok")).status).toBe(201);
    expect((await subscribe("https://push.example.com./send/dot")).status).toBe(201);
    const res = await subscribe("https://servfail.example.com/send/x");
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 503, code: "push_service_unresolved" });
    expect(res.headers.get("retry-after")).toBe("30");
    expect(
      (await ctx.db.selectFrom("push_subscriptions").select("endpoint").orderBy("id").execute()).map((r) => r.endpoint),
    ).toEqual(["https://push.example.com/send/ok", "https://push.example.com./send/dot"]);
    // A lookup that never answers has failed for now (the subscribe answers 503, the push job retries).
    expect(await resolvePublic("slow.example.com", resolveHost, 50)).toEqual({
      ok: false,
      unresolved: "ETIMEOUT",
      notFound: false,
    });
  });

  test("PUSH_LOCAL_ENDPOINTS=true is the only way to a push service on this machine", async () => {
    await world({ PUSH_LOCAL_ENDPOINTS: "true" });
    expect((await subscribe("http://127.0.0.1:4399/x")).status).toBe(201);
    expect((await subscribe("http://localhost:4399/y")).status).toBe(201);
    expect((await subscribe("https://localhost.:4399/z")).status).toBe(201); // the same name, the root's dot dropped
    for (const endpoint of [
      "https://vm:4399/",
      "https://db.internal:4399/",
      "http://10.0.0.5/",
      "https://loopback.example.com/x",
    ])
      expect({ endpoint, status: (await subscribe(endpoint)).status }).toEqual({ endpoint, status: 400 });
  });
});

/** Counts connections (TCP: a TLS handshake starts with one) and closes them. */
function connectionCounter(hostname: string, port: number): { listener: TCPSocketListener<unknown>; count(): number } {
  let connections = 0;
  const listener = Bun.listen({
    hostname,
    port,
    socket: {
      open(socket) {
        connections += 1;
        socket.end();
      },
      data() {},
    },
  });
  return { listener, count: () => connections };
}

/** Listens on port 443 of a loopback address of its own (127.0.0.0/8 is all this machine's), where root may. */
function rebindTarget(): { address: string; counter: ReturnType<typeof connectionCounter> } | null {
  const address = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;
  try {
    return { address, counter: connectionCounter(address, 443) };
  } catch {
    return null; // port 443 takes root or CAP_NET_BIND_SERVICE
  }
}

describe("the push job, with PUSH_LOCAL_ENDPOINTS off", () => {
  const local = connectionCounter("127.0.0.1", 0);
  const rebound = rebindTarget();
  afterAll(() => {
    local.listener.stop(true);
    rebound?.counter.listener.stop(true);
  });

  /** Queues a test push for alice and runs the real push job until it is done, then past every retry's due time. */
  async function pushThroughTheJob(job: Parameters<typeof startPushJob>[0]) {
    expect((await call(ctx.app, "POST", "/api/push/test", { cookie: alice.cookie })).status).toBe(202);
    const stop = await startPushJob(job, 20);
    try {
      for (let i = 0; i < 150; i++) {
        const [push] = await pushesOf(ctx.db, alice.user.id);
        if (push?.status !== "pending") break;
        await Bun.sleep(20);
      }
      for (const minutes of [1, 3, 10, 40]) {
        ctx.clock.advance(minutes * 60_000);
        await Bun.sleep(100);
      }
    } finally {
      await stop();
    }
    return (await pushesOf(ctx.db, alice.user.id))[0];
  }

  test("opens no connection to this machine for internal endpoints an older version stored, and removes them", async () => {
    await world();
    const port = local.listener.port;
    // Devices an older version accepted (its check compared names as text), as it stored them.
    const stored = [
      `https://localhost.:${port}/a`,
      `https://LOCALHOST.:${port}/b`,
      `https://vm:${port}/c`,
      `https://runsc:${port}/d`,
      `https://localhost:${port}/e`,
      `https://127.0.0.1:${port}/f`,
      `http://127.0.0.1:${port}/g`,
      `https://[::ffff:7f00:1]:${port}/h`,
    ];
    for (const endpoint of stored)
      await ctx.db
        .insertInto("push_subscriptions")
        .values({
          user_id: alice.user.id,
          endpoint,
          ...(await browserKeys()),
          device: "Old browser",
          session_hash: sessionHash(alice.token),
          session_expires_at: "2099-01-01T00:00:00.000Z",
          created_at: ctx.clock.now().toISOString(),
        })
        .execute();
    const push = await pushThroughTheJob({ ...ctx, resolveHost });
    expect(local.count()).toBe(0);
    expect(push).toMatchObject({ status: "failed", reason: "no device took it", attempts: 0 });
    // Endpoints the server never posts to are no devices: all gone.
    expect(await ctx.db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
  }, 20_000);

  test.skipIf(rebound === null)(
    "opens no connection to a name that resolved publicly at subscribe and to 127.x at send (DNS rebinding), on port 443",
    async () => {
      await world();
      let rebind = false;
      const job = {
        ...ctx,
        resolveHost: async (host: string) =>
          rebind && host === "push.example.com" ? [rebound!.address] : resolveHost(host),
      };
      expect((await subscribe("https://push.example.com/send/rebound")).status).toBe(201);
      rebind = true;
      const push = await pushThroughTheJob(job);
      expect(rebound!.counter.count()).toBe(0);
      expect(push).toMatchObject({ status: "failed", reason: "no device took it", attempts: 0 });
      expect(await ctx.db.selectFrom("push_subscriptions").selectAll().execute()).toEqual([]);
    },
    20_000,
  );
});

describe("posting to the address that was checked (Bun's fetch)", () => {
  const fixture = (name: string) => Bun.file(join(import.meta.dir, "../fixtures/push-tls", name)).text();
  let tls: Server<unknown>;
  let tls6: Server<unknown> | null = null;
  let pushCert: string;
  let otherCert: string;
  const seen: { host: string | null; path: string }[] = [];

  beforeAll(async () => {
    pushCert = await fixture("push.test.crt");
    otherCert = await fixture("other.test.crt");
    const entries = [
      // The default certificate is another name's: only a ClientHello naming push.test gets push.test's.
      { key: await fixture("other.test.key"), cert: otherCert },
      { serverName: "push.test", key: await fixture("push.test.key"), cert: pushCert },
    ];
    const fetch = (request: Request) => {
      seen.push({ host: request.headers.get("host"), path: new URL(request.url).pathname });
      return new Response(null, { status: 201 });
    };
    tls = Bun.serve({ hostname: "127.0.0.1", port: 0, tls: entries, fetch });
    try {
      tls6 = Bun.serve({ hostname: "::1", port: 0, tls: entries, fetch });
    } catch {
      tls6 = null;
    }
  });
  afterAll(() => {
    tls.stop(true);
    tls6?.stop(true);
  });

  test("connects to the address given, sends the push service's name in SNI and Host, and verifies its certificate", async () => {
    const url = new URL(`https://push.test:${tls.port}/send/abc?x=1`);
    // push.test has no DNS answer at all: reaching the listener means the address was used, not the name.
    await expect(fetch(url, { tls: { ca: pushCert } })).rejects.toThrow();
    const res = await fetchPinned(url, "push.test", "127.0.0.1", { method: "POST", body: "x", tls: { ca: pushCert } });
    expect(res.status).toBe(201);
    expect(seen.at(-1)).toEqual({ host: `push.test:${tls.port}`, path: "/send/abc" });
    // The certificate is checked against the push service's name, not the address: a name the
    // listener's (trusted) certificates do not carry fails…
    await expect(
      fetchPinned(new URL(`https://evil.test:${tls.port}/x`), "evil.test", "127.0.0.1", {
        tls: { ca: [pushCert, otherCert] },
      }),
    ).rejects.toMatchObject({ code: "ERR_TLS_CERT_ALTNAME_INVALID" });
    // …and a certificate nobody vouches for fails too (no test CA: the system's store only).
    await expect(fetchPinned(url, "push.test", "127.0.0.1", { method: "POST", body: "x" })).rejects.toThrow();
    // A caller's Host header never wins over the name that was checked.
    await fetchPinned(url, "push.test", "127.0.0.1", { headers: { Host: "evil.test" }, tls: { ca: pushCert } });
    expect(seen.at(-1)!.host).toBe(`push.test:${tls.port}`);
  });

  test("an IPv6 address is connected to in brackets, the name still verified", async () => {
    if (!tls6) throw new Error("this machine has no IPv6 loopback to listen on");
    const res = await fetchPinned(new URL(`https://push.test:${tls6.port}/v6`), "push.test", "::1", {
      method: "POST",
      body: "x",
      tls: { ca: pushCert },
    });
    expect(res.status).toBe(201);
    expect(seen.at(-1)).toEqual({ host: `push.test:${tls6.port}`, path: "/v6" });
  });
});
