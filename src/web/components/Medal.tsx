/** The places that win something, and how each is drawn and named (ranks 1 to 3; ties share). */
const MEDALS: Record<number, { label: string; fill: string; edge: string; trophy: boolean }> = {
  1: { label: "Gold trophy, 1st place", fill: "#e0a526", edge: "#9a6b00", trophy: true },
  2: { label: "Silver medal, 2nd place", fill: "#b8bcc4", edge: "#6b7280", trophy: false },
  3: { label: "Bronze medal, 3rd place", fill: "#c47a3d", edge: "#7c4a1e", trophy: false },
};

/** The trophy or medal of a place, as an inline drawing (no emoji font needed); nothing past 3rd. */
export function Medal({ place }: { place: number }) {
  const medal = MEDALS[place];
  if (!medal) return null;
  return (
    <svg className="rank-award" viewBox="0 0 24 24" width="20" height="20" role="img" aria-label={medal.label}>
      <title>{medal.label}</title>
      {medal.trophy ? (
        <>
          <path d="M6 3h12v3a6 6 0 0 1-12 0z" fill={medal.fill} stroke={medal.edge} strokeWidth="1.2" />
          <path
            d="M6 5H3.5a3 3 0 0 0 3.2 4M18 5h2.5a3 3 0 0 1-3.2 4"
            fill="none"
            stroke={medal.edge}
            strokeWidth="1.2"
          />
          <path d="M10.5 12h3v4h-3z" fill={medal.edge} />
          <path d="M7.5 20a4.5 3 0 0 1 9 0z" fill={medal.fill} stroke={medal.edge} strokeWidth="1.2" />
        </>
      ) : (
        <>
          <path d="M7 2h4l2 7H9zM13 2h4l-2 7h-4z" fill="#3b5bdb" />
          <circle cx="12" cy="15" r="6.5" fill={medal.fill} stroke={medal.edge} strokeWidth="1.2" />
          <circle cx="12" cy="15" r="3.5" fill="none" stroke={medal.edge} strokeWidth="1" />
        </>
      )}
    </svg>
  );
}

/** A place's trophy or medal name, for text that names it. */
export const medalLabel = (place: number): string | null => MEDALS[place]?.label ?? null;
