import type { Friend } from "../../../shared/contract/social.ts";
import { useState } from "react";
import { Link } from "wouter";
import { removeFriend } from "./api.ts";
import { PlayerAvatar } from "../../components/PlayerAvatar.tsx";
import { ListPending } from "./ListPending.tsx";
import { RemoveFriendDialog } from "./RemoveFriendDialog.tsx";
import { useFriendAction } from "./use-friend-action.ts";
import { PlayerLink } from "../../components/PlayerLink.tsx";

const since = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

interface FriendsListProps {
  friends: Friend[] | undefined;
  error: unknown;
  onRetry(): void;
  onFindFriends(): void;
}

/** The Friends tab: each friend with their email, a link to their analytics and a remove button (asks first). */
export function FriendsList({ friends, error, onRetry, onFindFriends }: FriendsListProps) {
  const [removing, setRemoving] = useState<Friend | null>(null);
  const { isPending, run } = useFriendAction();

  if (!friends)
    return (
      <ListPending
        error={error}
        loadingText="Loading friends…"
        failedTitle="Friends could not be loaded"
        onRetry={onRetry}
      />
    );

  if (friends.length === 0) {
    return (
      <article className="empty-state friends-empty">
        <p className="friends-empty-title">You haven't added any friends yet.</p>
        <p>Find friends by username to compare picks, records and returns.</p>
        <button type="button" onClick={onFindFriends}>
          Find Friends
        </button>
      </article>
    );
  }

  async function confirmRemove() {
    const friend = removing;
    if (!friend) return;
    await run(
      `remove-${friend.id}`,
      () => removeFriend(friend.id),
      () => ({ title: "Friend removed", description: `${friend.username} is no longer on your friends list.` }),
      "Failed to remove friend",
    );
    setRemoving(null);
  }

  return (
    <>
      <ul className="friend-list">
        {friends.map((friend) => (
          <li key={friend.id} className="friend-row surface">
            <PlayerAvatar username={friend.username} />
            <div className="friend-who">
              <p className="friend-name">
                <PlayerLink username={friend.username} />
              </p>
              <p className="friend-email">{friend.email}</p>
              <p className="friend-meta">Friends since {since.format(new Date(friend.since))}</p>
            </div>
            <div className="friend-actions">
              <Link href={`/friends/${friend.id}/analytics`} className="button-link friend-analytics-link">
                View Analytics<span className="visually-hidden"> for {friend.username}</span>
              </Link>
              <button type="button" className="outline secondary friend-remove" onClick={() => setRemoving(friend)}>
                Remove<span className="visually-hidden"> {friend.username}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      <RemoveFriendDialog
        friend={removing}
        pending={removing !== null && isPending(`remove-${removing.id}`)}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
