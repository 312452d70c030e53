/**
 * The sweat room (issue 44 item 4), pure: the week's revealed open picks grouped by game, each with
 * its game's score and where it stands ("covering by 3.5"), parlays leg by leg, and standings that
 * move as games end ("pat +2.7U, 2 live"). Recomputed in the browser from the week's games, which the
 * live channel keeps in place (lib/queries.ts putGamesInPlace): a score or a final needs no request.
 * A pick on a final game is graded here by the server's own rule (shared/cover.ts, the sign of the
 * margin; a parlay by shared/parlays.ts) until the league's answers are next asked for.
 */
import type { LeaguePick } from "../../../shared/contract/league-feed.ts";
import type { Game } from "../../../shared/contract/games.ts";
import type { StandingsRow } from "../../../shared/contract/leagues.ts";
import { coverMargin } from "../../../shared/cover.ts";
import { potentialWinCents, stringToCents, UNIT_CENTS } from "../../../shared/money.ts";
import { parlayWinCents, settleParlay } from "../../../shared/parlays.ts";
import { type CoverTone, coverStatusText, coverTone, finalCoverText } from "../../lib/cover-status.ts";

export type GamePhase = "upcoming" | "live" | "final";
export type Grade = "pending" | "won" | "lost" | "push";

/** A game as the sweat room follows it: its teams, score and phase. */
export interface SweatGameState {
  id: string;
  awayTeam: string;
  homeTeam: string;
  awayAbbr: string;
  homeAbbr: string;
  commenceTime: string;
  phase: GamePhase;
  awayScore: number | null;
  homeScore: number | null;
  liveStatus: string | null;
}

type PickGame = LeaguePick["game"];

/** The week's games by id, as the games answer (kept live by the socket) has them. */
export function gameStates(games: readonly Game[] | undefined): Map<string, SweatGameState> {
  const states = new Map<string, SweatGameState>();
  for (const g of games ?? []) {
    states.set(g.id, {
      id: g.id,
      awayTeam: g.awayTeam,
      homeTeam: g.homeTeam,
      awayAbbr: g.awayAbbr,
      homeAbbr: g.homeAbbr,
      commenceTime: g.commenceTime,
      phase: g.status === "completed" ? "final" : g.status === "live" ? "live" : "upcoming",
      awayScore: g.awayScore,
      homeScore: g.homeScore,
      liveStatus: g.liveStatus ?? null,
    });
  }
  return states;
}

/** A game the week's list lacks (a parlay leg of an earlier week): as the pick carries it. */
function fromPick(id: string, game: PickGame, now: number): SweatGameState {
  const started = Date.parse(game.commenceTime) <= now;
  return {
    id,
    ...game,
    phase: started ? "live" : "upcoming",
    liveStatus: game.liveStatus ?? null,
  };
}

/** One pick (or a parlay's leg) against its game. */
export interface SweatLeg {
  gameId: string;
  text: string;
  betType: string;
  selection: string;
  game: SweatGameState;
  grade: Grade;
  /** "covering by 3.5"; null before kick-off or for a pick no score decides (a prop). */
  cover: string | null;
  tone: CoverTone | null;
}

export interface SweatLine {
  pick: LeaguePick;
  /** A straight pick: its one leg; a parlay: every leg in order. */
  legs: SweatLeg[];
  grade: Grade;
  /** The profit once graded here (cents); null while in play. */
  profitCents: number | null;
}

export interface SweatGroup {
  /** A game's id, or "parlays". */
  key: string;
  game: SweatGameState | null;
  lines: SweatLine[];
}

export interface SweatStanding {
  userId: number;
  username: string;
  unitsCents: number;
  /** Picks still in play (not graded). */
  live: number;
}

export interface SweatView {
  groups: SweatGroup[];
  standings: SweatStanding[];
}

const gradeOf = (margin: number): Exclude<Grade, "pending"> => (margin > 0 ? "won" : margin < 0 ? "lost" : "push");

export interface LegInput {
  gameId: string;
  betType: string;
  selection: string;
  point: string | null;
  status: Grade;
  game: PickGame;
}

function legOf(leg: LegInput, text: string, games: Map<string, SweatGameState>, now: number): SweatLeg {
  const game = games.get(leg.gameId) ?? fromPick(leg.gameId, leg.game, now);
  const scored =
    game.phase !== "upcoming" && game.homeScore !== null && game.awayScore !== null
      ? coverMargin(
          { betType: leg.betType, selection: leg.selection, point: leg.point === null ? null : Number(leg.point) },
          {
            homeTeam: game.homeTeam,
            awayTeam: game.awayTeam,
            homeScore: game.homeScore,
            awayScore: game.awayScore,
          },
        )
      : null;
  const final = game.phase === "final";
  // A leg the server graded already keeps its grade; a final score grades what a score decides.
  const grade: Grade = leg.status !== "pending" ? leg.status : final && scored !== null ? gradeOf(scored) : "pending";
  return {
    gameId: leg.gameId,
    text,
    betType: leg.betType,
    selection: leg.selection,
    game,
    grade,
    cover:
      scored === null
        ? null
        : final
          ? finalCoverText(scored, leg.betType, leg.selection)
          : coverStatusText({ betType: leg.betType, selection: leg.selection, point: leg.point }, game),
    tone: coverTone(scored),
  };
}

/** What a straight pick books at its grade: the potential win at its price, the stake, or nothing. */
function straightProfit(pick: LeaguePick, grade: Grade): number | null {
  const wager = stringToCents(pick.wagerAmount);
  if (grade === "won") return potentialWinCents(wager, Number(pick.odds));
  if (grade === "lost") return -wager;
  return grade === "push" ? 0 : null;
}

/**
 * One pick as the room shows it. `textOf` writes a pick or a leg in words (the feed's words), passed
 * in so this stays free of the screen's formatting.
 */
export function sweatLine(
  pick: LeaguePick,
  games: Map<string, SweatGameState>,
  now: number,
  textOf: (leg: Omit<LegInput, "status" | "game"> & { prop: LeaguePick["prop"] }) => string,
): SweatLine {
  if (!pick.legs) {
    const leg = legOf({ ...pick, status: "pending" }, textOf(pick), games, now);
    return { pick, legs: [leg], grade: leg.grade, profitCents: straightProfit(pick, leg.grade) };
  }
  const legs = pick.legs.map((leg) => legOf(leg, textOf(leg), games, now));
  const wager = stringToCents(pick.wagerAmount);
  const odds = pick.legs.map((leg) => Number(leg.odds));
  const { status, resultCents } = settleParlay(
    legs.map((leg, i) => ({ status: leg.grade, odds: odds[i]! })),
    wager,
    parlayWinCents(wager, odds),
  );
  return { pick, legs, grade: status, profitCents: resultCents };
}

const PHASE_ORDER: Record<GamePhase, number> = { live: 0, upcoming: 1, final: 2 };

/**
 * The room: picks grouped by game (live games first, then those to come by kick-off, then the
 * finished), parlays in a group of their own; and the week's standings moved by what graded here.
 * `base`: the week's standings as the server counted them (settled bets only: a pick in the room is
 * pending there, so adding its grade here counts it once).
 */
export function sweatView(
  lines: readonly SweatLine[],
  base: readonly Pick<StandingsRow, "userId" | "username" | "unitsWon">[],
): SweatView {
  const groups = new Map<string, SweatGroup>();
  for (const line of lines) {
    const key = line.pick.legs ? "parlays" : line.legs[0]!.gameId;
    let group = groups.get(key);
    if (!group) {
      group = { key, game: line.pick.legs ? null : line.legs[0]!.game, lines: [] };
      groups.set(key, group);
    }
    group.lines.push(line);
  }
  const ordered = [...groups.values()].sort((a, b) => {
    if (!a.game || !b.game) return a.game ? -1 : b.game ? 1 : 0;
    return (
      PHASE_ORDER[a.game.phase] - PHASE_ORDER[b.game.phase] ||
      Date.parse(a.game.commenceTime) - Date.parse(b.game.commenceTime) ||
      a.key.localeCompare(b.key)
    );
  });
  for (const group of ordered)
    group.lines.sort((a, b) => a.pick.player.username.localeCompare(b.pick.player.username) || a.pick.id - b.pick.id);

  const rows = new Map<number, SweatStanding>(
    base.map((r) => [
      r.userId,
      { userId: r.userId, username: r.username, unitsCents: Math.round(Number(r.unitsWon) * UNIT_CENTS), live: 0 },
    ]),
  );
  for (const line of lines) {
    const { userId, username } = line.pick.player;
    let row = rows.get(userId);
    if (!row) {
      row = { userId, username, unitsCents: 0, live: 0 };
      rows.set(userId, row);
    }
    if (line.profitCents === null) row.live += 1;
    else row.unitsCents += line.profitCents;
  }
  const standings = [...rows.values()].sort(
    (a, b) => b.unitsCents - a.unitsCents || b.live - a.live || a.username.localeCompare(b.username),
  );
  return { groups: ordered, standings };
}

/** "+2.7U", "-1U", "0U": units with at most one decimal. */
export function shortUnits(cents: number): string {
  const units = Math.round((cents / UNIT_CENTS) * 10) / 10;
  return `${units > 0 ? "+" : ""}${units === 0 ? 0 : units}U`;
}

/** "pat +2.7U, 2 live"; "pat +2.7U" when nothing of theirs is in play. */
export function standingText(row: SweatStanding): string {
  return `${row.username} ${shortUnits(row.unitsCents)}${row.live > 0 ? `, ${row.live} live` : ""}`;
}

/** "KC 7 – 10 BUF · Q2 - 4:12", "KC 24 – 27 BUF · Final"; null before kick-off. */
export function scoreText(game: SweatGameState): string | null {
  if (game.phase === "upcoming" || game.awayScore === null || game.homeScore === null) return null;
  const where = game.phase === "final" ? "Final" : (game.liveStatus ?? "Live");
  return `${game.awayAbbr} ${game.awayScore} – ${game.homeScore} ${game.homeAbbr} · ${where}`;
}
