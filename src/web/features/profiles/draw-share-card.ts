import { APP_NAME, CARD_COLORS, CARD_HEIGHT, CARD_WIDTH, type ShareCardText } from "./share-card.ts";

const { ink: INK, quiet: QUIET, background: BACKGROUND, band: BAND, up: UP, down: DOWN } = CARD_COLORS;

/** Draws the card on a new canvas at CARD_WIDTH × CARD_HEIGHT. */
export function drawShareCard(text: ShareCardText, fontFamily: string): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = CARD_WIDTH;
  canvas.height = CARD_HEIGHT;
  const g = canvas.getContext("2d");
  if (!g) throw new Error("This browser cannot draw the card");
  const font = (weight: number, size: number) => `${weight} ${size}px ${fontFamily}`;
  const maxWidth = CARD_WIDTH - 160;
  g.fillStyle = BACKGROUND;
  g.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  g.fillStyle = BAND;
  g.fillRect(0, CARD_HEIGHT - 90, CARD_WIDTH, 90);
  g.textBaseline = "alphabetic";

  g.fillStyle = QUIET;
  g.font = font(600, 34);
  g.fillText(text.period, 80, 110, maxWidth);
  g.fillStyle = INK;
  g.font = font(700, 72);
  g.fillText(text.player, 80, 190, maxWidth);

  g.font = font(700, 96);
  g.fillText(text.record, 80, 330, 420);
  g.fillStyle = text.units.startsWith("-") ? DOWN : UP;
  g.fillText(text.units, 520, 330, 600);
  g.fillStyle = QUIET;
  g.font = font(500, 32);
  g.fillText("W-L-P", 80, 375);
  g.fillText(text.roi, 520, 375, 600);

  g.fillStyle = INK;
  g.font = font(500, 34);
  g.fillText(text.best, 80, 470, maxWidth);

  g.font = font(700, 32);
  g.fillText(APP_NAME, 80, CARD_HEIGHT - 33, maxWidth);
  return canvas;
}
