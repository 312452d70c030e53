/** A week's share card in words: pure, unit-tested (draw-share-card.ts paints them). */
import type { Profile } from "../../../shared/contract/profiles.ts";
import { pickText } from "../../lib/bet-words.ts";
import { signedPercentText, unitsText } from "../../lib/stats-format.ts";
import { formatOdds } from "../../lib/odds-format.ts";
import { recordText, resultText } from "./profile-text.ts";

export const APP_NAME = "NFL Paper Trading";
/** The size social sites preview (Open Graph's 1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The card's colours: the brand's look whatever the viewer's theme (it is seen elsewhere). */
export const CARD_COLORS = {
  ink: "#ffffff",
  quiet: "rgba(255, 255, 255, 0.78)",
  background: "#05422c",
  band: "#00734a",
  up: "#7ee2b0",
  down: "#ffb4a8",
} as const;

export type WeekRow = Profile["byWeek"][number];

export interface ShareCardText {
  player: string;
  period: string;
  record: string;
  units: string;
  roi: string;
  best: string;
  /** The whole card in one sentence: the preview's alternative text. */
  alt: string;
  fileName: string;
}

export function shareCardText(username: string, row: WeekRow): ShareCardText {
  const period = `Week ${row.week} · ${row.season}`;
  const record = recordText(row.figures);
  const units = unitsText(row.figures.units);
  const roi = `${signedPercentText(row.figures.roi)} ROI`;
  const best = row.best
    ? `Best bet: ${pickText(row.best)} (${formatOdds(row.best.odds)}) · ${resultText(row.best).replace(/^Won /, "")}`
    : "No winning bet this week";
  return {
    player: username,
    period,
    record,
    units,
    roi,
    best,
    alt: `${APP_NAME} — ${username}, ${period}: ${record}, ${units}, ${roi}. ${best}.`,
    fileName: `nfl-paper-trading-${username}-${row.season}-week-${row.week}.png`,
  };
}
