import type { Friend, FriendRequests, SearchResult } from "../../../shared/contract/social.ts";
import { useRef, useState, type FormEvent } from "react";
import { toast } from "../../lib/toast.ts";
import { answerFriendRequest, searchUsers, sendFriendRequest } from "./api.ts";
import { PlayerAvatar } from "../../components/PlayerAvatar.tsx";
import { SEARCH_MIN } from "../../../shared/limits.ts";
import { relationTo, searchableQuery, type Relation } from "./search-rules.ts";
import { useFriendAction } from "./use-friend-action.ts";
import { Loading } from "../../components/Loading.tsx";
import { Field } from "../../components/Field.tsx";

type SearchState =
  | { status: "idle" }
  | { status: "searching"; query: string; users?: SearchResult[] }
  | { status: "done"; query: string; users: SearchResult[] };

const HINT = `Enter at least ${SEARCH_MIN} characters of a username.`;
const TOO_SHORT = `Enter at least ${SEARCH_MIN} characters to search.`;

interface FindFriendsProps {
  friends: Friend[] | undefined;
  requests: FriendRequests | undefined;
}

/** The Find Friends tab: search by username (Enter or the button), then add from the results. */
export function FindFriends({ friends, requests }: FindFriendsProps) {
  const [text, setText] = useState("");
  const [tooShort, setTooShort] = useState(false);
  const [search, setSearch] = useState<SearchState>({ status: "idle" });
  const latest = useRef(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const query = searchableQuery(text);
    setTooShort(query === null);
    if (query === null) return;
    const ticket = ++latest.current;
    setSearch((was) => ({
      status: "searching",
      query,
      ...(was.status !== "idle" && was.users ? { users: was.users } : {}),
    }));
    try {
      const users = await searchUsers(query);
      if (ticket === latest.current) setSearch({ status: "done", query, users });
    } catch {
      if (ticket !== latest.current) return;
      setSearch({ status: "idle" });
      toast({
        title: "Search failed",
        description: "Unable to search for users. Please try again.",
        variant: "destructive",
      });
    }
  }

  const searching = search.status === "searching";
  return (
    <div className="find-friends">
      <form aria-label="Find friends" className="friend-search" onSubmit={(event) => void submit(event)} noValidate>
        <Field
          id="friend-search"
          label="Search by username"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. ben_jones"
          maxLength={50}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (tooShort && searchableQuery(event.target.value) !== null) setTooShort(false);
          }}
          error={tooShort ? TOO_SHORT : null}
          hint={HINT}
          live
          hintClassName={tooShort ? "friend-search-error" : undefined}
          action={
            <button type="submit" disabled={searching} aria-busy={searching || undefined}>
              Search
            </button>
          }
        />
      </form>
      <SearchResults search={search} friends={friends} requests={requests} />
    </div>
  );
}

function SearchResults({
  search,
  friends,
  requests,
}: {
  search: SearchState;
  friends?: Friend[];
  requests?: FriendRequests;
}) {
  if (search.status === "idle") return null;
  const users = search.users;
  if (!users) {
    return <Loading>Searching…</Loading>;
  }
  return (
    <section
      className="friend-results"
      aria-labelledby="friend-results-title"
      aria-busy={search.status === "searching" || undefined}
    >
      <h2 id="friend-results-title" className="friends-section-title">
        Results for “{search.query}”
      </h2>
      {users.length === 0 ? (
        <p className="empty-box friends-none">No users found matching the query.</p>
      ) : (
        <ul className="friend-list">
          {users.map((user) => (
            <li key={user.id} className="friend-row surface is-compact">
              <PlayerAvatar username={user.username} />
              <div className="friend-who">
                <p className="friend-name">{user.username}</p>
              </div>
              <div className="friend-actions">
                {friends && requests ? (
                  <ResultAction user={user} relation={relationTo(user.id, friends, requests)} />
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ResultAction({ user, relation }: { user: SearchResult; relation: Relation }) {
  const { isPending, run } = useFriendAction();
  const key = `add-${user.id}`;
  const busy = isPending(key);

  if (relation.kind === "friend") return <span className="friend-status friend-status-done">Already Friends</span>;
  if (relation.kind === "outgoing") return <span className="friend-status">Request Pending</span>;
  if (relation.kind === "incoming") {
    // They asked first: answering their request is what Add Friend would do anyway.
    return (
      <button
        type="button"
        className="friend-accept"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() =>
          void run(
            key,
            () => answerFriendRequest(relation.requestId, "accepted"),
            () => ({ title: "Request processed", description: `You and ${user.username} are now friends.` }),
            "Failed to process request",
          )
        }
      >
        Accept Request<span className="visually-hidden"> from {user.username}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className="friend-add"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() =>
        void run(
          key,
          () => sendFriendRequest(user.id),
          (request) =>
            request.status === "accepted"
              ? {
                  title: "Friend request sent",
                  description: `${user.username} had already asked you: you are now friends.`,
                }
              : { title: "Friend request sent", description: `${user.username} will see your request.` },
          "Failed to send friend request",
        )
      }
    >
      {busy ? "Sending..." : "Add Friend"}
      <span className="visually-hidden"> {user.username}</span>
    </button>
  );
}
