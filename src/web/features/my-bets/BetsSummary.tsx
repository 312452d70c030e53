import type { Bet } from "../../../shared/contract/betting.ts";

const ORDER: Bet["status"][] = ["pending", "won", "lost", "push"];
const NAMES: Record<Bet["status"], string> = { pending: "pending", won: "won", lost: "lost", push: "push" };

/** The total bet count, and how many are pending, won, lost and pushed. */
export function BetsSummary({ bets }: { bets: Bet[] }) {
  const count = (status: Bet["status"]) => bets.filter((bet) => bet.status === status).length;
  return (
    <div className="bets-summary">
      <p className="bets-count">
        <strong>{bets.length}</strong> total {bets.length === 1 ? "bet" : "bets"}
      </p>
      <ul className="bets-tally" aria-label="By status">
        {ORDER.map((status) => (
          <li key={status} className={`tally-${status}`}>
            {count(status)} {NAMES[status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
