/** The live channel /ws (spec §7): features subscribe by message type; one connection per page. */

export interface LiveMessage {
  type: string;
  [field: string]: unknown;
}

type MessageHandler = (message: LiveMessage) => void;

const messageHandlers = new Map<string, Set<MessageHandler>>();
/** The server's hello: where the socket joined (its hub and what it had heard by then: SocketHub.heard). */
export interface LiveHello {
  hub?: unknown;
  heard?: unknown;
}

const openHandlers = new Set<(helloAt: number, hello: LiveHello) => void>();
const sessionEndHandlers = new Set<(reason: string) => void>();

/** The close code the server ends a signed-out session's socket with; its reason says why. */
export const SESSION_ENDED_CODE = 4001;

/**
 * Runs `handler` when the server closes the socket because its session ended (signed out in another
 * tab, a password changed or reset elsewhere, the account deleted), with the server's reason.
 */
export function onSessionEnded(handler: (reason: string) => void): () => void {
  sessionEndHandlers.add(handler);
  return () => sessionEndHandlers.delete(handler);
}

/** Runs `handler` for every message of this type; returns the unsubscribe function. */
export function onLiveMessage(type: string, handler: MessageHandler): () => void {
  const set = messageHandlers.get(type) ?? new Set<MessageHandler>();
  messageHandlers.set(type, set);
  set.add(handler);
  return () => set.delete(handler);
}

/**
 * How widely browsers spread their refetch after an odds update. Every open Games screen hears it
 * at the same instant; each waiting a random moment within this window turns a kick-off's
 * thousands of simultaneous requests into a steady stream (bench/storm.ts).
 */
export const ODDS_REFETCH_SPREAD_MS = 250;

/** Runs `handler` a random moment (within ODDS_REFETCH_SPREAD_MS) from now: a refetch every open page would make at once. */
export function spreadOut(handler: () => void): void {
  setTimeout(handler, Math.random() * ODDS_REFETCH_SPREAD_MS);
}

/**
 * Runs `handler` each time the socket (re)opens, with when (performance.now()) its "hello" arrived:
 * the moment to catch up on anything missed. The hello, not the browser's open event: the server
 * sends it once the socket is registered to hear events, which can come after the open (it first
 * looks up the session).
 */
export function onLiveOpen(handler: (helloAt: number, hello: LiveHello) => void): () => void {
  openHandlers.add(handler);
  return () => openHandlers.delete(handler);
}

/**
 * How long before the socket's hello a query may have been asked for and still be trusted at the
 * page's first open (LiveUpdates). A request sent less than one round trip before the hello
 * arrived reached the server after the socket was registered, so its answer missed nothing; 100 ms
 * is under a typical phone round trip (there the rule is exact) and bounds what a faster link can
 * miss to events of the last 100 ms before the registration.
 */
export const CATCH_UP_MARGIN_MS = 100;

/**
 * Whether a query whose latest fetch started at `requestedAt` (undefined: not known, e.g. set by
 * hand) may lack an event the socket, registered when its hello arrived at `helloAt`, never heard.
 * A slow socket leaves every query asked for well before its hello exposed; a quick one, none.
 */
export function mayHaveMissedEvents(
  requestedAt: number | undefined,
  helloAt: number,
  marginMs = CATCH_UP_MARGIN_MS,
): boolean {
  return requestedAt === undefined || requestedAt < helloAt - marginMs;
}

function dispatch(data: unknown): { type: string } | null {
  let message: unknown;
  try {
    message = JSON.parse(String(data));
  } catch {
    console.warn("Ignored an unreadable live message", data);
    return null;
  }
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== "string") {
    console.warn("Ignored a live message without a type", message);
    return null;
  }
  for (const handler of messageHandlers.get(type) ?? []) {
    try {
      handler(message as LiveMessage);
    } catch (error) {
      console.error(`A live "${type}" handler failed`, error);
    }
  }
  return message as { type: string };
}

export interface LiveOptions {
  url?: string;
  minDelayMs?: number;
  maxDelayMs?: number;
}

function defaultUrl(): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`;
}

/** Opens the socket and keeps it open, retrying with exponential back-off; returns `stop`. */
export function connectLive({
  url = defaultUrl(),
  minDelayMs = 1000,
  maxDelayMs = 30_000,
}: LiveOptions = {}): () => void {
  let socket: WebSocket | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const open = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      failures = 0;
    };
    ws.onmessage = (event) => {
      const message = dispatch(event.data);
      if (message?.type !== "hello") return;
      const helloAt = performance.now();
      for (const handler of openHandlers) handler(helloAt, message as LiveHello);
    };
    ws.onclose = (event) => {
      if (stopped || socket !== ws) return;
      if (event.code === SESSION_ENDED_CODE) for (const handler of sessionEndHandlers) handler(event.reason);
      socket = null;
      // Jitter spreads reconnects out after a server restart.
      const delay = Math.min(maxDelayMs, minDelayMs * 2 ** failures) * (0.75 + Math.random() * 0.5);
      failures++;
      timer = setTimeout(open, delay);
    };
  };

  open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (socket) {
      socket.onmessage = null;
      socket.close(1000);
    }
    socket = null;
  };
}
