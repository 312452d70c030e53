import { StatCards } from "../../../components/StatCards.tsx";
import type { BotStats } from "../../../../shared/contract/bots.ts";
import { errorText } from "../../../lib/api.ts";
import { averageFigure, countFigure } from "./bot-text.ts";

/** Spec §2: the three figures; an honest line when the server refused or failed. */
export function BotStatCards({ stats, error }: { stats: BotStats | undefined; error: unknown }) {
  return (
    <>
      <StatCards
        className="bots-stats"
        cards={[
          {
            id: "bots-users",
            label: "Total Bot Users",
            value: countFigure(stats?.totalBotUsers),
            note: "Automated accounts",
          },
          {
            id: "bots-bets",
            label: "Total Bot Bets",
            value: countFigure(stats?.totalBotBets),
            note: "All weeks, every status",
          },
          { id: "bots-average", label: "Avg Bets per Bot", value: averageFigure(stats), note: "Total bets ÷ bots" },
        ]}
      />
      {error && !stats ? (
        <p className="bots-stats-error" role="alert">
          Bot stats could not be loaded: {errorText(error, "please try again.")}
        </p>
      ) : null}
    </>
  );
}
