import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff" with { type: "file" };
import inter600 from "@fontsource/inter/files/inter-latin-600-normal.woff" with { type: "file" };
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff" with { type: "file" };
import type { CSSProperties, ReactNode } from "react";
import {
  APP_NAME,
  CARD_COLORS,
  CARD_HEIGHT,
  CARD_WIDTH,
  type ShareCardText,
} from "../../web/features/profiles/share-card.ts";

// The in-app card's look and places (web/features/profiles/draw-share-card.ts).
export const { ink: INK, quiet: QUIET, background: BACKGROUND, band: BAND, up: UP, down: DOWN } = CARD_COLORS;

type Weight = 400 | 600 | 700;
let fonts: Promise<{ name: string; data: ArrayBuffer; weight: Weight; style: "normal" }[]> | null = null;

/** Inter (SIL Open Font License), carried by the app itself: a server, and the binary, may have no fonts. */
export function loadFonts() {
  fonts ??= Promise.all(
    (
      [
        [inter400, 400],
        [inter600, 600],
        [inter700, 700],
      ] as const
    ).map(async ([path, weight]) => ({
      name: "Inter",
      data: await Bun.file(path).arrayBuffer(),
      weight,
      style: "normal" as const,
    })),
  );
  return fonts;
}

/** One line of the card at its place: `baseline` as the canvas drawing gives it, from the top. */
export function Line({
  text,
  x,
  baseline,
  size,
  weight,
  color,
  width = CARD_WIDTH - 160,
}: {
  text: string;
  x: number;
  baseline: number;
  size: number;
  weight: Weight | 500;
  color: string;
  width?: number;
}) {
  const style: CSSProperties = {
    position: "absolute",
    left: x,
    top: baseline - size,
    width,
    fontSize: size,
    fontWeight: weight,
    color,
    lineHeight: 1.2,
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
  };
  return <div style={style}>{text}</div>;
}

/**
 * A week's share card as a PNG, CARD_WIDTH × CARD_HEIGHT, drawn on the server (satori lays it out as
 * SVG, resvg paints it) from the same words as the card the app draws in the browser (shareCardText).
 */
export async function shareCardPng(text: ShareCardText): Promise<Uint8Array<ArrayBuffer>> {
  return cardPng(
    <>
      <Line text={text.period} x={80} baseline={110} size={34} weight={600} color={QUIET} />
      <Line text={text.player} x={80} baseline={190} size={72} weight={700} color={INK} />
      <Line text={text.record} x={80} baseline={330} size={96} weight={700} color={INK} width={420} />
      <Line
        text={text.units}
        x={520}
        baseline={330}
        size={96}
        weight={700}
        color={text.units.startsWith("-") ? DOWN : UP}
        width={600}
      />
      <Line text="W-L-P" x={80} baseline={375} size={32} weight={400} color={QUIET} width={420} />
      <Line text={text.roi} x={520} baseline={375} size={32} weight={400} color={QUIET} width={600} />
      <Line text={text.best} x={80} baseline={470} size={34} weight={400} color={INK} />
    </>,
  );
}

/**
 * A card's lines on the brand's background and band, with the app's name in the band, as a PNG of
 * CARD_WIDTH × CARD_HEIGHT (satori lays it out as SVG, resvg paints it): every share card's frame.
 */
export async function cardPng(lines: ReactNode): Promise<Uint8Array<ArrayBuffer>> {
  const svg = await satori(
    <div
      style={{
        display: "flex",
        position: "relative",
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        background: BACKGROUND,
        fontFamily: "Inter",
      }}
    >
      <div
        style={{
          position: "absolute",
          left: 0,
          top: CARD_HEIGHT - 90,
          width: CARD_WIDTH,
          height: 90,
          background: BAND,
        }}
      />
      {lines}
      <Line text={APP_NAME} x={80} baseline={CARD_HEIGHT - 33} size={32} weight={700} color={INK} />
    </div>,
    { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: await loadFonts() },
  );
  return new Resvg(svg, { fitTo: { mode: "width", value: CARD_WIDTH } }).render().asPng() as Uint8Array<ArrayBuffer>;
}
