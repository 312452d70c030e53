import type { ReactNode } from "react";
import { type RankColumn, RankTable } from "../../components/RankTable.tsx";

/** More columns than this need a wide frame for the table (leagues.css: cards below 54rem, not 34rem). */
const FEW_COLUMNS = 7;

/**
 * The frame that shows the table or the cards by the width it has (issue 44 item 5): a table of many
 * columns (a note, CLV) wants more room before it is shown than one of a few, or a column is cut off.
 */
function standingsFitClass(columns: readonly unknown[]): string {
  return columns.length > FEW_COLUMNS ? "league-standings-fit league-standings-fit-wide" : "league-standings-fit";
}

/**
 * Standings where a table's columns would not all fit (a phone, the details dialog): a card a member,
 * their rank and name, then every figure under its column's name. The stylesheet shows this or the
 * table by the width the standings have (leagues.css, `.league-standings-fit`), never both.
 */
export function StandingsCards<T>({
  label,
  rows,
  columns,
  rowKey,
  isViewer,
}: {
  label: string;
  rows: readonly T[];
  /** The table's columns: the first is the rank, the second the player, the rest the figures. */
  columns: readonly RankColumn<T>[];
  rowKey(row: T): string | number;
  isViewer(row: T): boolean;
}) {
  const [rank, player, ...figures] = columns;
  return (
    <ol className="league-standings-cards" aria-label={label}>
      {rows.map((row) => {
        const viewer = isViewer(row);
        return (
          <li
            key={rowKey(row)}
            className={viewer ? "league-standings-card board-row-viewer" : "league-standings-card"}
            aria-current={viewer ? "true" : undefined}
          >
            <p className="league-standings-card-head">
              <span className="league-standings-card-rank">{rank!.cell(row)}</span>
              <span className="league-standings-card-player">{player!.cell(row)}</span>
            </p>
            <dl>
              {figures.map((column) => {
                const value = column.cell(row);
                // An empty figure (no note for this member) is left out, not shown as a bare label.
                if (value === "") return null;
                return (
                  <div key={String(column.head)} className={column.className}>
                    <dt>{column.head}</dt>
                    <dd className={column.cellClass?.(row)}>{value}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

/** Standings as a table where its columns fit and as cards where they would not (one of the two shows), then `children`. */
export function FittedStandings<T>({
  label,
  rows,
  columns,
  rowKey,
  isViewer,
  children,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly RankColumn<T>[];
  rowKey(row: T): string | number;
  isViewer(row: T): boolean;
  children?: ReactNode;
}) {
  return (
    <div className={standingsFitClass(columns)}>
      <RankTable
        className="league-standings"
        label={label}
        caption={label}
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        isViewer={isViewer}
      />
      <StandingsCards label={label} rows={rows} columns={columns} rowKey={rowKey} isViewer={isViewer} />
      {children}
    </div>
  );
}
