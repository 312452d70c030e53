/** Pure rules for bot players: who they are and which plausible bets they make. Deterministic. */
import { mulberry32 } from "../../lib/random.ts";

const FIRST = [
  "mike",
  "dave",
  "chris",
  "jess",
  "tony",
  "kara",
  "ben",
  "luis",
  "nate",
  "sam",
  "ray",
  "dana",
  "eric",
  "tina",
  "joe",
  "ali",
  "greg",
  "maya",
  "paul",
  "rob",
];
const LAST = [
  "thompson",
  "garcia",
  "miller",
  "nguyen",
  "walker",
  "brooks",
  "reyes",
  "carter",
  "hayes",
  "price",
  "bennett",
  "ortiz",
  "foster",
  "sanders",
  "kim",
  "ward",
  "perry",
  "cole",
  "diaz",
  "long",
];
const HANDLES = [
  "gridiron",
  "endzone",
  "blitz",
  "redzone",
  "sunday",
  "pickem",
  "underdog",
  "parlay",
  "twominute",
  "hailmary",
];

export const BOT_EMAIL_DOMAIN = "bots.nfl-paper-trading.invalid";

/** The i-th bot's name: realistic, and unique because each one carries its own (first, last) pair. */
export function botUsername(i: number): string {
  const f = i % FIRST.length;
  const l = Math.floor(i / FIRST.length) % LAST.length;
  const round = Math.floor(i / (FIRST.length * LAST.length));
  const first = FIRST[f]!;
  const last = LAST[l]!;
  const suffix = round > 0 ? `x${round}` : "";
  switch (i % 3) {
    case 0:
      return `${first}_${last}${suffix}`;
    case 1:
      return `${first}${last[0]}${l + 10}${suffix}`;
    default:
      return `${HANDLES[l % HANDLES.length]}_${first}${l + 1}${suffix}`;
  }
}

export function botEmail(username: string): string {
  return `${username.toLowerCase()}@${BOT_EMAIL_DOMAIN}`;
}

export interface PricedGameView {
  id: string;
  homeTeam: string;
  awayTeam: string;
  odds: { marketType: "spreads" | "totals" | "h2h"; outcomes: { name: string; price: number; point?: number }[] }[];
  playerProps: { id: number; line: number; overOdds: number; underOdds: number }[];
}

export interface BotPick {
  gameId: string;
  betType: "spread" | "total" | "moneyline" | "prop";
  selection: string;
  propId: number | null;
  odds: number;
  point: number | null;
  units: 1 | 2 | 3;
}

/** One plausible pick on a game: spreads most often, favourites a little more often, units mostly 1. */
export function pickFor(game: PricedGameView, random: () => number): BotPick | null {
  const units = (random() < 0.6 ? 1 : random() < 0.75 ? 2 : 3) as 1 | 2 | 3;
  const roll = random();
  if (roll < 0.12 && game.playerProps.length > 0) {
    const prop = game.playerProps[Math.floor(random() * game.playerProps.length)]!;
    const over = random() < 0.55;
    return {
      gameId: game.id,
      betType: "prop",
      selection: over ? "Over" : "Under",
      propId: prop.id,
      odds: over ? prop.overOdds : prop.underOdds,
      point: prop.line,
      units,
    };
  }
  const marketType = roll < 0.55 ? "spreads" : roll < 0.8 ? "totals" : "h2h";
  const market = game.odds.find((m) => m.marketType === marketType);
  if (!market || market.outcomes.length < 2) return null;
  const favourite = [...market.outcomes].sort((a, b) => a.price - b.price)[0]!;
  const other = market.outcomes.find((o) => o !== favourite)!;
  const outcome =
    marketType === "totals" ? market.outcomes[random() < 0.5 ? 0 : 1]! : random() < 0.58 ? favourite : other;
  const betType = marketType === "spreads" ? "spread" : marketType === "totals" ? "total" : "moneyline";
  return {
    gameId: game.id,
    betType,
    selection: outcome.name,
    propId: null,
    odds: outcome.price,
    point: betType === "moneyline" ? null : (outcome.point ?? null),
    units,
  };
}

/** A bot's picks for a week: every game but one (spec §2 Bot Management), varied and reproducible. */
export function picksForWeek(games: readonly PricedGameView[], botId: number, week: number): BotPick[] {
  const random = mulberry32(botId * 1000 + week);
  const skip = games.length > 1 ? Math.floor(random() * games.length) : -1;
  return games.flatMap((game, i) => {
    if (i === skip) return [];
    const pick = pickFor(game, random);
    return pick ? [pick] : [];
  });
}

/** The bots' weekly bets run on these days (US Eastern, the league's calendar): after Monday night, before Thursday. */
const EASTERN_DAY = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  weekday: "short",
  hour: "numeric",
  hourCycle: "h23",
});
const BETTING_DAYS = new Set(["Tue", "Wed"]);
const HOUR_MS = 60 * 60 * 1000;

function easternDayAndHour(at: Date): { day: string; hour: number } {
  const parts = EASTERN_DAY.formatToParts(at);
  return {
    day: parts.find((p) => p.type === "weekday")?.value ?? "",
    hour: Number(parts.find((p) => p.type === "hour")?.value ?? 0),
  };
}

/** Whether `at` falls on a Tuesday or Wednesday in US Eastern time, when the bots place the week's bets. */
export function isBotBettingDay(at: Date): boolean {
  return BETTING_DAYS.has(easternDayAndHour(at).day);
}

/** The next Tuesday 00:00 US Eastern after `at` (to the hour, daylight saving included). */
export function nextBotBettingDay(at: Date): Date {
  let t = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  for (let i = 0; i < 8 * 24; i += 1, t += HOUR_MS) {
    const { day, hour } = easternDayAndHour(new Date(t));
    if (day === "Tue" && hour === 0) return new Date(t);
  }
  return new Date(t);
}

/** A game as a bot's pool sheet reads it: its teams and moneylines. */
export interface PoolGameView {
  id: string;
  homeTeam: string;
  awayTeam: string;
  commenceTime: string;
  odds: readonly { marketType: string; outcomes: readonly { name: string; price: number }[] }[];
}

export interface BotPoolPick {
  gameId: string;
  selection: string;
  points: number | null;
}

const moneylines = (game: PoolGameView) => {
  const h2h = game.odds.find((m) => m.marketType === "h2h")?.outcomes ?? [];
  const price = (team: string) => h2h.find((o) => o.name === team)?.price ?? 100;
  return [
    { team: game.homeTeam, price: price(game.homeTeam) },
    { team: game.awayTeam, price: price(game.awayTeam) },
  ].sort((a, b) => a.price - b.price);
};

/**
 * A bot's sheet for a week of a pool (decision 0072), reproducible: in pick'em and confidence the
 * favourite about two times in three, the surest picks the most points; in survivor one of the three
 * biggest favourites it has not used (none when every team is used). A guess of the last game's total.
 */
export function poolSheetFor(
  format: "pickem" | "confidence" | "survivor",
  games: readonly PoolGameView[],
  botId: number,
  week: number,
  used: ReadonlySet<string> = new Set(),
): { picks: BotPoolPick[]; tiebreaker: number } {
  const random = mulberry32(botId * 7919 + week * 31 + format.length);
  const tiebreaker = 36 + Math.floor(random() * 18);
  if (format === "survivor") {
    const sides = games
      .flatMap((g) => moneylines(g).map((side) => ({ gameId: g.id, ...side })))
      .filter((s) => !used.has(s.team))
      .sort((a, b) => a.price - b.price)
      .slice(0, 3);
    const side = sides[Math.floor(random() * sides.length)];
    return { picks: side ? [{ gameId: side.gameId, selection: side.team, points: null }] : [], tiebreaker };
  }
  const picks = games.map((g) => {
    const [favourite, underdog] = moneylines(g);
    return {
      gameId: g.id,
      selection: random() < 0.66 ? favourite!.team : underdog!.team,
      sureness: -favourite!.price + random() * 80,
    };
  });
  const ranked = [...picks].sort((a, b) => a.sureness - b.sureness);
  return {
    picks: picks.map((p) => ({
      gameId: p.gameId,
      selection: p.selection,
      points: format === "confidence" ? ranked.indexOf(p) + 1 : null,
    })),
    tiebreaker,
  };
}
