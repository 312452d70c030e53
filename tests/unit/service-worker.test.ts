import { expect, test } from "bun:test";
import { serviceWorkerScript } from "../../src/http/service-worker.ts";
import { offlineText } from "../../src/web/lib/offline.ts";

const configOf = (script: Uint8Array) =>
  JSON.parse(/^const BUILD = (.*);$/m.exec(new TextDecoder().decode(script))![1]!) as {
    version: string;
    shell: string[];
  };

test("the worker names its build by the shell's files and caches those only", () => {
  const keys = ["/index.html", "/chunk-a1.js", "/chunk-b2.css", "/icon-192.png", "/manifest.webmanifest", "/sw.js"];
  const config = configOf(serviceWorkerScript(keys));
  expect(config.shell).toEqual(["/chunk-a1.js", "/chunk-b2.css", "/icon-192.png", "/manifest.webmanifest"]);
  expect(configOf(serviceWorkerScript([...keys].reverse())).version).toBe(config.version);
  expect(configOf(serviceWorkerScript(keys.map((k) => k.replace("a1", "a2")))).version).not.toBe(config.version);
});

test("the offline line says when the shown answers were saved", () => {
  expect(offlineText("2026-11-27T14:05:00Z", "UTC")).toBe("Offline — showing what you last saw at 2:05 PM.");
  expect(offlineText("unknown")).toBe("Offline — showing what you last saw.");
});

/**
 * The worker's own script (web/public/sw.js) run against stand-ins for what a browser gives it: its
 * `self`, the Cache API (one store per cache name) and the network.
 */
function workerUnderTest() {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (store: Map<string, Response>) => ({
    put: async (request: Request, response: Response) => void store.set(request.url, response),
    match: async (request: Request) => store.get(request.url)?.clone(),
    delete: async (request: Request) => store.delete(request.url),
  });
  const caches = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Map());
      return cacheOf(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
  };
  let network: (request: Request) => Promise<Response> = () => Promise.reject(new TypeError("Failed to fetch"));
  const handlers: Record<string, (event: unknown) => void> = {};
  const self = {
    location: { origin: "https://app.example" },
    addEventListener: (type: string, handler: (event: unknown) => void) => void (handlers[type] = handler),
  };
  const source = new TextDecoder().decode(serviceWorkerScript(["/chunk-a1.js"]));
  new Function("self", "caches", "fetch", source)(self, caches, (request: Request) => network(request));
  return {
    online(answer: (request: Request) => Response) {
      network = async (request) => answer(request);
    },
    offline() {
      network = () => Promise.reject(new TypeError("Failed to fetch"));
    },
    /** A GET through the worker, as the app sends it (its session's mark, if any). */
    async get(path: string, mark?: string): Promise<Response> {
      const request = new Request(`https://app.example${path}`, {
        headers: mark ? { "x-npt-session-mark": mark } : {},
      });
      let answer: Promise<Response> | undefined;
      handlers.fetch!({ request, respondWith: (promise: Promise<Response>) => (answer = promise) });
      return answer!;
    },
    kept: (path: string) => stores.get("npt-data")?.has(`https://app.example${path}`) ?? false,
  };
}

const userAnswer = (mark: string | null, email: string) =>
  new Response(JSON.stringify({ email }), {
    headers: {
      "content-type": "application/json",
      "cache-control": "private, no-store",
      ...(mark ? { "x-npt-session-mark": mark } : {}),
    },
  });

test("offline, a kept public read is served to anyone, marked as last seen", async () => {
  const worker = workerUnderTest();
  worker.online(() => Response.json([{ id: "g1" }], { headers: { "cache-control": "no-cache" } }));
  await worker.get("/api/games?week=3", "mark-a");
  worker.offline();
  const answer = await worker.get("/api/games?week=3");
  expect(await answer.json()).toEqual([{ id: "g1" }]);
  expect(answer.headers.get("x-npt-offline")).not.toBeNull();
});

test("offline, a kept private answer is served to its own session only; another session's request deletes it", async () => {
  const worker = workerUnderTest();
  worker.online(() => userAnswer("mark-a", "a@example.com"));
  await worker.get("/api/user", "mark-a");
  worker.offline();
  expect(await (await worker.get("/api/user", "mark-a")).json()).toEqual({ email: "a@example.com" });
  await expect(worker.get("/api/user")).rejects.toThrow("Failed to fetch");
  await expect(worker.get("/api/user", "mark-b")).rejects.toThrow("Failed to fetch");
  expect(worker.kept("/api/user")).toBe(false);
  await expect(worker.get("/api/user", "mark-a")).rejects.toThrow("Failed to fetch");
});

test("a 401 for a kept read deletes its copy: offline afterwards, nothing is served", async () => {
  const worker = workerUnderTest();
  worker.online(() => userAnswer("mark-a", "a@example.com"));
  await worker.get("/api/user", "mark-a");
  expect(worker.kept("/api/user")).toBe(true);
  worker.online(() => Response.json({ message: "Sign in first", code: "unauthorized" }, { status: 401 }));
  expect((await worker.get("/api/user", "mark-a")).status).toBe(401);
  expect(worker.kept("/api/user")).toBe(false);
  worker.offline();
  await expect(worker.get("/api/user", "mark-a")).rejects.toThrow("Failed to fetch");
});

test("a private answer the server did not name a session for is not kept, and the copy before it goes", async () => {
  const worker = workerUnderTest();
  worker.online(() => userAnswer("mark-a", "a@example.com"));
  await worker.get("/api/user", "mark-a");
  worker.online(() => userAnswer(null, "b@example.com"));
  expect(await (await worker.get("/api/user", "mark-a")).json()).toEqual({ email: "b@example.com" });
  expect(worker.kept("/api/user")).toBe(false);
});
