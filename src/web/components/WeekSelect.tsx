import { WEEKS } from "../../shared/games.ts";

const ALL_WEEKS = Array.from({ length: WEEKS }, (_, i) => i + 1);

/** Week 1 to Week 18, the server's current week marked '(Current)' (spec §2). */
export function WeekSelect({
  week,
  currentWeek,
  onChange,
}: {
  week: number;
  currentWeek: number;
  onChange(week: number): void;
}) {
  return (
    <select
      className="week-select"
      aria-label="Week"
      value={week}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {ALL_WEEKS.map((n) => (
        <option key={n} value={n}>
          {n === currentWeek ? `Week ${n} (Current)` : `Week ${n}`}
        </option>
      ))}
    </select>
  );
}
