import type { StatCardText } from "./analytics-text.ts";

const TONE_CLASS = { up: "friend-stat-up", down: "friend-stat-down" } as const;

/** The six figure cards of a friend's analytics (spec §2). */
export function FriendStatCards({ cards }: { cards: StatCardText[] }) {
  return (
    <ul className="friend-stat-cards" aria-label="Figures">
      {cards.map((card) => (
        <li key={card.id} className="friend-stat-card" aria-labelledby={`friend-stat-${card.id}`}>
          <p className="friend-stat-label" id={`friend-stat-${card.id}`}>
            {card.label}
          </p>
          <p className={card.tone ? `friend-stat-value ${TONE_CLASS[card.tone]}` : "friend-stat-value"}>{card.value}</p>
          <p className="friend-stat-note">{card.note}</p>
        </li>
      ))}
    </ul>
  );
}
