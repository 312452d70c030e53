import { Link } from "wouter";
import type { ContestStatusAnswer } from "../../shared/contract/contest.ts";
import { contestStatusAction, contestStatusText, UNBET_GAMES_HREF, weekGamesHref } from "../lib/contest-status.ts";
import { formatKickoff } from "../lib/games.ts";
import { useViewerZone } from "../lib/viewer-zone.ts";

/**
 * A player's contest status for a week in one line, and its next step (the open games not bet yet,
 * or the next week's games): a link to the Games screen, or `onAction` where the games are on screen.
 */
export function ContestStatusLine({
  status,
  className = "",
  onAction,
}: {
  status: ContestStatusAnswer;
  className?: string;
  /** The Games screen handles the step itself: `week` null means "the games not bet yet". */
  onAction?: (week: number | null) => void;
}) {
  const action = contestStatusAction(status);
  const zone = useViewerZone();
  // Without the viewer's zone (a server's page that did not know it yet) the next week's first kick-off waits for the browser.
  const text = contestStatusText(status, (iso) => (zone ? formatKickoff(iso, zone) : "soon"));
  return (
    <p className={`contest-status contest-status-${status.state} ${className}`.trim()} data-testid="contest-status">
      <span>{text}</span>
      {action ? (
        <>
          {" "}
          {onAction ? (
            <button type="button" className="link-button contest-status-action" onClick={() => onAction(action.week)}>
              {action.label}
            </button>
          ) : (
            <Link
              href={action.week === null ? UNBET_GAMES_HREF : weekGamesHref(action.week)}
              className="contest-status-action"
            >
              {action.label}
            </Link>
          )}
        </>
      ) : null}
    </p>
  );
}
