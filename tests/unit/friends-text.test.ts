import { describe, expect, test } from "bun:test";
import { friendStatCards, summarySentence, unitsWon } from "../../src/web/features/friends/analytics-text.ts";
import type { Friend, FriendRequest } from "../../src/shared/contract/social.ts";
import type { UserStats } from "../../src/shared/contract/stats.ts";
import { relationTo, searchableQuery } from "../../src/web/features/friends/search-rules.ts";
import { badgeText, bellLabel, timeAgo } from "../../src/web/features/notifications/notification-text.ts";

const stats = (overrides: Partial<UserStats> = {}): UserStats => ({
  roi: 27.27,
  winRate: 60,
  wonBets: 12,
  lostBets: 8,
  pushedBets: 0,
  totalBets: 20,
  totalWagered: "2400.00",
  totalProfit: "455.00",
  currentStreak: { type: "win", count: 3 },
  longestWinStreak: 5,
  ...overrides,
});

describe("friend analytics wording", () => {
  test("units won are the profit over 100, 2 decimals", () => {
    expect(unitsWon("81.82")).toBe("0.82");
    expect(unitsWon("455.00")).toBe("4.55");
    expect(unitsWon("-909.09")).toBe("-9.09");
    expect(unitsWon("0.00")).toBe("0.00");
    expect(unitsWon("-0.40")).toBe("0.00");
  });

  test("six cards in the spec's order, ROI green when not negative and red below", () => {
    const cards = friendStatCards(stats());
    expect(cards.map((c) => [c.label, c.value, c.note])).toEqual([
      ["Total Bets", "20", "12W - 8L"],
      ["Win Rate", "60.0%", "12 of 20 won"],
      ["ROI", "+27.3%", "Profit on amount wagered"],
      ["Total Wagered", "$2,400.00", "On settled bets"],
      ["Units Won", "+4.55U", "+$455.00 profit"],
      ["Current Streak", "3W", "Winning streak"],
    ]);
    expect(cards.find((c) => c.id === "roi")!.tone).toBe("up");
    expect(friendStatCards(stats({ roi: 0 })).find((c) => c.id === "roi")!.tone).toBe("up");
    expect(friendStatCards(stats({ roi: -9.09 })).find((c) => c.id === "roi")).toMatchObject({
      value: "-9.1%",
      tone: "down",
    });
    expect(friendStatCards(stats({ currentStreak: { type: "loss", count: 2 } })).at(-1)).toMatchObject({
      value: "2L",
      note: "Losing streak",
      tone: "down",
    });
    expect(friendStatCards(stats({ currentStreak: { type: "win", count: 0 } })).at(-1)).toMatchObject({
      value: "0W",
      note: "No current streak",
    });
  });

  test("the summary sentence", () => {
    expect(summarySentence("ben_jones", stats())).toBe(
      "ben_jones has won 12 of 20 settled bets for a 60.0% win rate and +4.55 units.",
    );
    expect(
      summarySentence("amy", stats({ wonBets: 0, lostBets: 1, totalBets: 1, winRate: 0, totalProfit: "-100.00" })),
    ).toBe("amy has won 0 of 1 settled bet for a 0.0% win rate and -1.00 units.");
    expect(summarySentence("new_kid", stats({ totalBets: 0 }))).toBe("new_kid has no settled bets yet.");
  });
});

describe("friend search rules", () => {
  test("a search needs 2 characters once trimmed", () => {
    expect(searchableQuery("b")).toBeNull();
    expect(searchableQuery("   x  ")).toBeNull();
    expect(searchableQuery("")).toBeNull();
    expect(searchableQuery(" be ")).toBe("be");
  });

  test("a found player is a friend, asked, asking or neither", () => {
    const friend: Friend = { id: 2, username: "erin", email: "erin@example.com", since: "2026-09-01T00:00:00Z" };
    const req = (id: number, requesterId: number, addresseeId: number): FriendRequest => ({
      id,
      requesterId,
      addresseeId,
      status: "pending",
      createdAt: "2026-09-01T00:00:00Z",
      requester: { username: "x" },
      addressee: { username: "y" },
    });
    const requests = { incoming: [req(10, 4, 1)], outgoing: [req(11, 1, 3)] };
    expect(relationTo(2, [friend], requests)).toEqual({ kind: "friend" });
    expect(relationTo(3, [friend], requests)).toEqual({ kind: "outgoing" });
    expect(relationTo(4, [friend], requests)).toEqual({ kind: "incoming", requestId: 10 });
    expect(relationTo(5, [friend], requests)).toEqual({ kind: "none" });
  });
});

describe("notification wording", () => {
  const NOW = Date.parse("2026-09-09T12:00:00Z");
  const ago = (ms: number) => new Date(NOW - ms).toISOString();
  test("how long ago", () => {
    expect(timeAgo(ago(30_000), NOW)).toBe("Just now");
    expect(timeAgo(ago(-3_600_000), NOW)).toBe("Just now"); // ahead of the browser's clock
    expect(timeAgo(ago(5 * 60_000), NOW)).toBe("5 minutes ago");
    expect(timeAgo(ago(3 * 3_600_000), NOW)).toBe("3 hours ago");
    expect(timeAgo(ago(30 * 3_600_000), NOW)).toBe("yesterday");
    expect(timeAgo(ago(5 * 86_400_000), NOW)).toBe("5 days ago");
    expect(timeAgo("2026-08-20T12:00:00Z", NOW)).toBe("Aug 20");
  });

  test("the bell says and shows the unread count", () => {
    expect(bellLabel(0)).toBe("Notifications");
    expect(bellLabel(3)).toBe("Notifications, 3 unread");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(12)).toBe("9+");
  });
});
