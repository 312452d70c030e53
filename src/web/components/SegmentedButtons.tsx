interface Option<T extends string> {
  value: T;
  label: string;
  /** Said after the label as its description (a tooltip too), when the label is terse ("30D" → "Last 30 days"). */
  description?: string;
  /** Not on offer now; the screen says why beside the buttons. */
  disabled?: boolean;
}

interface SegmentedButtonsProps<T extends string> {
  /** Names the group for screen readers ("Period", "Leaderboard view"). */
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange(value: T): void;
}

/** A row of toggle buttons of which one is on (aria-pressed): periods, board views. */
export function SegmentedButtons<T extends string>({ label, options, value, onChange }: SegmentedButtonsProps<T>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented-option"
          aria-pressed={option.value === value}
          title={option.description}
          disabled={option.disabled}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
