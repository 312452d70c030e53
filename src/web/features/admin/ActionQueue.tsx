import type { ActionItem } from "../../../shared/contract/admin.ts";
import { formatKickoff } from "../../lib/games.ts";
import { ridersText } from "./admin-text.ts";

const REASON_TEXT = { "final-missing": "Final score missing", "in-progress": "In progress" } as const;

/** Games past kick-off without a final score, most urgent first, each saying why it is here. */
export function ActionQueue({ items, onResolve }: { items: readonly ActionItem[]; onResolve(item: ActionItem): void }) {
  return (
    <section aria-labelledby="queue-title" className="action-queue">
      <h2 id="queue-title">
        Needs action <span className="queue-count">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="empty-state">Nothing waits on you: every game past kick-off has its final score.</p>
      ) : (
        <ol className="queue-list">
          {items.map((item) => (
            <li key={item.gameId} className={`queue-item surface ${item.reason}`}>
              <div className="queue-main">
                <span className={`queue-badge ${item.reason}`}>{REASON_TEXT[item.reason]}</span>
                <strong>
                  {item.awayTeam} @ {item.homeTeam}
                </strong>
                <span className="muted">
                  Week {item.week} · <time dateTime={item.commenceTime}>{formatKickoff(item.commenceTime)}</time>
                </span>
                <span className="queue-why">{item.why}</span>
              </div>
              <span className="game-riders">{ridersText(item)}</span>
              <button
                type="button"
                className="secondary"
                onClick={() => onResolve(item)}
                aria-label={`Resolve ${item.awayTeam} @ ${item.homeTeam}`}
              >
                Resolve
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
