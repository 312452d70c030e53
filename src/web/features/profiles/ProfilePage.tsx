import { type ReactNode, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import type { Profile, ProfileBet } from "../../../shared/contract/profiles.ts";
import { Loading } from "../../components/Loading.tsx";
import { PlayerAvatar } from "../../components/PlayerAvatar.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { StatCards } from "../../components/StatCards.tsx";
import { ApiError, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { pickText } from "../../lib/bet-words.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { useCurrentUser } from "../../lib/session.ts";
import { signedPercentText, toneClass, unitsText } from "../../lib/stats-format.ts";
import { marketName } from "../../lib/odds-format.ts";
import { askToBeFriends, useProfile } from "./api.ts";
import { ShareWeekDialog } from "./ShareWeekDialog.tsx";
import type { WeekRow } from "./share-card.ts";
import {
  closeText,
  gamesText,
  priceText,
  profileCards,
  recordText,
  resultText,
  visibilityNote,
  weekLabel,
} from "./profile-text.ts";

const memberSince = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** /players/{username}: a player's graded record — figures, by type and week, the last bets with their close. */
export function ProfilePage() {
  const { username = "" } = useParams<{ username?: string }>();
  const name = safeDecode(username);
  const { data, error } = useProfile(name);
  if (error && !data) return <ProfileRefused name={name} error={error} />;
  if (!data) {
    return (
      <>
        <PageHeader title={name} />
        <Loading>Loading profile...</Loading>
      </>
    );
  }
  return <ProfileView profile={data} />;
}

function safeDecode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function ProfileRefused({ name, error }: { name: string; error: unknown }) {
  const { user } = useCurrentUser();
  const [location] = useLocation();
  const status = error instanceof ApiError ? error.status : 0;
  const title =
    status === 404 ? "Player not found" : status === 403 ? "This profile is private" : "Profile unavailable";
  const message =
    status === 404
      ? `No player is called ${name}.`
      : error instanceof ApiError && error.serverMessage
        ? error.serverMessage
        : "The profile could not be loaded. Please try again.";
  const code = error instanceof ApiError ? error.code : null;
  const friendsOnly = code === "profile_friends_only" || code === "profile_league_mates_only";
  const playerId = error instanceof ApiError ? (error.body as { userId?: unknown } | null)?.userId : undefined;
  return (
    <>
      <PageHeader title={name} />
      <article className="error-panel profile-refused" role="alert">
        <h2>{title}</h2>
        <p>{message}</p>
        {friendsOnly && !user ? (
          <Link href={`/auth?returnUrl=${encodeURIComponent(location)}`} className="button-link">
            Sign In
          </Link>
        ) : friendsOnly && typeof playerId === "number" ? (
          <AddFriend playerId={playerId} />
        ) : (
          <Link href="/leaderboard" className="button-link">
            Back to Leaderboard
          </Link>
        )}
      </article>
    </>
  );
}

/** Asks a player whose profile is closed to be friends: then their profile opens to you once they accept. */
function AddFriend({ playerId }: { playerId: number }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const ask = async () => {
    setState("sending");
    try {
      await askToBeFriends(playerId);
      setState("sent");
      toast({ title: "Friend request sent" });
    } catch (failure) {
      setState("idle");
      toast({
        title: "Failed to send friend request",
        description: errorText(failure, "Please try again."),
        variant: "destructive",
      });
    }
  };
  return (
    <button type="button" onClick={ask} disabled={state !== "idle"} aria-busy={state === "sending" || undefined}>
      {state === "sent" ? "Request Pending" : "Add Friend"}
    </button>
  );
}

function ProfileView({ profile }: { profile: Profile }) {
  usePageTitle(`${profile.username} · Profile`);
  const [sharing, setSharing] = useState<WeekRow | null>(null);
  return (
    <div className="profile">
      {sharing ? <ShareWeekDialog username={profile.username} row={sharing} onClose={() => setSharing(null)} /> : null}
      <header className="profile-header">
        <PlayerAvatar username={profile.username} large />
        <div>
          <h1>
            {profile.username}
            {profile.isBot ? <span className="profile-badge">Bot</span> : null}
          </h1>
          <p className="profile-meta">
            Member since {memberSince.format(new Date(profile.memberSince))} · {recordText(profile.record)}
          </p>
          {profile.isOwn ? (
            <p className="profile-meta">
              {visibilityNote(profile.visibility)} <Link href="/settings#profile-visibility">Change</Link>
            </p>
          ) : null}
        </div>
      </header>
      <StatCards className="profile-figures" label="Record" cards={profileCards(profile.record)} />
      {profile.inPlay.length > 0 ? (
        <BetTable title="In Play" caption="Bets whose games have kicked off" bets={profile.inPlay} />
      ) : null}
      <BetTable
        title="Recent Bets"
        caption="The last settled bets, newest first; every bet counts and stays"
        bets={profile.recent}
        empty="No settled bets yet."
      />
      <div className="profile-split">
        <FiguresTable
          title="By Bet Type"
          first="Type"
          rows={profile.byType.map((r) => ({ key: r.betType, label: marketLabel(r.betType), figures: r.figures }))}
        />
        <FiguresTable
          title="By Week"
          first="Week"
          rows={profile.byWeek.map((r) => ({
            key: `${r.season}-${r.week}`,
            label: weekLabel(r.season, r.week),
            figures: r.figures,
            action: (
              <button type="button" className="outline secondary profile-share" onClick={() => setSharing(r)}>
                Share<span className="visually-hidden"> Week {r.week}</span>
              </button>
            ),
          }))}
        />
      </div>
    </div>
  );
}

const marketLabel = (betType: string) => (betType === "parlay" ? "Parlay" : marketName(betType));

function BetTable({
  title,
  caption,
  bets,
  empty,
}: {
  title: string;
  caption: string;
  bets: ProfileBet[];
  empty?: string;
}) {
  const id = `profile-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="profile-caption">{caption}</p>
      {bets.length === 0 ? (
        <p className="profile-empty">{empty}</p>
      ) : (
        <div
          className="profile-table-wrap"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and a keyboard scrolls only what can take focus
          tabIndex={0}
        >
          <table className="profile-table profile-bets">
            <thead>
              <tr>
                <th scope="col">Pick</th>
                <th scope="col">Price</th>
                <th scope="col">Close</th>
                <th scope="col">CLV</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {bets.map((bet) => (
                <tr key={bet.id}>
                  <th scope="row">
                    <span className="profile-pick">{pickText(bet)}</span>
                    <span className="profile-game">{gamesText(bet)}</span>
                  </th>
                  <td>{priceText(bet)}</td>
                  <td>{closeText(bet)}</td>
                  <td className={bet.clv === null ? undefined : toneClass(bet.clv)}>
                    {bet.clv === null ? "—" : signedPercentText(bet.clv)}
                  </td>
                  <td className={`profile-result profile-result-${bet.status}`}>{resultText(bet)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function FiguresTable({
  title,
  first,
  rows,
}: {
  title: string;
  first: string;
  rows: { key: string; label: string; figures: Profile["record"]; action?: ReactNode }[];
}) {
  const actions = rows.some((row) => row.action);
  const id = `profile-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="profile-empty">Nothing settled yet.</p>
      ) : (
        <div
          className="profile-table-wrap"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the table scrolls sideways, and a keyboard scrolls only what can take focus
          tabIndex={0}
        >
          <table className="profile-table">
            <thead>
              <tr>
                <th scope="col">{first}</th>
                <th scope="col">W-L-P</th>
                <th scope="col">Units</th>
                <th scope="col">ROI</th>
                <th scope="col">Avg CLV</th>
                {actions ? (
                  <th scope="col">
                    <span className="visually-hidden">Share</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td>{recordText(row.figures)}</td>
                  <td className={toneClass(Number(row.figures.units))}>{unitsText(row.figures.units)}</td>
                  <td className={toneClass(row.figures.roi)}>{signedPercentText(row.figures.roi)}</td>
                  <td>{row.figures.averageClv === null ? "—" : signedPercentText(row.figures.averageClv)}</td>
                  {actions ? <td>{row.action}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
