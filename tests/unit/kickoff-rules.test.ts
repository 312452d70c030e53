import { describe, expect, test } from "bun:test";
import { followedKickoff, KICKOFF_CORRECTION_MS } from "../../src/modules/feeds/rules.ts";

const OURS = "2026-10-04T17:00:00.000Z";
const at = (iso: string) => new Date(iso);

describe("followedKickoff: betting locks at the latest known kick-off, corrections followed both ways", () => {
  test("before our kick-off the provider's is followed, later or earlier, even one already past", () => {
    const now = at("2026-10-04T16:50:00Z");
    expect(followedKickoff(OURS, "2026-10-04T17:03:00.000Z", now)).toBe("2026-10-04T17:03:00.000Z");
    expect(followedKickoff(OURS, "2026-10-04T16:55:00.000Z", now)).toBe("2026-10-04T16:55:00.000Z");
    expect(followedKickoff(OURS, "2026-10-04T16:45:00.000Z", now)).toBe("2026-10-04T16:45:00.000Z");
  });

  test("after our kick-off passed, a later one still ahead is followed (betting reopens) within the hour", () => {
    expect(followedKickoff(OURS, "2026-10-04T17:06:00.000Z", at("2026-10-04T17:02:00Z"))).toBe(
      "2026-10-04T17:06:00.000Z",
    );
    const edge = new Date(Date.parse(OURS) + KICKOFF_CORRECTION_MS);
    expect(followedKickoff(OURS, "2026-10-04T18:30:00.000Z", edge)).toBe("2026-10-04T18:30:00.000Z");
    expect(followedKickoff(OURS, "2026-10-04T18:30:00.000Z", new Date(edge.getTime() + 1))).toBe(OURS);
  });

  test("after our kick-off passed, ours stays when the provider's is past too, or it reports the game under way", () => {
    const now = at("2026-10-04T17:10:00Z");
    expect(followedKickoff(OURS, "2026-10-04T17:05:00.000Z", now)).toBe(OURS);
    expect(followedKickoff(OURS, "2026-10-04T16:30:00.000Z", now)).toBe(OURS);
    expect(followedKickoff(OURS, "2026-10-04T17:20:00.000Z", now, true)).toBe(OURS);
  });
});
