/**
 * Player props: three to six per game on the two teams' leading players. Each player gets an
 * expected stat line for this game (baseline scaled by how many points the team is expected to
 * score), and the prop line sits on the half point nearest that expectation.
 */

import type { ProviderProp, ScheduledGame } from "../../provider.ts";
import type { Line } from "./lines.ts";
import { probabilityToAmerican } from "./lines.ts";
import { type Player, PROP_TYPES, type PropType, playersOf, propTypesFor, slug } from "./players.ts";
import { Rng, clamp, compareText } from "./random.ts";

/** Points a team is expected to score, and a league-average team's. */
export const AVERAGE_TEAM_POINTS = 22;
/** Share of points that come from touchdowns (the rest field goals and safeties). */
export const TOUCHDOWN_SHARE = 0.78;

export type StatLine = Record<PropType, number>;

export interface PropModel {
  prop: ProviderProp;
  player: Player;
  type: PropType;
  /** The player's expected stats in this game. */
  expected: StatLine;
}

export function impliedPoints(line: Line): { home: number; away: number } {
  return { home: (line.total - line.spread) / 2, away: (line.total + line.spread) / 2 };
}

// Over/under prices around −110/−120; props carry a little more vig than sides.
const PRICE_PAIRS: readonly (readonly [number, number])[] = [
  [-110, -110],
  [-115, -105],
  [-105, -115],
  [-110, -120],
  [-120, -110],
  [-115, -115],
];

function expectedLine(player: Player, teamPoints: number, teamMargin: number, rng: Rng): StatLine {
  const volume =
    clamp(1 + (0.5 * (teamPoints - AVERAGE_TEAM_POINTS)) / AVERAGE_TEAM_POINTS, 0.85, 1.15) * (1 + rng.normal(0, 0.04));
  // Favourites run the ball more; underdogs throw.
  const ground = clamp(1 + 0.012 * teamMargin, 0.85, 1.15);
  return {
    // Books rarely hang a starting quarterback's yards below the mid-170s or near 300.
    passing_yards: player.passYards > 0 ? clamp(player.passYards * volume, 176, 299) : 0,
    passing_touchdowns: player.passTds * volume,
    rushing_yards: player.rushYards * (player.position === "RB" ? ground : 1) * volume,
    receptions: player.receptions * volume,
    receiving_yards: player.recYards * volume,
  };
}

function poissonCdf(k: number, mean: number): number {
  let p = Math.exp(-mean);
  let sum = p;
  for (let i = 1; i <= k; i++) {
    p *= mean / i;
    sum += p;
  }
  return sum;
}

function propLine(type: PropType, expected: number): number {
  if (type === "passing_touchdowns") return expected >= 2.2 ? 2.5 : expected < 1.15 ? 0.5 : 1.5;
  return Math.max(0.5, Math.floor(expected) + 0.5);
}

function propPrices(type: PropType, line: number, expected: number, rng: Rng): [over: number, under: number] {
  if (type === "passing_touchdowns") {
    // Touchdowns are lumpy: price the half-point line from the count's distribution, but keep
    // the prices within a book's usual range for a prop (about −155/+125).
    const over = clamp(1 - poissonCdf(Math.floor(line), expected), 0.42, 0.58);
    return [probabilityToAmerican(over + 0.025), probabilityToAmerican(1 - over + 0.025)];
  }
  const [over, under] = rng.pick(PRICE_PAIRS);
  return [over, under];
}

export function buildProps(game: ScheduledGame, line: Line): PropModel[] {
  const rng = new Rng(`${game.providerId}:props`);
  const points = impliedPoints(line);
  const candidates: { player: Player; type: PropType; expected: StatLine }[] = [];
  const headliners: typeof candidates = [];
  for (const [team, teamPoints, margin] of [
    [game.awayAbbr, points.away, line.spread],
    [game.homeAbbr, points.home, -line.spread],
  ] as const) {
    for (const player of playersOf(team)) {
      const expected = expectedLine(player, teamPoints, margin, rng);
      for (const type of propTypesFor(player)) {
        (player.position === "QB" && type === "passing_yards" ? headliners : candidates).push({
          player,
          type,
          expected,
        });
      }
    }
  }
  // Both quarterbacks' passing yards first (the market every book has), then a random few more.
  const count = rng.int(3, 6);
  const perPlayer = new Map<string, number>();
  const chosen: typeof candidates = [];
  for (const candidate of [...headliners, ...rng.shuffle(candidates)]) {
    if (chosen.length === count) break;
    const taken = perPlayer.get(candidate.player.name) ?? 0;
    if (taken >= 2) continue;
    perPlayer.set(candidate.player.name, taken + 1);
    chosen.push(candidate);
  }

  const teamOrder = (p: Player) => (p.team === game.awayAbbr ? 0 : 1);
  chosen.sort(
    (a, b) =>
      teamOrder(a.player) - teamOrder(b.player) ||
      PROP_TYPES.indexOf(a.type) - PROP_TYPES.indexOf(b.type) ||
      compareText(a.player.name, b.player.name),
  );
  return chosen.map(({ player, type, expected }) => {
    const line = propLine(type, expected[type]);
    const [overOdds, underOdds] = propPrices(type, line, expected[type], rng);
    return {
      player,
      type,
      expected,
      prop: {
        key: `${slug(player.name)}-${type}`,
        playerName: player.name,
        team: player.team,
        propType: type,
        line,
        overOdds,
        underOdds,
      },
    };
  });
}

/** The players a game's props are on, each once, in prop order. */
export function propPlayers(props: readonly PropModel[]): PropModel[] {
  const seen = new Set<string>();
  const players: PropModel[] = [];
  for (const p of props) {
    if (seen.has(p.player.name)) continue;
    seen.add(p.player.name);
    players.push(p);
  }
  return players;
}
