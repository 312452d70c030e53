/**
 * Final scores and player stats. Each team's score is simulated drive by drive (touchdowns with
 * the extra point usually made, field goals, the odd safety), with the scoring rates set so the
 * expected points match the game's fair line; tied games go to a short overtime that rarely
 * ends level. Stats are drawn around each player's expected line and follow the score a little.
 */

import type { GameResult, PlayerStat, ScheduledGame } from "../../provider.ts";
import { type Line, homeWinProbability } from "./lines.ts";
import type { PropType } from "./players.ts";
import { type PropModel, TOUCHDOWN_SHARE, impliedPoints, propPlayers } from "./props.ts";
import { Rng, clamp } from "./random.ts";

/** A game counts as finished (final score known) this long after kick-off. */
export const RESULT_DELAY_MS = 3.5 * 60 * 60 * 1000;
/** Chance that a player with props does not play: his props are void. */
export const DID_NOT_PLAY = 0.03;

/** Minutes of game clock: four quarters, then a regular-season overtime. */
export const REGULATION_MINUTES = 60;
export const OVERTIME_MINUTES = 10;

/** One score of a team: the minute of game clock it came at (past 60 in overtime) and its points. */
export interface ScoringPlay {
  minute: number;
  points: number;
}

export interface Score {
  homeScore: number;
  awayScore: number;
  homeTouchdowns: number;
  awayTouchdowns: number;
  /** Each team's scores in game order; they add up to its final score (the play-out, playout.ts). */
  homePlays: ScoringPlay[];
  awayPlays: ScoringPlay[];
  /** Level after regulation: an overtime was played (even one that ended level). */
  overtime: boolean;
}

interface TeamScore {
  points: number;
  touchdowns: number;
  plays: ScoringPlay[];
}

/**
 * `timing` only places the scores on the clock (each drive in its share of regulation): its own
 * stream, so the scores themselves are what they were before the play-out existed.
 */
function teamScore(rng: Rng, timing: Rng, expected: number): TeamScore {
  const drives = rng.int(10, 12);
  const pTouchdown = clamp((expected * TOUCHDOWN_SHARE) / 7 / drives, 0, 0.6);
  const pFieldGoal = clamp((expected * (1 - TOUCHDOWN_SHARE)) / 3 / drives, 0, 0.35);
  let points = 0;
  let touchdowns = 0;
  const plays: ScoringPlay[] = [];
  const score = (drive: number, value: number) => {
    points += value;
    plays.push({ minute: ((drive + timing.next()) / drives) * REGULATION_MINUTES, points: value });
  };
  for (let d = 0; d < drives; d++) {
    const u = rng.next();
    if (u < pTouchdown) {
      touchdowns++;
      const after = rng.next(); // extra point made, missed, or a two-point conversion
      score(d, after < 0.93 ? 7 : after < 0.965 ? 6 : 8);
    } else if (u < pTouchdown + pFieldGoal) {
      score(d, 3);
    }
  }
  if (rng.chance(0.035)) score(timing.int(0, drives - 1), 2);
  plays.sort((a, b) => a.minute - b.minute);
  return { points, touchdowns, plays };
}

export function simulateScore(game: ScheduledGame, line: Line): Score {
  const rng = new Rng(`${game.providerId}:score`);
  const timing = new Rng(`${game.providerId}:timeline`);
  const expected = impliedPoints(line);
  const home = teamScore(rng, timing, expected.home);
  const away = teamScore(rng, timing, expected.away);
  const overtime = home.points === away.points;
  if (overtime && !rng.chance(0.06)) {
    // Overtime: closer to a coin flip than the game itself; a field goal or a touchdown ends it.
    const homeWins = rng.chance(0.5 + (homeWinProbability(line.spread) - 0.5) * 0.6);
    const winner = homeWins ? home : away;
    const points = rng.chance(0.65) ? 3 : 6;
    if (points === 6) winner.touchdowns++;
    winner.points += points;
    winner.plays.push({ minute: REGULATION_MINUTES + timing.next() * OVERTIME_MINUTES, points });
  }
  return {
    homeScore: home.points,
    awayScore: away.points,
    homeTouchdowns: home.touchdowns,
    awayTouchdowns: away.touchdowns,
    homePlays: home.plays,
    awayPlays: away.plays,
    overtime,
  };
}

/** Stats for every prop offered, except those of players who did not play. */
export function playerStats(game: ScheduledGame, props: readonly PropModel[], line: Line, score: Score): PlayerStat[] {
  const expectedPoints = impliedPoints(line);
  const stats: PlayerStat[] = [];
  for (const { player, expected } of propPlayers(props)) {
    const rng = new Rng(`${game.providerId}:stats:${player.name}`);
    if (rng.chance(DID_NOT_PLAY)) continue;
    const home = player.team === game.homeAbbr;
    const points = home ? score.homeScore : score.awayScore;
    const margin = home ? score.homeScore - score.awayScore : score.awayScore - score.homeScore;
    const touchdowns = home ? score.homeTouchdowns : score.awayTouchdowns;
    const implied = home ? expectedPoints.home : expectedPoints.away;
    // A team that scores more than expected moved the ball more than expected.
    const flow = clamp(1 + (0.4 * (points - implied)) / Math.max(implied, 10), 0.6, 1.5);
    // Passing volume follows the score only loosely: a team far ahead runs the clock out.
    const air = clamp(1 + (0.15 * (points - implied)) / Math.max(implied, 10), 0.8, 1.2);
    const ground = clamp(1 + 0.015 * margin, 0.6, 1.4);

    const receptions = Math.min(15, rng.poisson(expected.receptions * flow));
    const perCatch = expected.receptions > 0 ? expected.receiving_yards / expected.receptions : 0;
    let receivingYards = 0;
    for (let i = 0; i < receptions; i++) receivingYards += Math.max(-3, rng.normal(perCatch, 0.75 * perCatch));
    const teamTouchdownsExpected = Math.max(0.5, (implied * TOUCHDOWN_SHARE) / 7);
    const line: Record<PropType, number> = {
      passing_yards: clamp(Math.round(rng.normal(expected.passing_yards * air, 60)), 0, 550),
      passing_touchdowns: rng.binomial(
        touchdowns,
        clamp(expected.passing_touchdowns / teamTouchdownsExpected, 0.15, 0.9),
      ),
      rushing_yards: Math.max(
        -4,
        Math.round(
          rng.normal(
            expected.rushing_yards * (player.position === "RB" ? ground : 1),
            0.4 * expected.rushing_yards + 6,
          ),
        ),
      ),
      receptions,
      receiving_yards: Math.round(receivingYards),
    };
    for (const prop of props) {
      if (prop.player.name !== player.name) continue;
      stats.push({ playerName: player.name, propType: prop.type, value: line[prop.type] });
    }
  }
  return stats;
}

export function gameResult(
  game: ScheduledGame,
  props: readonly PropModel[],
  line: Line,
  score: Score = simulateScore(game, line),
): GameResult {
  return {
    providerId: game.providerId,
    homeScore: score.homeScore,
    awayScore: score.awayScore,
    playerStats: playerStats(game, props, line, score),
  };
}
