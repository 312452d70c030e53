// The app's service worker. The server prepends `const BUILD = { version, shell }` (http/service-worker.ts):
// the build's version and the files of its shell. Plain JavaScript, served as written.
//
// - The shell (the page, its scripts and styles, icons) is cached at install, so a return visit opens
//   from this device; the page itself is asked of the network first (2 s), the cached one when offline.
// - A few public, shared reads (the current week, a week's games) and the signed-in user are kept
//   as last seen and answered from here only when the network fails, marked `x-npt-offline`. A
//   private answer (Cache-Control: private) is kept only with the session the server says it was
//   built for (`x-npt-session-mark`), and served only to a request of that same session (the app
//   sends its session's mark, from the readable hint cookie); a 401 deletes the kept copy.
// - Nothing else is touched: writes (a bet needs the live price) always go to the network.
// - A new build installs beside the running one and takes over at once; the previous build's files
//   stay cached until the build after it, so an open page can still load its lazy screens.

/* global BUILD */
const SHELL = `npt-shell-${BUILD.version}`;
const DATA = "npt-data";
const PAGE = "/index.html";
const PAGE_TIMEOUT_MS = 2000;
const LAST_SEEN = [/^\/api\/weeks\/current$/, /^\/api\/games$/, /^\/api\/user$/];

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(BUILD.shell);
      // The static shell (no screen rendered in it): an offline visit to any address draws it in the browser.
      const page = await fetch(PAGE, { cache: "no-store", credentials: "omit" });
      if (page.ok) await cache.put(PAGE, page);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const shells = (await caches.keys()).filter((name) => name.startsWith("npt-shell-") && name !== SHELL);
      // Keep the newest previous shell (pages still open on it load their screens from it).
      const previous = await newestOf(shells);
      await Promise.all(shells.filter((name) => name !== previous).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

async function newestOf(names) {
  let newest = null;
  let newestAt = -1;
  for (const name of names) {
    const cache = await caches.open(name);
    const page = await cache.match(PAGE);
    const at = page ? Date.parse(page.headers.get("date") ?? "") || 0 : 0;
    if (at > newestAt) {
      newest = name;
      newestAt = at;
    }
  }
  return newest;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") return event.respondWith(page(request, event));
  if (LAST_SEEN.some((pattern) => pattern.test(url.pathname))) return event.respondWith(lastSeen(request));
  if (url.pathname.startsWith("/api/") || url.pathname === "/ws") return;
  event.respondWith(shellFile(request));
});

/** The page from the network within PAGE_TIMEOUT_MS, else this build's cached copy. */
async function page(request, event) {
  const cached = () => caches.open(SHELL).then((cache) => cache.match(PAGE));
  try {
    const answer = await Promise.race([
      fetch(request),
      new Promise((_, reject) => setTimeout(() => reject(new Error("slow")), PAGE_TIMEOUT_MS)),
    ]);
    if (answer.ok) event.waitUntil(keepFromPage(answer.clone()).catch(() => undefined));
    return answer;
  } catch (error) {
    const copy = await cached();
    if (copy) return copy;
    throw error;
  }
}

/** A hashed file of the shell: from any cached build, else the network. */
async function shellFile(request) {
  const cached = await caches.match(request, { ignoreVary: true });
  return cached ?? fetch(request);
}

const MARK = "x-npt-session-mark";
const isPrivate = (response) => /(^|[\s,])private\b/i.test(response.headers.get("cache-control") ?? "");

/** Of the last-seen reads, those that belong to a session (kept only with its mark). */
const PRIVATE_LAST_SEEN = [/^\/api\/user$/];

/**
 * A page the server rendered carries the answers its first screen was read from (a JSON script,
 * src/http/ssr/): the reads kept as last seen among them are kept as if fetched, so an offline visit
 * (the shell, drawn by the browser) finds them, though the page itself asked the network for none.
 * A session's own read is kept with the session the page named, and only then; a page rendered for
 * nobody signed in (or for another session) means the kept copy of the last one's is over.
 */
async function keepFromPage(response) {
  const mark = isPrivate(response) ? response.headers.get(MARK) : null;
  const html = await response.text();
  const json = /<script type="application\/json" id="npt-first-screen">(.*?)<\/script>/s.exec(html)?.[1];
  if (!json) return;
  const cache = await caches.open(DATA);
  const savedAt = new Date().toISOString();
  for (const [[, url], data] of JSON.parse(json).queries) {
    const path = new URL(url, self.location.origin).pathname;
    if (!LAST_SEEN.some((pattern) => pattern.test(path))) continue;
    const own = PRIVATE_LAST_SEEN.some((pattern) => pattern.test(path));
    if (own && (data === null || mark === null)) {
      const kept = await cache.match(new Request(url));
      if (kept && kept.headers.get(MARK) !== mark) await cache.delete(new Request(url));
      continue;
    }
    if (data === null) continue;
    const headers = { "content-type": "application/json", "x-npt-saved-at": savedAt };
    if (own) Object.assign(headers, { "cache-control": "private", [MARK]: mark });
    await cache.put(new Request(url), new Response(JSON.stringify(data), { headers }));
  }
}

/**
 * A read kept as last seen: the network's answer (kept), or, when there is none, the kept one marked
 * offline. A 401 means the session behind a kept copy is over: the copy goes. A private answer is
 * kept only when the server named its session, and served only to a request naming the same one.
 */
async function lastSeen(request) {
  const cache = await caches.open(DATA);
  try {
    const answer = await fetch(request);
    if (answer.status === 401) await cache.delete(request);
    else if (answer.ok && isPrivate(answer) && !answer.headers.get(MARK)) await cache.delete(request);
    else if (answer.ok)
      await cache.put(request, withHeader(answer.clone(), "x-npt-saved-at", new Date().toISOString()));
    return answer;
  } catch (error) {
    const kept = await cache.match(request);
    if (!kept) throw error;
    if (isPrivate(kept) && kept.headers.get(MARK) !== request.headers.get(MARK)) {
      await cache.delete(request); // another session's: nobody on this device may read it now
      throw error;
    }
    return withHeader(kept, "x-npt-offline", kept.headers.get("x-npt-saved-at") ?? "");
  }
}

function withHeader(response, name, value) {
  const headers = new Headers(response.headers);
  headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// The page asks this on sign-out and account deletion: a shared device keeps nobody's last-seen answers.
self.addEventListener("message", (event) => {
  if (event.data === "forget-last-seen") event.waitUntil(caches.delete(DATA));
});

// Web Push (modules/push): the server sends { title, body, url, tag }, encrypted for this browser.
// A game's settlements come as one message; a later push with the same tag replaces the earlier one.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "NFL Paper Trading", {
      body: message.body || "",
      tag: message.tag || undefined,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/" },
    }),
  );
});

// A click opens the notification's page: in a window of the app already open (focused), else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== url && "navigate" in open) await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser renewed this device's subscription (its push service rotated it): hand the new one to
// the server, as the page would. The old one is removed when its push service answers 404/410.
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const renewed =
        event.newSubscription ??
        (event.oldSubscription ? await self.registration.pushManager.subscribe(event.oldSubscription.options) : null);
      if (!renewed) return;
      await fetch("/api/push/subscriptions", {
        method: "POST",
        credentials: "include",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(renewed.toJSON()),
      });
    })(),
  );
});
