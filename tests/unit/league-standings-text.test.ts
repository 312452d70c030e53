import { expect, test } from "bun:test";
import { scoringText } from "../../src/web/features/leagues/LeagueStandings.tsx";

test("the standings' footnote says what the table does: worst weeks go only once more weeks are played", () => {
  const scoring = { scoring: "units", roiMinBets: 0, tiebreakers: [], dropWorstWeeks: 2, minBetsPerWeek: 0 } as const;
  expect(scoringText({ ...scoring, tiebreakers: [] }, 3)).toBe(
    "Ranked by units won; ties share a rank. Each member's worst 2 weeks are left out of the season.",
  );
  expect(scoringText({ ...scoring, tiebreakers: [] }, 2)).toBe(
    "Ranked by units won; ties share a rank. Each member's worst 2 weeks will be left out once more than 2 weeks are played (2 so far).",
  );
});
