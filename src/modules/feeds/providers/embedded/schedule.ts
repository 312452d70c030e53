/**
 * A season's 272 games. The matchups follow the NFL's formula, so every team plays 17 games
 * (6 division, 4 against a rotating division of its conference, 4 against a rotating division
 * of the other conference, 2 same-place conference games, 1 same-place game across conferences)
 * and home games come out at 8 or 9. The formula splits naturally into 17 rounds in which all
 * 32 teams play once. Rounds go to weeks; byes come from one extra week between 5 and 14 that
 * takes one or two games from each of the other nine weeks of that span.
 */

import type { ScheduledGame } from "../../provider.ts";
import { WEEKS } from "../../../../shared/games.ts";
import { kickoff, type Slot } from "./kickoffs.ts";
import { type SeasonRatings, ratingOf } from "./ratings.ts";
import { Rng, at, compareText } from "./random.ts";
import { CONFERENCES, type Conference, DIVISIONS, SHARED_STADIUMS, divisionTeams, teamByAbbr } from "./teams.ts";

/** [home, away] abbreviations. */
export type Pairing = readonly [home: string, away: string];

interface Round {
  id: string;
  games: Pairing[];
}

export const FIRST_BYE_WEEK = 5;
export const LAST_BYE_WEEK = 14;

export function providerIdOf(season: number, week: number, away: string, home: string): string {
  return `emb-${season}-w${String(week).padStart(2, "0")}-${away}-${home}`;
}

/** The season and week an embedded providerId names, or null for anyone else's id. */
export function parseProviderId(providerId: string): { season: number; week: number } | null {
  const match = /^emb-(\d{4})-w(\d{2})-[A-Z]{2,3}-[A-Z]{2,3}$/.exec(providerId);
  if (!match) return null;
  return { season: Number(match[1]), week: Number(match[2]) };
}

// Division index pairs that meet within a conference, by season modulo 3.
const CONFERENCE_PAIRINGS: readonly (readonly [readonly [number, number], readonly [number, number]])[] = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [0, 2],
    [1, 3],
  ],
  [
    [0, 3],
    [1, 2],
  ],
];

/** The 17 rounds of a season, each a perfect matching of the 32 teams. */
function buildRounds(season: number, rng: Rng): { rounds: Round[]; divisionLegs: [first: string, second: string][] } {
  // "Place" stands in for last season's finish: a seeded order within each division.
  const places = new Map<Conference, string[][]>(
    CONFERENCES.map((conference) => [
      conference,
      DIVISIONS.map((division) => rng.shuffle(divisionTeams(conference, division).map((t) => t.abbr))),
    ]),
  );
  const division = (conference: Conference, index: number): string[] => at(places.get(conference) ?? [], index);
  const odd = season % 2;

  const rounds: Round[] = [];
  const divisionLegs: [string, string][] = [];
  // Division: K4 splits into three perfect matchings; each is played twice with home and away swapped.
  const factors: readonly (readonly [number, number])[][] = [
    [
      [0, 1],
      [2, 3],
    ],
    [
      [0, 2],
      [1, 3],
    ],
    [
      [0, 3],
      [1, 2],
    ],
  ];
  factors.forEach((factor, k) => {
    const first: Pairing[] = [];
    const second: Pairing[] = [];
    for (const conference of CONFERENCES) {
      for (let d = 0; d < 4; d++) {
        const teams = division(conference, d);
        for (const [i, j] of factor) {
          const [a, b] = rng.chance(0.5) ? [at(teams, i), at(teams, j)] : [at(teams, j), at(teams, i)];
          first.push([a, b]);
          second.push([b, a]);
        }
      }
    }
    rounds.push({ id: `div${k}a`, games: first }, { id: `div${k}b`, games: second });
    divisionLegs.push([`div${k}a`, `div${k}b`]);
  });

  // Within the conference: a whole rotating division (4 games), then the same-place teams of
  // the other two divisions (2 games, one home one away: a 4-cycle a→c→b→d→a of hosts).
  const [[pa, pb], [pc, pd]] = at(CONFERENCE_PAIRINGS, season % 3);
  for (let k = 0; k < 4; k++) {
    const games: Pairing[] = [];
    for (const conference of CONFERENCES) {
      for (const [x, y] of [
        [pa, pb],
        [pc, pd],
      ] as const) {
        const xs = division(conference, x);
        const ys = division(conference, y);
        for (let i = 0; i < 4; i++) {
          const j = (i + k) % 4;
          games.push((i + j + odd) % 2 === 0 ? [at(xs, i), at(ys, j)] : [at(ys, j), at(xs, i)]);
        }
      }
    }
    rounds.push({ id: `conf${k}`, games });
  }
  const samePlace1: Pairing[] = [];
  const samePlace2: Pairing[] = [];
  for (const conference of CONFERENCES) {
    const [a, b, c, d] = [
      division(conference, pa),
      division(conference, pb),
      division(conference, pc),
      division(conference, pd),
    ];
    for (let p = 0; p < 4; p++) {
      samePlace1.push([at(a, p), at(c, p)], [at(b, p), at(d, p)]);
      samePlace2.push([at(c, p), at(b, p)], [at(d, p), at(a, p)]);
    }
  }
  rounds.push({ id: "place1", games: samePlace1 }, { id: "place2", games: samePlace2 });

  // Across conferences: a rotating division (4 games), and the 17th game against the same-place
  // team of another division, hosted by the AFC in even seasons.
  for (let k = 0; k < 4; k++) {
    const games: Pairing[] = [];
    for (let d = 0; d < 4; d++) {
      const afc = division("AFC", d);
      const nfc = division("NFC", (d + season) % 4);
      for (let i = 0; i < 4; i++) {
        const a = at(afc, i);
        const n = at(nfc, (i + k) % 4);
        games.push((k + odd) % 2 === 0 ? [a, n] : [n, a]);
      }
    }
    rounds.push({ id: `inter${k}`, games });
  }
  const extra: Pairing[] = [];
  for (let d = 0; d < 4; d++) {
    const afc = division("AFC", d);
    const nfc = division("NFC", (d + season + 2) % 4);
    for (let p = 0; p < 4; p++) extra.push(odd === 0 ? [at(afc, p), at(nfc, p)] : [at(nfc, p), at(afc, p)]);
  }
  rounds.push({ id: "seventeenth", games: extra });
  return { rounds, divisionLegs };
}

/** Which round each week plays; the extra (bye) week has none. */
function assignRounds(
  rounds: Round[],
  divisionLegs: [string, string][],
  rng: Rng,
): { byWeek: Map<number, Round>; extraWeek: number } {
  const extraWeek = rng.int(FIRST_BYE_WEEK, LAST_BYE_WEEK);
  // Week 18 is all division games, as in the NFL: one division return round.
  const finalLeg = rng.pick(divisionLegs);
  const finalRound = rounds.find((r) => r.id === finalLeg[1]);
  if (!finalRound) throw new Error("no final round");
  const rest = rounds.filter((r) => r !== finalRound);
  const weeks: number[] = [];
  for (let w = 1; w < WEEKS; w++) if (w !== extraWeek) weeks.push(w);

  let order = rest;
  let weekOf = new Map<string, number>();
  const place = (candidate: Round[]) => {
    weekOf = new Map(candidate.map((r, i) => [r.id, at(weeks, i)]));
    weekOf.set(finalRound.id, WEEKS);
  };
  // Rematches of division opponents come at least three weeks after the first meeting.
  const spaced = () =>
    divisionLegs.every(([first, second]) => (weekOf.get(first) ?? 0) + 3 <= (weekOf.get(second) ?? 0));
  let found = false;
  for (let attempt = 0; attempt < 500 && !found; attempt++) {
    order = rng.shuffle(rest);
    place(order);
    found = spaced();
  }
  if (!found) {
    // Practically unreachable; still keep first legs before return legs.
    place(order);
    for (const [first, second] of divisionLegs) {
      const i = order.findIndex((r) => r.id === first);
      const j = order.findIndex((r) => r.id === second);
      if (i >= 0 && j >= 0 && i > j) [order[i], order[j]] = [at(order, j), at(order, i)];
    }
    place(order);
  }
  const byWeek = new Map<number, Round>();
  for (const round of [...order, finalRound]) byWeek.set(weekOf.get(round.id) ?? 0, round);
  return { byWeek, extraWeek };
}

/**
 * Games that move from their round's week to the extra week: disjoint (nobody plays twice in the
 * extra week), one or two from each of the other bye-span weeks. Their teams rest in the week
 * the game left; teams with no moved game rest in the extra week. Depth-first with a budget.
 */
function chooseMovedGames(
  byeWeeks: { week: number; games: Pairing[]; count: number }[],
  rng: Rng,
): Map<number, Pairing[]> | null {
  const candidates = byeWeeks.map((w) => rng.shuffle(w.games));
  const chosen: Pairing[][] = byeWeeks.map(() => []);
  const used = new Set<string>();
  let budget = 50_000;
  const search = (wi: number, start: number): boolean => {
    if (wi === byeWeeks.length) return true;
    const target = at(byeWeeks, wi).count;
    const picks = at(chosen, wi);
    if (picks.length === target) return search(wi + 1, 0);
    const games = at(candidates, wi);
    for (let i = start; i < games.length; i++) {
      if (--budget < 0) return false;
      const game = at(games, i);
      if (used.has(game[0]) || used.has(game[1])) continue;
      picks.push(game);
      used.add(game[0]);
      used.add(game[1]);
      if (search(wi, i + 1)) return true;
      picks.pop();
      used.delete(game[0]);
      used.delete(game[1]);
    }
    return false;
  };
  if (!search(0, 0)) return null;
  return new Map(byeWeeks.map((w, i) => [w.week, at(chosen, i)]));
}

/** Kick-off slots for one week's games, in the same order. */
function assignSlots(
  week: number,
  games: readonly Pairing[],
  ratings: SeasonRatings,
  rng: Rng,
  mondayLastWeek: ReadonlySet<string>,
): Slot[] {
  // Western hosts must play late or in prime time; when many host the same week, prime time
  // takes some of them so that 1 pm stays the busiest window.
  const westHosts = games.filter(([h]) => teamByAbbr(h).west).length;
  const westBonus = westHosts > 4 ? 20 : 0;
  const appeal = games.map(
    ([h, a]) =>
      ratingOf(ratings, h).power + ratingOf(ratings, a).power + rng.normal(0, 4) + (teamByAbbr(h).west ? westBonus : 0),
  );
  const byAppeal = games.map((_, i) => i).sort((x, y) => at(appeal, y) - at(appeal, x));
  const slots: (Slot | undefined)[] = games.map(() => undefined);
  const free = () => byAppeal.filter((i) => slots[i] === undefined);
  const last = week === WEEKS;

  const take = (slot: Slot, eligible: (i: number) => boolean = () => true) => {
    const index = free().find(eligible);
    if (index !== undefined) slots[index] = slot;
  };
  take("sunday-night");
  if (!last) {
    take("monday");
    // No team goes from a Monday night game straight into a Thursday game.
    take("thursday", (i) => !mondayLastWeek.has(at(games, i)[0]) && !mondayLastWeek.has(at(games, i)[1]));
    if (!slots.includes("thursday")) take("thursday");
  }
  // Western hosts play in the late window; the late window always has at least three games.
  const late = free().filter((i) => teamByAbbr(at(games, i)[0]).west);
  for (const i of free()) if (late.length < 3 && !late.includes(i)) late.push(i);
  late.sort((x, y) => at(appeal, y) - at(appeal, x));
  late.forEach((i, n) => {
    slots[i] = last || n < Math.ceil(late.length / 2) ? "late425" : "late405";
  });
  for (const i of free()) slots[i] = "early";

  // Two teams sharing a stadium cannot both be home at the same time.
  for (const [x, y] of SHARED_STADIUMS) {
    const ix = games.findIndex(([h]) => h === x);
    const iy = games.findIndex(([h]) => h === y);
    if (ix < 0 || iy < 0 || slots[ix] !== slots[iy]) continue;
    const current = slots[iy];
    if (current === "early") slots[iy] = "late425";
    else if (current === "late405") slots[iy] = "late425";
    else if (!last) slots[iy] = "late405";
    else {
      // Week 18 has one late kick-off time: one of the two takes the Sunday night game's place.
      const night = slots.indexOf("sunday-night");
      slots[night] = "late425";
      slots[iy] = "sunday-night";
    }
  }
  return slots.map((s) => s ?? "early");
}

/** Every regular-season game of `season`, ordered by kick-off then home team. */
export function buildSchedule(season: number, ratings: SeasonRatings): ScheduledGame[] {
  const rng = new Rng(`emb:${season}:schedule`);
  const { rounds, divisionLegs } = buildRounds(season, rng);
  const { byWeek, extraWeek } = assignRounds(rounds, divisionLegs, rng);

  const spanWeeks: number[] = [];
  for (let w = FIRST_BYE_WEEK; w <= LAST_BYE_WEEK; w++) if (w !== extraWeek) spanWeeks.push(w);
  let moved: Map<number, Pairing[]> | null = null;
  for (let attempt = 0; attempt < 20 && !moved; attempt++) {
    // 14 or 15 games in the extra week: five or six other weeks give two games, the rest one.
    const doubles = new Set(rng.shuffle(spanWeeks).slice(0, rng.chance(0.5) ? 5 : 6));
    moved = chooseMovedGames(
      spanWeeks.map((week) => ({ week, games: byWeek.get(week)?.games ?? [], count: doubles.has(week) ? 2 : 1 })),
      rng,
    );
  }
  if (!moved) throw new Error(`could not place the byes of season ${season}`);

  const weekGames = new Map<number, Pairing[]>();
  for (let week = 1; week <= WEEKS; week++) {
    if (week === extraWeek) {
      weekGames.set(week, [...moved.values()].flat());
    } else {
      const out = new Set(moved.get(week) ?? []);
      weekGames.set(
        week,
        (byWeek.get(week)?.games ?? []).filter((g) => !out.has(g)),
      );
    }
  }

  const games: ScheduledGame[] = [];
  let mondayTeams = new Set<string>();
  for (let week = 1; week <= WEEKS; week++) {
    const pairings = weekGames.get(week) ?? [];
    const slots = assignSlots(week, pairings, ratings, rng, mondayTeams);
    mondayTeams = new Set();
    pairings.forEach(([home, away], i) => {
      const slot = at(slots, i);
      if (slot === "monday") mondayTeams = new Set([home, away]);
      games.push({
        providerId: providerIdOf(season, week, away, home),
        season,
        week,
        homeTeam: teamByAbbr(home).name,
        awayTeam: teamByAbbr(away).name,
        homeAbbr: home,
        awayAbbr: away,
        commenceTime: kickoff(season, week, slot).toISOString(),
      });
    });
  }
  return games.sort((x, y) => compareText(x.commenceTime, y.commenceTime) || compareText(x.homeAbbr, y.homeAbbr));
}
