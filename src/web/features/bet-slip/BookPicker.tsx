import { selectedLeagueId, selectLeague } from "../../lib/bet-slip.ts";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { keys, useQuery } from "../../lib/queries.ts";
import type { League } from "../../../shared/contract/leagues.ts";

type LeagueName = Pick<League, "id" | "name">;

/**
 * Where the slip's bets go (spec §3, §4): the individual book or one of the player's leagues. A
 * stored league the player is no longer in is cleared once their leagues are known.
 */
export function BookPicker({ userId, disabled }: { userId: number | null; disabled: boolean }) {
  useSignals();
  // The same query the leagues screen refreshes after joining or leaving (afterLeagueChange), so the choices follow.
  const { data: leagues } = useQuery<LeagueName[]>(userId === null ? null : keys.myLeagues(userId));
  const selected = selectedLeagueId.value;
  const league = leagues?.find((l) => l.id === selected) ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a signal's value read in render (useSignals) changes; Biome takes it for a constant
  useEffect(() => {
    if (leagues && selected !== null && !leagues.some((l) => l.id === selected)) selectLeague(null);
  }, [leagues, selected]);

  return (
    <div className="slip-book">
      {leagues && leagues.length > 0 ? (
        <label className="slip-book-picker">
          Book
          <select
            value={league ? String(league.id) : ""}
            onChange={(event) => selectLeague(event.target.value ? Number(event.target.value) : null)}
            disabled={disabled}
          >
            <option value="">Individual</option>
            {leagues.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p>
        {league ? (
          <>
            Bets go to <strong>{league.name}</strong>
          </>
        ) : (
          <>
            Bets go to your <strong>Individual</strong> book
          </>
        )}
      </p>
    </div>
  );
}
