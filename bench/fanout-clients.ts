/**
 * The browsers of bench/fanout.ts, in their own process: opens `sockets` WebSockets on one server's
 * live channel (the first `cookies.length` signed in as those players), each from its own address
 * as behind a proxy, and handles games updates as the web app does (web/lib/games-update.ts): an
 * update that follows the last one seen is put in place with no request; one after a gap (or with
 * `games: null`) costs a refetch of the week and the current week — counted, not sent, so the count
 * is exactly the requests the update caused. Records, per socket, when it first held the moved line
 * (`point` on game `gameId`), the final, and its personal settlement message. Reads its settings
 * from the first line of stdin; prints "ready" once every socket said hello; on a later "report"
 * line prints one JSON line and exits.
 */
export {};

interface Settings {
  origin: string;
  sockets: number;
  cookies: string[];
  /** Distinguishes this process's client addresses from another's. */
  addressBlock: number;
  gameId: string;
  point: number;
}
interface GameLike {
  id: string;
  status: string;
  odds: { marketType: string; outcomes: { point?: number | null }[] }[];
}
interface GamesMessage {
  type: "odds_update" | "scores_update";
  version: number;
  previous: number | null;
  games: GameLike[] | null;
}

const lines = console[Symbol.asyncIterator]();
const settings = JSON.parse((await lines.next()).value as string) as Settings;
const { origin, sockets, cookies, gameId, point } = settings;

const lineAt: number[] = [];
const finalAt: number[] = [];
const settledAt: number[] = [];
let refetches = 0;
let gamesMessages = 0;
let firstMessage = "";

function holdsMovedLine(game: GameLike): boolean {
  return game.odds.some((m) => m.marketType === "spreads" && m.outcomes.some((o) => o.point === point));
}

const url = `${origin.replace("http", "ws")}/ws`;
const open: WebSocket[] = [];
for (let opened = 0; opened < sockets; ) {
  const batch = Math.min(500, sockets - opened);
  await Promise.all(
    Array.from(
      { length: batch },
      (_, k) =>
        new Promise<void>((resolve, reject) => {
          const n = opened + k;
          const headers: Record<string, string> = {
            origin,
            "x-forwarded-for": `10.${settings.addressBlock}.${n >> 8}.${n & 255}`,
          };
          const cookie = cookies[n];
          if (cookie) headers.cookie = cookie;
          const ws = new WebSocket(url, { headers } as unknown as string[]);
          let lastVersion: number | null = null;
          ws.addEventListener("message", (e) => {
            const text = String(e.data);
            const message = JSON.parse(text) as { type: string };
            if (message.type === "hello") return resolve();
            if (message.type === "bet_settlements") {
              settledAt[n] ??= Date.now();
              return;
            }
            if (message.type !== "odds_update" && message.type !== "scores_update") return;
            gamesMessages++;
            const update = message as GamesMessage;
            const follows = update.games !== null && (lastVersion === null || update.previous === lastVersion);
            lastVersion = update.version;
            // A gap: the page refetches its week's games and the current week (web/lib/live.ts).
            if (!follows) refetches += 2;
            const game = update.games?.find((g) => g.id === gameId);
            if (!game) return;
            if (holdsMovedLine(game)) {
              if (lineAt[n] === undefined) firstMessage ||= text;
              lineAt[n] ??= Date.now();
            }
            if (game.status === "completed") finalAt[n] ??= Date.now();
          });
          ws.addEventListener("error", () => reject(new Error("socket refused")));
          open.push(ws);
        }),
    ),
  );
  opened += batch;
}
console.log("ready");
await lines.next();
const counted = (times: number[]) => times.filter((t) => t !== undefined);
const latest = (times: number[]) => Math.max(0, ...counted(times));
console.log(
  JSON.stringify({
    sockets: open.length,
    line: { count: counted(lineAt).length, last: latest(lineAt) },
    final: { count: counted(finalAt).length, last: latest(finalAt) },
    settled: { count: counted(settledAt).length, last: latest(settledAt) },
    refetches,
    gamesMessages,
    firstMessage,
  }),
);
for (const ws of open) ws.close();
process.exit(0);
