/**
 * A league's week in review in words (issue 44 item 7): the page's Recap section and the share card
 * the server draws (http/ssr/recap-card.tsx) say the same. Pure, unit-tested.
 */
import type { LeagueRecap } from "../../../shared/contract/league-recap.ts";
import { pickText } from "../../lib/bet-words.ts";
import { formatOdds } from "../../lib/odds-format.ts";
import { signedPercentText, unitsText } from "../../lib/stats-format.ts";

type Highlight = NonNullable<LeagueRecap["biggestHit"]>;

/** "pat and sam", "pat, sam and lee". */
function names(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}

/** The pick as the recap names it: "Buffalo Bills -3.5 (+150)". */
const pickOf = (h: Highlight) => `${pickText(h.bet)} (${formatOdds(h.bet.odds)})`;

const units = (value: number) => unitsText((Math.round(value * 100) / 100).toFixed(2));

export interface RecapLine {
  /** "Biggest hit". */
  label: string;
  /** "pat" */
  player: string | null;
  /** "Buffalo Bills -3.5 (+150) · +1.50U". */
  text: string;
}

export interface RecapText {
  title: string;
  /** "pat won the week with +4.20U"; ties name everyone at the top. */
  winner: string;
  highlights: RecapLine[];
  /** "lee following sam this season: 7-3, +4.10U, CLV cost -0.8%". */
  tails: string[];
}

export function recapText(recap: LeagueRecap, leagueName: string): RecapText {
  const top = recap.winners;
  const winner =
    top.length === 0
      ? `Nobody settled a bet in Week ${recap.week}.`
      : top.length === 1
        ? `${top[0]!.username} won the week with ${unitsText(top[0]!.unitsWon)}.`
        : `${names(top.map((w) => w.username))} tied for the week with ${unitsText(top[0]!.unitsWon)}.`;
  const highlights: RecapLine[] = [];
  const add = (label: string, h: Highlight | null, figure: (h: Highlight) => string) => {
    if (h) highlights.push({ label, player: h.player.username, text: `${pickOf(h)} · ${figure(h)}` });
  };
  add("Biggest hit", recap.biggestHit, (h) => units(h.figure));
  add("Worst beat", recap.worstBeat, (h) => `missed by ${h.figure}`);
  add("Best closing-line value", recap.bestClv, (h) => `${signedPercentText(h.figure)} CLV`);
  add("Most tailed", recap.mostTailed, (h) => `tailed ${h.figure === 1 ? "once" : `${h.figure} times`}`);
  const tails = recap.tailRecords.map((r) => {
    const record = `${r.won}-${r.lost}${r.pushed > 0 ? `-${r.pushed}` : ""}`;
    const by = r.clvCost === null ? "" : signedPercentText(Math.abs(r.clvCost)).replace("+", "");
    const cost =
      r.clvCost === null
        ? ""
        : r.clvCost > 0
          ? `, CLV cost ${by}`
          : r.clvCost < 0
            ? `, CLV gained ${by}`
            : ", same CLV";
    return `${r.tailer.username} following ${r.followed.username} this season: ${record}, ${unitsText(r.unitsWon)}${cost}`;
  });
  return { title: `${leagueName} · Week ${recap.week} in review`, winner, highlights, tails };
}
