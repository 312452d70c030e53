import type { League } from "../../shared/contract/leagues.ts";

const BET_TYPE_NAMES: Record<string, string> = {
  spread: "Spread",
  total: "Total",
  moneyline: "Moneyline",
  prop: "Player Prop",
  parlay: "Parlay",
};

export const betTypeName = (type: string) => BET_TYPE_NAMES[type] ?? type;

/** "Spread, Total, Moneyline". */
export const allowedBetsText = (types: readonly string[]) => types.map(betTypeName).join(", ");

/** 150 → "$150.00". */
export const moneyText = (dollars: number) =>
  `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const wagerLimitText = (dollars: number | null) => (dollars === null ? "No limit" : moneyText(dollars));

const dayFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A league's calendar day ("2026-09-10") as "Sep 10, 2026", the same everywhere in the world. */
export const dayText = (day: string) => dayFormat.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));

/** The card's date line (spec §2: start date or end date). */
export function datesText(league: Pick<League, "startDate" | "endDate">): string | null {
  const { startDate, endDate } = league;
  if (startDate && endDate) return `${dayText(startDate)} – ${dayText(endDate)}`;
  if (startDate) return `Starts ${dayText(startDate)}`;
  if (endDate) return `Ends ${dayText(endDate)}`;
  return null;
}

export const memberCountText = (count: number) => `${count} ${count === 1 ? "member" : "members"}`;

export const isMember = (league: Pick<League, "members">, userId: number) =>
  league.members.some((m) => m.userId === userId);
export const isAdmin = (league: Pick<League, "members">, userId: number) =>
  league.members.some((m) => m.userId === userId && m.role === "admin");

/** What a league plays for, in a line: its own bankroll (a contest) or units won on the bets it allows; its dates. */
export function playsForText(
  league: Pick<League, "isContest" | "startingBankroll" | "rules" | "startDate" | "endDate">,
): string {
  const what =
    league.isContest && league.startingBankroll !== null
      ? `A contest with its own ${moneyText(league.startingBankroll)} bankroll`
      : `Units won on ${allowedBetsText(league.rules.allowedBetTypes)} bets`;
  const dates = datesText(league);
  return dates ? `${what} · ${dates}` : what;
}
