import type { FriendRequests } from "../../../shared/contract/social.ts";
import { answerFriendRequest } from "./api.ts";
import { PlayerAvatar } from "../../components/PlayerAvatar.tsx";
import { ListPending } from "./ListPending.tsx";
import { useFriendAction } from "./use-friend-action.ts";

const sentOn = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

interface RequestsListProps {
  requests: FriendRequests | undefined;
  error: unknown;
  onRetry(): void;
}

/** The Requests tab: requests to you (Accept, Decline) and yours still waiting ('Request pending'). */
export function RequestsList({ requests, error, onRetry }: RequestsListProps) {
  const { isPending, run } = useFriendAction();

  if (!requests)
    return (
      <ListPending
        error={error}
        loadingText="Loading requests…"
        failedTitle="Friend requests could not be loaded"
        onRetry={onRetry}
      />
    );

  const { incoming, outgoing } = requests;
  if (incoming.length === 0 && outgoing.length === 0) {
    return (
      <article className="empty-state">
        <p>No pending friend requests</p>
      </article>
    );
  }

  const answer = (requestId: number, username: string, status: "accepted" | "declined") =>
    run(
      `answer-${requestId}`,
      () => answerFriendRequest(requestId, status),
      () => ({
        title: "Request processed",
        description:
          status === "accepted" ? `You and ${username} are now friends.` : `You declined ${username}'s request.`,
      }),
      "Failed to process request",
    );

  return (
    <div className="friend-requests">
      {incoming.length > 0 ? (
        <section aria-labelledby="incoming-title">
          <h2 id="incoming-title" className="friends-section-title">
            Incoming <span className="friends-section-count">{incoming.length}</span>
          </h2>
          <ul className="friend-list">
            {incoming.map((request) => {
              const { username, email } = request.requester;
              const busy = isPending(`answer-${request.id}`);
              return (
                <li key={request.id} className="friend-row surface">
                  <PlayerAvatar username={username} />
                  <div className="friend-who">
                    <p className="friend-name">{username}</p>
                    {email ? <p className="friend-email">{email}</p> : null}
                    <p className="friend-meta">Sent {sentOn.format(new Date(request.createdAt))}</p>
                  </div>
                  <div className="friend-actions">
                    <button
                      type="button"
                      className="friend-accept"
                      disabled={busy}
                      onClick={() => void answer(request.id, username, "accepted")}
                    >
                      Accept<span className="visually-hidden"> {username}</span>
                    </button>
                    <button
                      type="button"
                      className="outline secondary friend-decline"
                      disabled={busy}
                      onClick={() => void answer(request.id, username, "declined")}
                    >
                      Decline<span className="visually-hidden"> {username}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      {outgoing.length > 0 ? (
        <section aria-labelledby="outgoing-title">
          <h2 id="outgoing-title" className="friends-section-title">
            Outgoing <span className="friends-section-count">{outgoing.length}</span>
          </h2>
          <ul className="friend-list">
            {outgoing.map((request) => (
              <li key={request.id} className="friend-row surface is-compact">
                <PlayerAvatar username={request.addressee.username} />
                <div className="friend-who">
                  <p className="friend-name">{request.addressee.username}</p>
                  <p className="friend-meta">Sent {sentOn.format(new Date(request.createdAt))}</p>
                </div>
                <div className="friend-actions">
                  <span className="friend-status">Request pending</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
