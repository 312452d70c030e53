import { Fragment, type ReactNode } from "react";

/** One column of a RankTable: its heading and how a row fills it. */
export interface RankColumn<T> {
  head: ReactNode;
  cell(row: T): ReactNode;
  /** A figure: right-aligned, tabular digits. */
  numeric?: boolean;
  /** On the heading and every cell of the column. */
  className?: string;
  /** A cell's own extra class (a tone), and its tooltip. */
  cellClass?(row: T): string | undefined;
  cellTitle?(row: T): string | undefined;
  /** The column that names the row (a <th scope="row">): the player. */
  rowHeader?: boolean;
}

interface RankTableProps<T> {
  rows: readonly T[];
  columns: readonly RankColumn<T>[];
  rowKey(row: T): string | number;
  isViewer(row: T): boolean;
  /** Names the scrolling region: a label, or the id of a heading. */
  label?: string;
  labelledBy?: string;
  caption?: string;
  /** The screen's own class on the frame (its sizes and extras). */
  className?: string;
  /** A row drawn before a row (a gap in the ranks), if any. */
  before?(row: T, index: number): ReactNode;
}

const joined = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(" ") || undefined;

/**
 * Players in rank order (the leaderboards, a league's standings): a table in a frame that scrolls
 * sideways and takes keyboard focus, the viewer's row marked with aria-current (components.css).
 */
export function RankTable<T>({
  rows,
  columns,
  rowKey,
  isViewer,
  label,
  labelledBy,
  caption,
  className,
  before,
}: RankTableProps<T>) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the scrolling frame, named so its focus stop says what it holds; no section of the page
    <div
      className={joined("board-scroll", className)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, and a keyboard reaches what is inside only if it can take focus (the table scrolls sideways on phones)
      tabIndex={0}
      role="region"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      <table className="board-table">
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={joined(column.numeric && "board-num", column.className)}>
                {column.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const viewer = isViewer(row);
            return (
              <Fragment key={rowKey(row)}>
                {before?.(row, index)}
                <tr
                  className={viewer ? "board-row board-row-viewer" : "board-row"}
                  aria-current={viewer ? "true" : undefined}
                >
                  {columns.map((column, index) => {
                    const props = {
                      className: joined(column.numeric && "board-num", column.className, column.cellClass?.(row)),
                      title: column.cellTitle?.(row),
                    };
                    return column.rowHeader ? (
                      <th key={index} scope="row" {...props}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={index} {...props}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
