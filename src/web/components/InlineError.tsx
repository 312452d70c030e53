/**
 * A failed refresh over data still on screen: one sentence and a retry, in place of nothing. The
 * screen keeps what it showed (stale beats blank); the sentence is ours, never the server's raw text.
 */
export function InlineError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry(): void;
  retrying?: boolean;
}) {
  return (
    <div className="inline-error" role="alert">
      <p>{message}</p>
      <button
        type="button"
        className="secondary outline"
        onClick={onRetry}
        disabled={retrying}
        aria-busy={retrying || undefined}
      >
        Try again
      </button>
    </div>
  );
}
