/**
 * Live games updates (odds_update, scores_update) carry the changed games themselves: the shown
 * games and the bets beside them are put right in place, with no request. An update that does not
 * follow the last one seen (one was missed: a reconnect elsewhere) or that sends no games (too many
 * changed) is answered by refetching instead.
 */
import type { Bet } from "../../shared/contract/betting.ts";
import type { Game } from "../../shared/contract/games.ts";
import type { GamesUpdate } from "../../shared/contract/live.ts";

export interface GamesUpdateMessage extends GamesUpdate {
  version: number;
  previous: number | null;
}

let lastVersion: number | null = null;

/** Whether this update can be put in place (else refetch); it becomes the last one seen either way. */
export function followsLastUpdate(message: GamesUpdateMessage): message is GamesUpdateMessage & { games: Game[] } {
  const follows = message.games !== null && (lastVersion === null || message.previous === lastVersion);
  lastVersion = message.version;
  return follows;
}

/** At each (re)open the page refetches what it shows: the next update starts a new sequence. */
export function forgetLastUpdate(): void {
  lastVersion = null;
}

const byKickoff = (a: Game, b: Game) =>
  Date.parse(a.commenceTime) - Date.parse(b.commenceTime) || a.id.localeCompare(b.id);

/** A week's games with the updated ones in place (and new ones of that week in kick-off order); the same list when none concerns it. */
export function patchedWeek(list: readonly Game[], games: readonly Game[]): readonly Game[] {
  const week = list[0];
  if (!week) return list;
  const ofWeek = games.filter((g) => g.season === week.season && g.week === week.week);
  if (ofWeek.length === 0) return list;
  const updated = new Map(ofWeek.map((g) => [g.id, g]));
  const kept = list.map((g) => updated.get(g.id) ?? g);
  const added = ofWeek.filter((g) => !list.some((shown) => shown.id === g.id));
  return added.length === 0 ? kept : [...kept, ...added].sort(byKickoff);
}

type BetGame = Bet["game"];

function patchedGame(game: BetGame, updated: Game | undefined): BetGame {
  if (!updated) return game;
  return {
    ...game,
    commenceTime: updated.commenceTime,
    homeScore: updated.homeScore,
    awayScore: updated.awayScore,
    liveStatus: updated.liveStatus ?? null,
  };
}

/** Bets with their games' kick-off, score and state as the update says (a parlay's legs too); the same list when none concerns them. */
export function patchedBets(bets: readonly Bet[], games: readonly Game[]): readonly Bet[] {
  const updated = new Map(games.map((g) => [g.id, g]));
  const concerns = (bet: Bet) => updated.has(bet.gameId) || (bet.legs ?? []).some((leg) => updated.has(leg.gameId));
  if (!bets.some(concerns)) return bets;
  return bets.map((bet) =>
    concerns(bet)
      ? {
          ...bet,
          game: patchedGame(bet.game, updated.get(bet.gameId)),
          legs: bet.legs?.map((leg) => ({ ...leg, game: patchedGame(leg.game, updated.get(leg.gameId)) })) ?? null,
        }
      : bet,
  );
}
