import { describe, expect, test } from "bun:test";
import type { League } from "../../src/shared/contract/leagues.ts";
import type { BuiltUser } from "../factories.ts";
import { call } from "../support.ts";
import { browserSuite, E2E_TIMEOUT, withDispatcher } from "./helpers.ts";
import {
  DAL_PHI,
  moneyline,
  newPlayer,
  placeBet,
  resolveGame,
  spread,
  startBettingServer,
} from "./my-bets-fixtures.ts";

// Settlement follows a resolve and reaches the players' sockets, as in serve.
const suite = browserSuite(async () => withDispatcher(await startBettingServer(), { settle: true }), {
  serverPerTest: true,
});

async function league(admin: BuiltUser, members: BuiltUser[], body: Record<string, unknown>): Promise<League> {
  const res = await call<League>(suite.server.ctx.app, "POST", "/api/leagues", {
    cookie: admin.cookie,
    body: { description: "", isPublic: true, createdBy: admin.user.id, ...body },
  });
  expect(res.status).toBe(201);
  for (const member of members) {
    const joined = await call(suite.server.ctx.app, "POST", `/api/leagues/${res.body.id}/join`, {
      cookie: member.cookie,
      body: { userId: member.user.id },
    });
    expect(joined.status).toBe(200);
  }
  return res.body;
}

describe("standings that just work (issue 28)", () => {
  test(
    "a league without its own bankroll ranks members' individual bets that fit its rules: its open standings move when one settles",
    async () => {
      const me = await newPlayer(suite.server, "casual_cal");
      const friend = await newPlayer(suite.server, "friend_fay");
      await league(friend, [me], { name: "Casual Pool", rules: { allowedBetTypes: ["spread"] } });
      await placeBet(suite.server, me, spread(DAL_PHI, "Philadelphia Eagles", -3.5)); // individual and fits: counts
      await placeBet(suite.server, friend, moneyline(DAL_PHI, "Dallas Cowboys", 150)); // a moneyline: not allowed

      const page = await suite.newPage({ signedInAs: me });
      page.setDefaultTimeout(8000);
      const connected = new Promise<void>((resolve) => {
        page.on("websocket", (socket) =>
          socket.on("framereceived", ({ payload }) => {
            if (JSON.parse(String(payload)).type === "hello") resolve();
          }),
        );
      });
      await page.goto("/leagues");
      await page.locator(".league-card", { hasText: "Casual Pool" }).first().click();
      await connected;
      const dialog = page.locator("dialog.league-details-dialog");
      const rows = dialog.locator(".league-standings tbody tr");
      await rows.first().waitFor();
      expect(await dialog.locator(".league-standings-basis").textContent()).toBe(
        "Ranks every bet members place that fits the league's rules",
      );
      const table = () => rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent)));
      expect(await table()).toEqual([
        ["1", "friend_fay", "0.00U", "0", "0", "0.0%", "0.0%"],
        ["1", "casual_cal", "0.00U", "0", "1", "0.0%", "0.0%"], // one bet in play: that it exists, nothing of it
      ]);

      // The game ends while the league is open: the player's settlement message moves the standings.
      await resolveGame(suite.server, DAL_PHI, 17, 24);
      await dialog.getByRole("cell", { name: "+0.91U" }).waitFor();
      expect(await table()).toEqual([
        ["1", "casual_cal", "+0.91U", "1", "0", "100.0%", "+90.9%"],
        ["2", "friend_fay", "0.00U", "0", "0", "0.0%", "0.0%"],
      ]);
    },
    E2E_TIMEOUT,
  );
});
