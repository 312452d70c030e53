import type { RecapText } from "../../web/features/leagues/recap-text.ts";
import { cardPng, INK, Line, QUIET, UP } from "./share-card.tsx";

/**
 * A league's week in review as a share card (issue 44 item 7), drawn like a player's week card
 * (share-card.tsx): the league and week, who won it, and up to three of its highlights, in the same
 * words as the page's Recap section (recapText).
 */
export function recapCardPng(text: RecapText): Promise<Uint8Array<ArrayBuffer>> {
  const lines = text.highlights.slice(0, 3);
  return cardPng(
    <>
      <Line text={text.title} x={80} baseline={110} size={34} weight={600} color={QUIET} />
      <Line text={text.winner} x={80} baseline={200} size={56} weight={700} color={UP} />
      {lines.map((line, index) => (
        <Line
          key={line.label}
          text={`${line.label}: ${line.player ? `${line.player} · ` : ""}${line.text}`}
          x={80}
          baseline={300 + index * 70}
          size={32}
          weight={index === 0 ? 600 : 400}
          color={INK}
        />
      ))}
    </>,
  );
}
