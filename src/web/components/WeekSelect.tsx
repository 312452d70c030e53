import { WEEKS } from "../../shared/games.ts";

const ALL_WEEKS = Array.from({ length: WEEKS }, (_, i) => i + 1);

/**
 * Week 1 to Week 18, the server's current week marked '(Current)' (spec §2); `lastWeek` stops the
 * list earlier (the Leaderboard offers only weeks that have begun), `firstWeek` starts it later (a
 * league's standings start at its first week).
 */
export function WeekSelect({
  week,
  currentWeek,
  firstWeek = 1,
  lastWeek = WEEKS,
  onChange,
}: {
  week: number;
  currentWeek: number;
  firstWeek?: number;
  lastWeek?: number;
  onChange(week: number): void;
}) {
  return (
    <select
      className="week-select"
      aria-label="Week"
      value={week}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {ALL_WEEKS.filter((n) => n >= firstWeek && n <= lastWeek).map((n) => (
        <option key={n} value={n}>
          {n === currentWeek ? `Week ${n} (Current)` : `Week ${n}`}
        </option>
      ))}
    </select>
  );
}
