import type { CurrentUser } from "../../lib/session.ts";
import { exportUrls } from "./api.ts";

/** An arrow into a tray, drawn like the shared line icons; decorative. */
function DownloadIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
      <path d="m7 10 5 5 5-5" />
      <path d="M12 15V3" />
    </svg>
  );
}

/** 'Your data': the player's bets as CSV and the account as JSON, straight from the server as downloads. */
export function DataSection({ user }: { user: CurrentUser }) {
  const urls = exportUrls(user.id);
  return (
    <article className="settings-card" aria-labelledby="settings-data-title">
      <h2 id="settings-data-title">Your data</h2>
      <p className="muted">Take a copy of everything we keep about you, whenever you like.</p>
      <ul className="settings-downloads">
        <li>
          <a href={urls.betsCsv} download className="settings-download">
            <DownloadIcon size={18} />
            Download bets (CSV)
          </a>
          <small>Every bet you placed, one per line — opens in any spreadsheet.</small>
        </li>
        <li>
          <a href={urls.accountJson} download className="settings-download">
            <DownloadIcon size={18} />
            Download account (JSON)
          </a>
          <small>Your account details and all your bets, in one file.</small>
        </li>
      </ul>
    </article>
  );
}
