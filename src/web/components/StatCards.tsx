/** One figure: what it is, the value, a line under it; `tone` colours the value (up: good, down: bad). */
export interface StatCard {
  id: string;
  label: string;
  value: string;
  note: string;
  tone?: "up" | "down" | null;
}

/**
 * A row of figure cards (Games' performance, Analytics, a friend's analytics, Bot Management). Each card
 * is an <article> named by its label; `className` gives the screen's columns and spacing (components.css
 * has the shared look), `label` names the row as a region.
 */
export function StatCards({ cards, className, label }: { cards: StatCard[]; className?: string; label?: string }) {
  const cardList = cards.map((card) => (
    <article key={card.id} className="stat-card" aria-labelledby={`${card.id}-label`}>
      <p className="stat-label" id={`${card.id}-label`}>
        {card.label}
      </p>
      <p className={card.tone ? `stat-value tone-${card.tone}` : "stat-value"}>{card.value}</p>
      <p className="stat-note">{card.note}</p>
    </article>
  ));
  const classes = className ? `stat-cards ${className}` : "stat-cards";
  return label ? (
    <section className={classes} aria-label={label}>
      {cardList}
    </section>
  ) : (
    <div className={classes}>{cardList}</div>
  );
}
