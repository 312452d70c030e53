/** In place of a chart whose library could not load: the same height, so nothing below moves. */
export function ChartUnavailable({ height }: { height: number }) {
  return (
    <p className="chart-message" role="alert" style={{ height }}>
      The chart could not load. Reload the page to try again.
    </p>
  );
}
