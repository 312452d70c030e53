/**
 * What a settlement message says (shared/contract/live.ts): the toast's words, and the bell's, which
 * keeps them (issue 46 item 7). Pure text from the payload, unit-tested. A settled bet, a graded leg of a parlay still running, a
 * corrected score; each names its line ("LAC −3.5"), a parlay every game of it, money with
 * thousands separators ("+$1,088.12"), and its tone colours it (a loss is not styled like a win).
 */
import type { BetStatus } from "./bets.ts";
import { propTypeText } from "./pick-text.ts";
import type { SettledPick, SettlementMessage } from "./contract/live.ts";
import { centsToString, dollars, stringToCents } from "./money.ts";

/** A message told to its player: a settled bet, or (still pending) a graded leg or a corrected score. */
export type Settlement = SettlementMessage;

/** How a message colours its toast: a win up, a loss down. */
export type SettlementTone = "up" | "down" | "neutral";

/** The words of a message (or a batch): a title, the details, the tone. */
export interface SettlementWords {
  title: string;
  description: string;
  tone: SettlementTone;
}

const MINUS = "−";

const WORDS: Record<BetStatus, string> = { won: "won", lost: "lost", push: "pushed", pending: "pending" };
const TONES: Record<BetStatus, SettlementTone> = { won: "up", lost: "down", push: "neutral", pending: "neutral" };

/** A number as people write it, a true minus sign: "-3.50" → "−3.5". */
function plain(value: string | number): string {
  const n = Number(value);
  return n < 0 ? `${MINUS}${Math.abs(n)}` : String(n);
}

/** The line of a pick: "LAC −3.5", "Over 47.5", "KC ML", "Patrick Mahomes passing yards Over 245.5". */
export function lineText(pick: SettledPick): string {
  const who = pick.team ?? pick.selection;
  switch (pick.betType) {
    case "spread": {
      if (pick.point === null) return who;
      const n = Number(pick.point);
      return `${who} ${n === 0 ? "PK" : n > 0 ? `+${n}` : plain(n)}`;
    }
    case "moneyline":
      return `${who} ML`;
    case "total":
      return pick.point === null ? pick.selection : `${pick.selection} ${plain(pick.point)}`;
    case "prop": {
      const what = pick.prop ? `${pick.prop.playerName} ${propTypeText(pick.prop.propType)} ` : "";
      return `${what}${pick.selection}${pick.point === null ? "" : ` ${plain(pick.point)}`}`;
    }
  }
}

type Score = { awayScore: number; homeScore: number };

/** "DAL 17 – 24 PHI", like My Bets' score. */
const scoreText = (game: { awayAbbr: string; homeAbbr: string }, score: Score) =>
  `${game.awayAbbr} ${score.awayScore} – ${score.homeScore} ${game.homeAbbr}`;

/** The game of a pick: its score once it has one, else "KC @ BUF". */
function gameText(game: SettledPick["game"]): string {
  return game.awayScore === null || game.homeScore === null
    ? `${game.awayAbbr} @ ${game.homeAbbr}`
    : scoreText(game, { awayScore: game.awayScore, homeScore: game.homeScore });
}

/** Profit, signed, a true minus, thousands separators: "+$1,088.12", "−$100.00", "$0.00". */
export function signedMoney(result: string | null): string {
  const cents = stringToCents(result ?? "0");
  const text = dollars(Math.abs(cents));
  return cents > 0 ? `+${text}` : cents < 0 ? `${MINUS}${text}` : text;
}

/** What a settled bet came to: the profit, or the refund of a push. */
const moneyText = ({ status, result }: Settlement) => (status === "push" ? "stake refunded" : signedMoney(result));

/** One leg of a parlay in a list: "PHI −3.5 won (DAL 17 – 24 PHI)", "KC ML to come (KC @ BUF)". */
const legText = (leg: SettledPick) =>
  `${lineText(leg)} ${leg.status === "pending" ? "to come" : WORDS[leg.status]} (${gameText(leg.game)})`;

const legsToGo = (n: number) => `${n} ${n === 1 ? "leg" : "legs"} to go`;

/** The bet's own words in a list: its line, or a parlay with its games ("2-leg parlay (LAC @ KC, BUF @ MIA)"). */
function betLine(s: Settlement): string {
  if (s.betDetails?.pick) return lineText(s.betDetails.pick);
  const legs = s.betDetails?.legs;
  const games = legs ? ` (${legs.map((leg) => `${leg.game.awayAbbr} @ ${leg.game.homeAbbr}`).join(", ")})` : "";
  return `${s.betDetails?.selection ?? "Bet"}${games}`;
}

/** Older messages, without a pick: the selection and the game by name, as before. */
function plainDescription(s: Settlement): string {
  const game = s.betDetails?.gameInfo;
  const parts: string[] = [];
  if (s.betDetails?.selection) parts.push(s.betDetails.selection);
  if (game?.awayTeam && game.homeTeam) {
    const score = game.awayScore != null && game.homeScore != null ? ` (${game.awayScore}–${game.homeScore})` : "";
    parts.push(`${game.awayTeam} @ ${game.homeTeam}${score}`);
  }
  parts.push(moneyText(s));
  return parts.join(" · ");
}

/** A graded leg of a parlay still running: "Parlay leg won: LAC −3.5 · 2 legs to go", every other game below. */
function legToast(s: Settlement, leg: NonNullable<Settlement["leg"]>, legs: SettledPick[]): SettlementWords {
  const graded = legs[leg.index]!;
  const dropsOut = graded.status === "push" ? " (drops out)" : "";
  const others = legs.filter((_, i) => i !== leg.index).map(legText);
  const game = gameText(graded.game);
  if (s.corrected) {
    return {
      title: "Score corrected",
      description: [
        `Parlay leg ${lineText(graded)}: ${WORDS[s.corrected.status]} → ${WORDS[graded.status]}${dropsOut}`,
        correctedScore(s.corrected),
        legsToGo(leg.legsLeft),
      ].join(" · "),
      tone: TONES[graded.status],
    };
  }
  return {
    title: `Parlay leg ${WORDS[graded.status]}: ${lineText(graded)}${dropsOut} · ${legsToGo(leg.legsLeft)}`,
    description: [game, ...others].join(" · "),
    tone: TONES[graded.status],
  };
}

/** "DAL 17 – 24 PHI → DAL 17 – 20 PHI" (the new score alone when the old one is not known). */
function correctedScore(corrected: NonNullable<Settlement["corrected"]>): string {
  const { game } = corrected;
  const after = scoreText(game, game.after);
  return game.before ? `${scoreText(game, game.before)} → ${after}` : `now ${after}`;
}

/** A settled bet changed by a corrected score: the old and new outcome and score, not a second "You won". */
function regradeToast(s: Settlement, corrected: NonNullable<Settlement["corrected"]>): SettlementWords {
  const change = `${betLine(s)}: ${WORDS[corrected.status]} → ${WORDS[s.status]}`;
  const money = s.status === "pending" ? "back to pending" : `now ${moneyText(s)}`;
  return {
    title: "Score corrected",
    description: [change, correctedScore(corrected), money].join(" · "),
    tone: TONES[s.status],
  };
}

const SINGLE_TITLES: Record<BetStatus, string> = {
  won: "Bet won!",
  lost: "Bet lost",
  push: "Bet pushed",
  pending: "Bet",
};
const PARLAY_TITLES: Record<BetStatus, string> = {
  won: "Parlay won!",
  lost: "Parlay lost",
  push: "Parlay pushed",
  pending: "Parlay",
};

/** The toast of one message. */
export function oneToast(s: Settlement): SettlementWords {
  const legs = s.betDetails?.legs;
  if (s.leg && legs?.[s.leg.index]) return legToast(s, s.leg, legs);
  if (s.corrected) return regradeToast(s, s.corrected);
  const tone = TONES[s.status];
  if (legs) {
    return { title: PARLAY_TITLES[s.status], description: [...legs.map(legText), moneyText(s)].join(" · "), tone };
  }
  const pick = s.betDetails?.pick;
  if (!pick) return { title: SINGLE_TITLES[s.status], description: plainDescription(s), tone };
  return {
    title: SINGLE_TITLES[s.status],
    description: [lineText(pick), gameText(pick.game), moneyText(s)].join(" · "),
    tone,
  };
}

/** One line of a batch: "PHI −3.5 won +$90.91", "3-leg parlay leg won (KC ML) · 1 leg to go", "Over 45.5 corrected". */
function batchItem(s: Settlement): string {
  const legs = s.betDetails?.legs;
  if (s.leg && legs?.[s.leg.index]) {
    const leg = legs[s.leg.index]!;
    return `Parlay leg ${lineText(leg)} ${WORDS[leg.status]}, ${legsToGo(s.leg.legsLeft)}`;
  }
  const corrected = s.corrected ? " (score corrected)" : "";
  if (s.status === "pending") return `${betLine(s)} back to pending${corrected}`;
  return `${betLine(s)} ${WORDS[s.status]} ${moneyText(s)}${corrected}`;
}

/** One toast for a batch: the details of a single message, or each of several, coloured by their sum. */
export function settlementToast(settlements: Settlement[]): SettlementWords {
  if (settlements.length === 1) return oneToast(settlements[0]!);
  const settled = settlements.filter((s) => !s.leg);
  const net = settled.reduce((sum, s) => sum + stringToCents(s.result ?? "0"), 0);
  const title =
    settled.length === settlements.length
      ? `${settlements.length} bets settled`
      : settled.length === 0
        ? `${settlements.length} parlay legs graded`
        : `${settlements.length} bets and legs updated`;
  return {
    title: settled.length > 0 ? `${title} · ${signedMoney(centsToString(net))}` : title,
    description: settlements.map(batchItem).join(" · "),
    tone: settled.length === 0 ? "neutral" : net > 0 ? "up" : net < 0 ? "down" : "neutral",
  };
}
