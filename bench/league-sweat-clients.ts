/**
 * The open sweat rooms of bench/league-sweat.ts, in their own process: `sockets` WebSockets on one
 * server's live channel, signed in as the league's members (a cookie each, reused round the league
 * past its size), each from its own address as behind a proxy. Every socket records when it got each
 * update of the bench's game (named by its score and status); one of them also does what a member's browser does with it
 * (web/features/leagues/SweatRoom.tsx): puts the games in place and works the whole room out again from
 * the picks it opened with (sweat.ts sweatLine and sweatView) — timed, as each browser does this for
 * itself. An update that does not follow the last one seen would cost a refetch (web/lib/live.ts):
 * counted. Reads its settings from the first line of stdin; prints "ready" once every socket said
 * hello; on a later "report" line prints one JSON line and exits.
 */
import type { Game } from "../src/shared/contract/games.ts";
import type { LeagueSweat } from "../src/shared/contract/league-feed.ts";
import { gameStates, sweatLine, sweatView } from "../src/web/features/leagues/sweat.ts";
import { pickText } from "../src/web/lib/odds-format.ts";

interface Settings {
  origin: string;
  sockets: number;
  cookies: string[];
  /** The room as a member opened it: the sweat answer and the week's games. */
  sweat: LeagueSweat;
  /** The game whose score the bench moves: an update is named by its score and status. */
  gameId: string;
  games: Game[];
}
interface GamesMessage {
  type: "odds_update" | "scores_update";
  version: number;
  previous: number | null;
  games: Game[] | null;
}

const lines = console[Symbol.asyncIterator]();
const settings = JSON.parse((await lines.next()).value as string) as Settings;
const { origin, sockets, cookies, sweat } = settings;

/** Per update of the bench's game ("7-10 live"): when each socket got it. */
const received = new Map<string, number[]>();
/** Per update: the room's work for it in one browser (ms), and the picks still live in the room then. */
const applied = new Map<string, { ms: number; live: number }>();
let refetches = 0;
let week = settings.games;

const legText = (leg: Parameters<Parameters<typeof sweatLine>[3]>[0]) =>
  pickText({ ...leg, subject: leg.prop?.playerName, propType: leg.prop?.propType });

/** What the member's browser does with an update: the games in place, the room worked out again. */
function applyToRoom(name: string, update: GamesMessage & { games: Game[] }) {
  const t = performance.now();
  const changed = new Map(update.games.map((g) => [g.id, g]));
  week = week.map((g) => changed.get(g.id) ?? g);
  const states = gameStates(week);
  const now = Date.now();
  const view = sweatView(
    sweat.picks.map((pick) => sweatLine(pick, states, now, legText)),
    [],
  );
  const ms = performance.now() - t;
  applied.set(name, { ms, live: view.standings.reduce((n, r) => n + r.live, 0) });
}

const url = `${origin.replace("http", "ws")}/ws`;
const open: WebSocket[] = [];
for (let opened = 0; opened < sockets; ) {
  const batch = Math.min(200, sockets - opened);
  await Promise.all(
    Array.from(
      { length: batch },
      (_, k) =>
        new Promise<void>((resolve, reject) => {
          const n = opened + k;
          const headers: Record<string, string> = {
            origin,
            "x-forwarded-for": `10.9.${n >> 8}.${n & 255}`,
          };
          if (cookies.length > 0) headers.cookie = cookies[n % cookies.length]!;
          const ws = new WebSocket(url, { headers } as unknown as string[]);
          let lastVersion: number | null = null;
          ws.addEventListener("message", (e) => {
            const at = Date.now();
            const message = JSON.parse(String(e.data)) as { type: string };
            if (message.type === "hello") return resolve();
            if (message.type !== "odds_update" && message.type !== "scores_update") return;
            const update = message as GamesMessage;
            const follows = update.games !== null && (lastVersion === null || update.previous === lastVersion);
            lastVersion = update.version;
            if (!follows) refetches += 2;
            const game = update.games?.find((g) => g.id === settings.gameId);
            if (!game) return;
            const name = `${game.awayScore}-${game.homeScore} ${game.status}`;
            let times = received.get(name);
            if (!times) received.set(name, (times = []));
            times.push(at);
            if (n === 0) applyToRoom(name, update as GamesMessage & { games: Game[] });
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
console.log(
  JSON.stringify({
    sockets: open.length,
    updates: Object.fromEntries(
      [...received].map(([name, times]) => [
        name,
        { count: times.length, last: Math.max(...times), room: applied.get(name) ?? null },
      ]),
    ),
    refetches,
  }),
);
for (const ws of open) ws.close();
process.exit(0);
