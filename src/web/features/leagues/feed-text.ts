/** How the league feed writes a revealed pick: pure text (decision 0056). */
import type { LeaguePick, TailedFrom } from "../../../shared/contract/league-feed.ts";
import type { RevealPicks } from "../../../shared/league-reveal.ts";
import { formatOdds, formatSpread, pickText } from "../../lib/odds-format.ts";
import { signedPercentText } from "../../lib/stats-format.ts";

/** The price a pick got: "-3.5 -110", "45.5 -110", "+150". */
export function priceText(pick: { betType: string; odds: string | number; point: string | number | null }): string {
  if (pick.point === null) return formatOdds(pick.odds);
  const point = pick.betType === "spread" ? formatSpread(pick.point) : String(Number(pick.point));
  return `${point} ${formatOdds(pick.odds)}`;
}

/** "Buffalo Bills -3.5", "Over 45.5", a prop's player and stat; a parlay: its legs joined. */
export function feedPickText(pick: LeaguePick): string {
  if (pick.legs)
    return `Parlay: ${pick.legs.map((leg) => pickText({ ...leg, subject: leg.prop?.playerName, propType: leg.prop?.propType })).join(" + ")}`;
  return pickText({ ...pick, subject: pick.prop?.playerName, propType: pick.prop?.propType });
}

/** "KC @ BUF" for a straight pick, every game for a parlay. */
export function feedGamesText(pick: LeaguePick): string {
  const games = pick.legs ? pick.legs.map((leg) => leg.game) : [pick.game];
  return games.map((g) => `${g.awayAbbr} @ ${g.homeAbbr}`).join(", ");
}

/** "Pending", "Won +$90.91", "Lost -$100.00", "Push". */
export function feedResultText(pick: Pick<LeaguePick, "status" | "result">): string {
  if (pick.status === "pending") return "Pending";
  if (pick.status === "push") return "Push";
  const amount = Number(pick.result ?? 0);
  const sign = amount > 0 ? "+" : amount < 0 ? "-" : "";
  return `${pick.status === "won" ? "Won" : "Lost"} ${sign}$${Math.abs(amount).toFixed(2)}`;
}

/** What a tail followed and what the later price cost: "Tailed member at -3.5 -110 · cost 2.1% CLV". */
export function tailedText(pick: Pick<LeaguePick, "betType">, from: TailedFrom): string {
  const base = `Tailed ${from.username} at ${priceText({ betType: pick.betType, odds: from.odds, point: from.point })}`;
  if (from.clvCost === null) return base;
  if (from.clvCost === 0) return `${base} · same CLV`;
  return from.clvCost > 0
    ? `${base} · the later price cost ${signedPercentText(from.clvCost).replace("+", "")} CLV`
    : `${base} · the later price gained ${signedPercentText(-from.clvCost).replace("+", "")} CLV`;
}

/** What the feed says while it has no picks. */
export function emptyFeedText(mode: RevealPicks): string {
  switch (mode) {
    case "never":
      return "This league keeps members' picks private.";
    case "week_start":
      return "No picks shown yet: each week's picks show at its first kick-off.";
    case "picked":
      return "No picks shown yet: pick a game to see your league-mates' picks on it; every pick shows at its kick-off.";
    default:
      return "No picks shown yet: each pick shows when its game kicks off.";
  }
}
