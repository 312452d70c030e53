/**
 * What is worth a push and when (issue 31 item 3), without I/O: the defaults, the text of each kind,
 * quiet hours and the day the daily cap counts in the player's own time zone (which endpoints we post
 * to: shared/outbound-targets.ts).
 */
import { UNIT_CENTS } from "../../shared/money.ts";
import { picksText } from "../../shared/pools.ts";

export const PUSH_KINDS = [
  "settlements",
  "lockReminder",
  "friendRequests",
  "leagueInvitations",
  "leaguePicks",
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export interface Preferences {
  kinds: Record<PushKind, boolean>;
  dailyCap: number;
  /** "HH:MM" in `timeZone`; null = no quiet hours. */
  quietHours: { start: string; end: string } | null;
  timeZone: string;
}

export const DEFAULT_PREFERENCES: Preferences = {
  kinds: { settlements: true, lockReminder: true, friendRequests: true, leagueInvitations: true, leaguePicks: true },
  dailyCap: 6,
  quietHours: { start: "22:00", end: "08:00" },
  timeZone: "UTC",
};

export const MAX_DAILY_CAP = 50;
export const MAX_DEVICES = 10;
/** Settlements of one game arrive in chunks: the push waits this long for the rest of them. */
export const SETTLEMENT_MERGE_MS = 30_000;
/** A lock reminder goes out when the player's first unbet game is this close to kick-off. */
export const LOCK_LEAD_MS = 60 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** A push not sent within a day of being due is dropped: news that old is no news. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** What a push says, by kind: the data is what the job gathered (and merged) for it. */
export type PushData =
  | { kind: "settlements"; away: string; home: string; bets: number; profitCents: number }
  | { kind: "parlay"; legs: number; status: string; profitCents: number }
  | { kind: "lockReminder"; games: number; needed: number; minutes: number }
  | { kind: "friendRequests"; from: string }
  | { kind: "leagueInvitations"; from: string; league: string }
  | { kind: "picksRevealed"; league: string; leagueId: number; picks: number }
  | { kind: "pickTailed"; by: string; pick: string }
  | { kind: "comment"; from: string; league: string; leagueId: number; text: string; post: boolean }
  | { kind: "poolReminder"; league: string; leagueId: number; needed: number; minutes: number }
  | {
      kind: "survivorNews";
      league: string;
      leagueId: number;
      matchup: string;
      alive: number;
      of: number;
      out: string[];
    }
  | {
      kind: "leagueRecap";
      league: string;
      leagueId: number;
      week: number;
      winners: string[];
      /** The winners' units as the standings give them ("4.20"). */
      unitsWon: string;
      /** The biggest hit's player and units, when the week had a winning pick the league showed. */
      biggestHit: { player: string; units: number } | null;
    }
  | { kind: "test" };

export interface PushMessage {
  title: string;
  body: string;
  /** The app's page the notification opens. */
  url: string;
  /** A later push with the same tag replaces the earlier one on the device. */
  tag: string;
}

/** The kind a player's preference governs ("test" has none: it is always sent). */
export function preferenceKind(data: PushData): PushKind | null {
  if (data.kind === "parlay") return "settlements";
  // A league's talk that speaks to the player (a reply, a commissioner post) rides with its picks.
  if (
    data.kind === "picksRevealed" ||
    data.kind === "pickTailed" ||
    data.kind === "survivorNews" ||
    data.kind === "leagueRecap" ||
    data.kind === "comment"
  )
    return "leaguePicks";
  if (data.kind === "poolReminder") return "lockReminder";
  return data.kind === "test" ? null : data.kind;
}

/** "+2.4U", "-1U", "0U": a profit in units, one decimal at most. */
export function unitsText(cents: number): string {
  const units = Math.round((cents / UNIT_CENTS) * 10) / 10;
  return `${units > 0 ? "+" : ""}${units === 0 ? 0 : units}U`;
}

export function pushMessage(data: PushData, mergeKey: string): PushMessage {
  switch (data.kind) {
    case "settlements": {
      const bets = data.bets === 1 ? "1 bet" : `${data.bets} bets`;
      return {
        title: `${bets} settled on ${data.away} @ ${data.home}: ${unitsText(data.profitCents)}`,
        body: "See how they went in My Bets.",
        url: "/my-bets",
        tag: mergeKey,
      };
    }
    case "parlay":
      return {
        title: `Your ${data.legs}-leg parlay ${data.status === "won" ? "won" : data.status === "lost" ? "lost" : "pushed"}: ${unitsText(data.profitCents)}`,
        body: "See it in My Bets.",
        url: "/my-bets",
        tag: mergeKey,
      };
    case "lockReminder": {
      const games = data.games === 1 ? "1 game locks" : `${data.games} games lock`;
      const when = lockIn(data.minutes);
      return {
        title: `${games} in ${when} — ${data.needed} left to stay eligible`,
        body: "Bet them before kick-off to stay in the running for this week's prize.",
        url: "/",
        tag: mergeKey,
      };
    }
    case "friendRequests":
      return { title: "Friend request", body: `${data.from} wants to be friends`, url: "/friends", tag: mergeKey };
    case "leagueInvitations":
      return {
        title: "League invitation",
        body: `${data.from} invited you to ${data.league}`,
        url: "/leagues",
        tag: mergeKey,
      };
    case "picksRevealed":
      return {
        title: `${data.picks === 1 ? "1 pick" : `${data.picks} picks`} revealed in ${data.league}`,
        body: "See who took what, and at which price.",
        url: `/leagues/${data.leagueId}/picks`,
        tag: mergeKey,
      };
    case "pickTailed":
      return { title: `${data.by} tailed your pick`, body: data.pick, url: "/leagues", tag: mergeKey };
    case "comment":
      return {
        title: data.post ? `${data.from} posted in ${data.league}` : `${data.from} replied to you in ${data.league}`,
        body: data.text,
        url: `/leagues?league=${data.leagueId}`,
        tag: mergeKey,
      };
    case "poolReminder":
      return {
        title: `You still need ${picksText(data.needed)} in ${data.league} — first lock in ${lockIn(data.minutes)}`,
        body: "Make your picks before kick-off: each game locks as it starts.",
        url: `/leagues/${data.leagueId}/pool`,
        tag: mergeKey,
      };
    case "survivorNews":
      return {
        title: `${data.league}: ${data.alive} of ${data.of} still alive`,
        body:
          data.out.length === 0
            ? `Everyone who took ${data.matchup} survived.`
            : `${listText(data.out)} ${data.out.length === 1 ? "is" : "are"} out after ${data.matchup}.`,
        url: `/leagues/${data.leagueId}/pool`,
        tag: mergeKey,
      };
    case "leagueRecap": {
      const won = unitsText(Math.round(Number(data.unitsWon) * UNIT_CENTS));
      const who =
        data.winners.length === 1 ? `${data.winners[0]} won (${won})` : `${listText(data.winners)} tied (${won})`;
      const hit = data.biggestHit
        ? `Biggest hit: ${data.biggestHit.player} ${unitsText(Math.round(data.biggestHit.units * UNIT_CENTS))}. `
        : "";
      return {
        title: `Week ${data.week} in ${data.league}: ${who}`,
        body: `${hit}See the week in review.`,
        url: `/leagues/${data.leagueId}/recap?week=${data.week}`,
        tag: mergeKey,
      };
    }
    case "test":
      return {
        title: "Test notification",
        body: "Push works on this device. This is how settlements and reminders will look.",
        url: "/settings",
        tag: mergeKey,
      };
  }
}

/** "1 h" from 55 minutes on, else "N min" (at least 1). */
function lockIn(minutes: number): string {
  return minutes >= 55 ? "1 h" : `${Math.max(1, minutes)} min`;
}

/** "bob", "bob and carol", "bob, carol and dan". */
function listText(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The recap goes out on Tuesday from this hour, in each player's own time zone (issue 44 item 7). */
export const RECAP_HOUR = 9;

const weekdays = new Map<string, Intl.DateTimeFormat>();

/**
 * Whether `at` is Tuesday, from RECAP_HOUR on, in `zone`: the morning after Monday night's game,
 * when the week's recap is pushed (once: its merge key), held by quiet hours, counted by the daily cap.
 */
export function isRecapMorning(at: Date, zone: string): boolean {
  let format = weekdays.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short" });
    weekdays.set(zone, format);
  }
  return format.format(at) === "Tue" && wallClock(at, zone).minutes >= RECAP_HOUR * 60;
}

/** Whether `zone` is a time zone this runtime knows by its IANA name ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock date and minutes after midnight at `at` in `zone`. */
function wallClock(at: Date, zone: string): { year: number; month: number; day: number; minutes: number } {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year as number,
    month: parts.month as number,
    day: parts.day as number,
    minutes: (parts.hour as number) * 60 + (parts.minute as number),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * When the quiet hours holding a push at `at` end (the first minute outside them), or null when
 * `at` is outside them. Quiet hours may wrap midnight ("22:00"–"08:00"); start = end means none.
 */
export function quietUntil(at: Date, prefs: Pick<Preferences, "quietHours" | "timeZone">): Date | null {
  if (!prefs.quietHours) return null;
  const start = minutesOf(prefs.quietHours.start);
  const end = minutesOf(prefs.quietHours.end);
  if (start === end) return null;
  const now = wallClock(at, prefs.timeZone).minutes;
  const inside = start < end ? now >= start && now < end : now >= start || now < end;
  if (!inside) return null;
  // Walk forward a minute at a time from the next whole minute: exact across DST changes, and
  // at most a day of steps (run only for held pushes).
  let t = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + 60_000);
  for (let i = 0; i < 24 * 60 + 120; i++, t = new Date(t.getTime() + 60_000)) {
    if (wallClock(t, prefs.timeZone).minutes === end) return t;
  }
  return t;
}

/** The instant the player's local day containing `at` began (the daily cap counts from it). */
export function startOfLocalDay(at: Date, zone: string): Date {
  const here = wallClock(at, zone);
  // Midnight is `minutes` before now on the wall clock; step back and correct for a DST jump.
  let guess = new Date(Math.floor(at.getTime() / 60_000) * 60_000 - here.minutes * 60_000);
  for (let i = 0; i < 3; i++) {
    const seen = wallClock(guess, zone);
    if (seen.day === here.day && seen.minutes === 0) break;
    guess = new Date(guess.getTime() - (seen.day === here.day ? seen.minutes : seen.minutes - 24 * 60) * 60_000);
  }
  return guess;
}

/** Retry after a push service's transient failure: 30 s, 2 min, 8 min, 32 min. */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 4 ** Math.max(0, attempts - 1);
}
