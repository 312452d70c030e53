import type { User } from "../../../shared/contract/auth.ts";
import { DownloadIcon } from "../../components/icons.tsx";
import { exportUrls } from "./api.ts";

/** 'Your data': the player's bets as CSV and the account as JSON, straight from the server as downloads. */
export function DataSection({ user }: { user: User }) {
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
