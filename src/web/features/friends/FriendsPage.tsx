import { Link } from "wouter";
import { useSearch } from "../../lib/search-param.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useCurrentUser } from "../../lib/session.ts";
import { useFriendRequests, useFriends } from "./api.ts";
import { FindFriends } from "./FindFriends.tsx";
import { FriendsList } from "./FriendsList.tsx";
import { FriendsTabs, TAB_IDS, tabButtonId, tabPanelId, type TabId } from "./FriendsTabs.tsx";
import { RequestsList } from "./RequestsList.tsx";
import { Loading } from "../../components/Loading.tsx";

const TITLE = "Friends";
const SUBTITLE = "Add friends, answer their requests and follow how their bets are going.";

/** /friends (spec §2): Friends, Requests and Find Friends tabs; visitors are asked to sign in. */
export function FriendsPage() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Loading />
      </>
    );
  }

  if (!user) {
    return (
      <>
        <PageHeader title={TITLE} />
        <article className="empty-state">
          <p>Please sign in to manage your friends</p>
          <Link href="/auth?returnUrl=%2Ffriends" className="button-link">
            Sign In
          </Link>
        </article>
      </>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} subtitle={SUBTITLE} />
      <Friends />
    </>
  );
}

/** The open tab lives in the address (?tab=requests), so a link or a reload lands on it. */
function useTab(): [TabId, (tab: TabId) => void] {
  const [params, update] = useSearch();
  const asked = params.get("tab");
  const tab = TAB_IDS.find((id) => id === asked) ?? "friends";
  const select = (next: TabId) => update({ tab: next === "friends" ? null : next });
  return [tab, select];
}

function Friends() {
  const [tab, selectTab] = useTab();
  const friends = useFriends(true);
  const requests = useFriendRequests(true);
  const labels: Record<TabId, string> = {
    friends: friends.data ? `Friends (${friends.data.length})` : "Friends",
    requests: requests.data ? `Requests (${requests.data.incoming.length})` : "Requests",
    find: "Find Friends",
  };

  return (
    <div className="friends">
      <FriendsTabs labels={labels} selected={tab} onSelect={selectTab} />
      <div className="friends-panel" role="tabpanel" id={tabPanelId(tab)} aria-labelledby={tabButtonId(tab)}>
        {tab === "friends" ? (
          <FriendsList
            friends={friends.data}
            error={friends.error}
            onRetry={() => void friends.mutate()}
            onFindFriends={() => selectTab("find")}
          />
        ) : tab === "requests" ? (
          <RequestsList requests={requests.data} error={requests.error} onRetry={() => void requests.mutate()} />
        ) : (
          <FindFriends friends={friends.data} requests={requests.data} />
        )}
      </div>
    </div>
  );
}
