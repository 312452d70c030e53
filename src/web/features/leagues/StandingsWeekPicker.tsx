import { SegmentedButtons } from "../../components/SegmentedButtons.tsx";
import { WeekSelect } from "../../components/WeekSelect.tsx";

export type StandingsPeriod = "season" | number;

const VIEWS = [
  { value: "season", label: "Season" },
  { value: "week", label: "Week" },
] as const;

/**
 * Season or one week, like the site's boards: the week view offers Week 1 to the current week (weeks
 * not begun have no standings). Switching to Week opens on the current week.
 */
export function StandingsWeekPicker({
  period,
  currentWeek,
  firstWeek,
  onChange,
}: {
  period: StandingsPeriod;
  currentWeek: number;
  /** The league's first week: the list starts there. */
  firstWeek: number;
  onChange(period: StandingsPeriod): void;
}) {
  return (
    <div className="league-standings-picker">
      <SegmentedButtons<"season" | "week">
        label="Standings period"
        options={VIEWS}
        value={period === "season" ? "season" : "week"}
        onChange={(view) => onChange(view === "season" ? "season" : currentWeek)}
      />
      {period !== "season" ? (
        <WeekSelect
          week={period}
          currentWeek={currentWeek}
          firstWeek={firstWeek}
          lastWeek={currentWeek}
          onChange={onChange}
        />
      ) : null}
    </div>
  );
}
