/** How a profile writes its figures and bets: pure text, unit-tested. */
import type { ProfileBet, ProfileVisibility, RecordFigures } from "../../../shared/contract/profiles.ts";
import type { StatCard } from "../../components/StatCards.tsx";
import { stringToCents, UNIT_CENTS } from "../../../shared/money.ts";
import { formatOdds, formatSpread } from "../../lib/odds-format.ts";
import { percentText, signedPercentText, unitsText } from "../../lib/stats-format.ts";

/** "12-8-1": won, lost, pushed. */
export const recordText = (f: Pick<RecordFigures, "won" | "lost" | "pushed">) => `${f.won}-${f.lost}-${f.pushed}`;

const toneOf = (value: number) => (value > 0 ? "up" : value < 0 ? "down" : null);

export function profileCards(f: RecordFigures): StatCard[] {
  const settled = f.won + f.lost + f.pushed;
  const clvNote = f.clvBets === 1 ? "over 1 bet with a closing line" : `over ${f.clvBets} bets with a closing line`;
  return [
    { id: "profile-record", label: "Record", value: recordText(f), note: `${settled} settled (W-L-P)` },
    { id: "profile-units", label: "Units", value: unitsText(f.units), note: "profit", tone: toneOf(Number(f.units)) },
    {
      id: "profile-roi",
      label: "ROI",
      value: signedPercentText(f.roi),
      note: "of amount wagered",
      tone: toneOf(f.roi),
    },
    { id: "profile-win-rate", label: "Win Rate", value: percentText(f.winRate), note: "pushes count as settled" },
    {
      id: "profile-clv",
      label: "Avg CLV",
      value: f.averageClv === null ? "—" : signedPercentText(f.averageClv),
      note: f.averageClv === null ? "No closing lines yet" : clvNote,
      tone: f.averageClv === null ? null : toneOf(f.averageClv),
    },
    {
      id: "profile-beat-close",
      label: "Beat the Close",
      value: f.beatClose === null ? "—" : percentText(f.beatClose),
      note: f.beatClose === null ? "No closing lines yet" : `of ${f.clvBets} ${f.clvBets === 1 ? "bet" : "bets"}`,
    },
  ];
}

/** The price a bet got: "-3.5 -110", "Over 45.5 -110" reads from the pick; here the point and odds alone. */
export function priceText(bet: { betType: string; odds: string; point: string | null }): string {
  if (bet.point === null) return formatOdds(bet.odds);
  const point = bet.betType === "spread" ? formatSpread(bet.point) : String(Number(bet.point));
  return `${point} ${formatOdds(bet.odds)}`;
}

/** The close as the same kind of price, or "—" before kick-off / without a closing line. */
export function closeText(bet: Pick<ProfileBet, "betType" | "closingLine">): string {
  return bet.closingLine ? priceText({ betType: bet.betType, ...bet.closingLine }) : "—";
}

/** "DAL @ PHI" for a single bet, every game for a parlay. */
export function gamesText(bet: ProfileBet): string {
  const games = bet.legs ? bet.legs.map((leg) => leg.game) : [bet.game];
  return games.map((g) => `${g.awayAbbr} @ ${g.homeAbbr}`).join(", ");
}

/** "Won +0.91U", "Lost -1.00U", "Push", "In play". */
export function resultText(bet: Pick<ProfileBet, "status" | "result">): string {
  if (bet.status === "pending") return "In play";
  if (bet.status === "push") return "Push";
  const units = stringToCents(bet.result ?? "0") / UNIT_CENTS;
  return `${bet.status === "won" ? "Won" : "Lost"} ${unitsText(units.toFixed(2))}`;
}

/** What the owner reads above their own profile. */
export function visibilityNote(visibility: ProfileVisibility): string {
  if (visibility === "everyone") return "Everyone can see your profile.";
  if (visibility === "league_mates") return "Your friends and league-mates can see your profile.";
  if (visibility === "friends") return "Only your friends can see your profile.";
  return "Only you can see your profile.";
}

/** "Week 3 · 2026". */
export const weekLabel = (season: number, week: number) => `Week ${week} · ${season}`;
