/**
 * The fake season's games and picks the league tests bet with. Every game: home −3.5 at −110, total
 * 45.5 at −110, away +150 / home −175. Week 1: Thu 2026-09-11 00:20 UTC (its first kick-off), Sun
 * 17:00 and Sun 20:25; week 2: Sun 2026-09-20 17:00 and 20:25.
 */
export const THU = "fake-w1-DAL-PHI";
export const SUN = "fake-w1-KC-BUF";
export const LATE = "fake-w1-SF-SEA";
export const WEEK2 = "fake-w2-PHI-KC";
export const WEEK2_LATE = "fake-w2-BUF-DAL";

export const spread = (gameId: string, selection: string, point = -3.5) => ({
  gameId,
  betType: "spread",
  selection,
  odds: -110,
  point,
});
export const moneyline = (gameId: string, selection: string) => ({
  gameId,
  betType: "moneyline",
  selection,
  odds: -175,
  point: null,
});
export const over = (gameId: string) => ({ gameId, betType: "total", selection: "Over", odds: -110, point: 45.5 });
