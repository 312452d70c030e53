import { expect, test } from "bun:test";
import type { LeagueHistoryEntry } from "../../src/shared/contract/league-history.ts";
import { revealPromise } from "../../src/shared/league-reveal.ts";
import { historyText } from "../../src/web/features/leagues/history-text.ts";

const base = { id: 1, at: "2026-09-12T12:00:00.000Z", actor: { userId: 1, username: "owner" } };
const member = { userId: 2, username: "member" };

test("each event of a league's history in one sentence", () => {
  const say = (entry: Partial<LeagueHistoryEntry> & Pick<LeagueHistoryEntry, "kind">) =>
    historyText({ ...base, ...entry } as LeagueHistoryEntry);
  expect(say({ kind: "created" })).toBe("owner created the league.");
  expect(say({ kind: "reveal_changed", from: "kickoff", to: "week_start" })).toBe(
    "owner changed when picks show: “At each game's kick-off” → “At the week's first kick-off”. Picks placed before the change keep “At each game's kick-off”.",
  );
  expect(say({ kind: "reveal_changed", from: "week_start", to: "never" })).toBe(
    "owner changed when picks show: “At the week's first kick-off” → “Never”. Every pick follows it from now on.",
  );
  expect(say({ kind: "rules_changed", fields: ["name"] })).toBe("owner changed the name.");
  expect(say({ kind: "rules_changed", fields: ["name", "visibility", "scoring"] })).toBe(
    "owner changed the name, visibility and scoring.",
  );
  expect(say({ kind: "joined", actor: member, member })).toBe("member joined.");
  expect(say({ kind: "left", actor: member, member })).toBe("member left.");
  expect(say({ kind: "removed", member })).toBe("owner removed member.");
  expect(say({ kind: "admin_appointed", member })).toBe("owner made member an admin.");
  expect(say({ kind: "admin_appointed", actor: null, member })).toBe(
    "member became an admin (the league had none left).",
  );
  expect(say({ kind: "created", actor: null })).toBe("A deleted account created the league.");
});

test("what the invite landing and the joined screen promise of a league's picks", () => {
  expect(revealPromise("kickoff")).toBe(
    "Members' picks show to the league at each game's kick-off. It never shows a pick you placed before joining.",
  );
  expect(revealPromise("week_start")).toContain("at the week's first kick-off");
  expect(revealPromise("never")).toBe("This league never shows members' picks to each other.");
});
