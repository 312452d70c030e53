import { Loading } from "../../components/Loading.tsx";
import { errorText } from "../../lib/api.ts";

interface ListPendingProps {
  error: unknown;
  loadingText: string;
  failedTitle: string;
  onRetry(): void;
}

/** A friends tab's list before it has arrived: loading, or why it could not be loaded, with a retry. */
export function ListPending({ error, loadingText, failedTitle, onRetry }: ListPendingProps) {
  if (!error) return <Loading>{loadingText}</Loading>;
  return (
    <article className="error-panel" role="alert">
      <h2>{failedTitle}</h2>
      <p>{errorText(error, "Please try again.")}</p>
      <button type="button" className="secondary friends-retry" onClick={onRetry}>
        Try Again
      </button>
    </article>
  );
}
