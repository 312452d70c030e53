import { PageHeader } from "../../../components/PageHeader.tsx";
import { useBotStats } from "./api.ts";
import { BotStatCards } from "./BotStatCards.tsx";
import { EnsureBotsCard } from "./EnsureBotsCard.tsx";
import { WeeklyUpdateCard } from "./WeeklyUpdateCard.tsx";

function Notes() {
  return (
    <section className="bots-notes" aria-labelledby="bots-notes-title">
      <h2 id="bots-notes-title">Notes</h2>
      <ul>
        <li>
          Ensuring bots is idempotent: it only creates the bots missing to reach the target, so running it again is
          safe.
        </li>
        <li>Run the weekly update on Tuesday or Wednesday, after the previous week's games have settled.</li>
        <li>
          Bots have emails on a bot domain and realistic usernames. They appear on the leaderboards marked BOT and never
          win prizes.
        </li>
      </ul>
    </section>
  );
}

/**
 * /admin/bots (spec §2 Bot Management). No gate, as spec §6 says: the server refuses non-admins
 * and the refusal shows in the toasts (and in place of the stats).
 */
export function AdminBotsPage() {
  const { data: stats, error } = useBotStats();
  return (
    <>
      <PageHeader
        title="Bot Management"
        subtitle="Automated players that keep the leaderboards busy: create them, then have them bet each week."
      />
      <BotStatCards stats={stats} error={error} />
      <div className="bots-actions">
        <EnsureBotsCard current={stats?.totalBotUsers} />
        <WeeklyUpdateCard />
      </div>
      <Notes />
    </>
  );
}
