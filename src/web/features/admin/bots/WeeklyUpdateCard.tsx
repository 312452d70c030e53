import { useState } from "react";
import { errorText } from "../../../lib/api.ts";
import { useCurrentWeek } from "../../../lib/games.ts";
import { toast } from "../../../lib/toast.ts";
import { runWeeklyUpdate } from "./api.ts";

/** Spec §2 'Weekly Update': every bot bets the server's current week, all games but one each. */
export function WeeklyUpdateCard() {
  const { data: current } = useCurrentWeek();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    try {
      const result = await runWeeklyUpdate();
      toast({ title: "Weekly Update Started", description: result.message });
    } catch (error) {
      toast({
        title: "Failed to update bots",
        description: errorText(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <article className="bots-card" aria-labelledby="weekly-title">
      <h2 id="weekly-title">Weekly Update</h2>
      <p>
        All bots place bets on the current week's games{current ? ` (Week ${current.week})` : ""}, each on all games
        except one. Games that have kicked off are skipped, and a bot keeps any bet it already has, so running it twice
        adds nothing.
      </p>
      <button type="button" onClick={run} disabled={pending} aria-busy={pending}>
        Run Weekly Update
      </button>
    </article>
  );
}
