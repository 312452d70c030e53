import type { League } from "../../../shared/contract/leagues.ts";
import { selectLeague } from "../../lib/bet-slip.ts";

/** The line the slip shows with a league's own book chosen (issue 28). */
export const LEAGUE_BOOK_LINE = "League bet — its own bankroll, not counted for the weekly prize";

/**
 * Where the slip's bets go (spec §3, §4; decision 0052): the individual book, or the own book of a
 * league with a starting bankroll. Leagues without one rank their members' individual bets, so they
 * are no choice here.
 */
export function BookPicker({
  leagues,
  league,
  disabled,
}: {
  leagues: League[] | undefined;
  league: League | null;
  disabled: boolean;
}) {
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
      {league ? (
        <p className="slip-league-book">
          Bets go to <strong>{league.name}</strong>
          <br />
          {LEAGUE_BOOK_LINE}
        </p>
      ) : (
        <p>
          Bets go to your <strong>Individual</strong> book
        </p>
      )}
    </div>
  );
}
