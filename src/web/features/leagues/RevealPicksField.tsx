import { REVEAL_PICKS, REVEAL_PICKS_LABELS, type RevealPicks } from "../../../shared/league-reveal.ts";

/** What each choice means for the members, under the select. */
const HINTS: Record<RevealPicks, string> = {
  kickoff: "Each pick shows in the league's feed once its game kicks off.",
  picked:
    "A member sees the others' picks on a game once they have picked it too, so they can compare and tail before kick-off; everyone sees them at kick-off.",
  week_start: "Every pick of a week shows at the week's first kick-off; later games can still be tailed.",
  never: "Picks stay private; the standings still count them once settled.",
};

/** The commissioner's choice of when members see each other's picks (decision 0056). */
export function RevealPicksField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: RevealPicks;
  onChange(value: RevealPicks): void;
}) {
  return (
    <div className="league-reveal-picks">
      <label htmlFor={`${id}-revealPicks`}>Show members' picks</label>
      <select
        id={`${id}-revealPicks`}
        name="revealPicks"
        value={value}
        aria-describedby={`${id}-revealPicks-hint`}
        onChange={(event) => onChange(event.target.value as RevealPicks)}
      >
        {REVEAL_PICKS.map((mode) => (
          <option key={mode} value={mode}>
            {REVEAL_PICKS_LABELS[mode]}
          </option>
        ))}
      </select>
      <small id={`${id}-revealPicks-hint`}>{HINTS[value]}</small>
    </div>
  );
}
