import type { PlayerProp } from "../../../shared/contract/games.ts";

/** What the admin typed for one prop: the player's figure, or that they did not play. */
export interface StatEntry {
  value: string;
  didNotPlay: boolean;
}

export type PlayerStat = { propId: number; value: number } | { propId: number; didNotPlay: true };

export interface ResolveBody {
  homeScore: number;
  awayScore: number;
  status: "completed";
  regrade?: true;
  playerStats?: PlayerStat[];
}

/** Spec §5: both scores are required and read as integers; null when one is missing. */
function score(text: string): number | null {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? null : value;
}

/** The PATCH body from the form, or null when a score is missing. Blank stats are left out (a regrade keeps them). */
export function resolveBody(
  away: string,
  home: string,
  props: readonly PlayerProp[],
  stats: Readonly<Record<number, StatEntry>>,
  regrade: boolean,
): ResolveBody | null {
  const awayScore = score(away);
  const homeScore = score(home);
  if (awayScore === null || homeScore === null) return null;
  const playerStats: PlayerStat[] = [];
  for (const prop of props) {
    const entry = stats[prop.id];
    if (entry?.didNotPlay) playerStats.push({ propId: prop.id, didNotPlay: true });
    else if (entry && entry.value.trim() !== "" && Number.isFinite(Number(entry.value))) {
      playerStats.push({ propId: prop.id, value: Number(entry.value) });
    }
  }
  return {
    homeScore,
    awayScore,
    status: "completed",
    ...(regrade ? { regrade: true as const } : {}),
    ...(playerStats.length > 0 ? { playerStats } : {}),
  };
}
