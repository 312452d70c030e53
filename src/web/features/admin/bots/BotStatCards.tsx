import type { BotStats } from "../../../../shared/contract/bots.ts";
import { errorText } from "../../../lib/api.ts";
import { averageFigure, countFigure } from "./bot-text.ts";

function StatCard({ id, label, value, note }: { id: string; label: string; value: string; note: string }) {
  return (
    <article className="bots-stat" aria-labelledby={`${id}-label`}>
      <p className="bots-stat-label" id={`${id}-label`}>
        {label}
      </p>
      <p className="bots-stat-value">{value}</p>
      <p className="bots-stat-note">{note}</p>
    </article>
  );
}

/** Spec §2: the three figures; an honest line when the server refused or failed. */
export function BotStatCards({ stats, error }: { stats: BotStats | undefined; error: unknown }) {
  return (
    <>
      <div className="bots-stats">
        <StatCard
          id="bots-users"
          label="Total Bot Users"
          value={countFigure(stats?.totalBotUsers)}
          note="Automated accounts"
        />
        <StatCard
          id="bots-bets"
          label="Total Bot Bets"
          value={countFigure(stats?.totalBotBets)}
          note="All weeks, every status"
        />
        <StatCard id="bots-average" label="Avg Bets per Bot" value={averageFigure(stats)} note="Total bets ÷ bots" />
      </div>
      {error && !stats ? (
        <p className="bots-stats-error" role="alert">
          Bot stats could not be loaded: {errorText(error, "please try again.")}
        </p>
      ) : null}
    </>
  );
}
