/** How many bets and players ride on a game, in words ("3 bets · 2 players"). */
export function ridersText(count: { bets: number; players: number } | undefined): string {
  const bets = count?.bets ?? 0;
  const players = count?.players ?? 0;
  if (bets === 0) return "No bets";
  return `${bets} ${bets === 1 ? "bet" : "bets"} · ${players} ${players === 1 ? "player" : "players"}`;
}

/** Whether a game is still ahead of its kick-off by the browser's clock. */
export function notStarted(commenceTime: string, now = Date.now()): boolean {
  return Date.parse(commenceTime) > now;
}
