import { describe, expect, test } from "bun:test";
import { refusal as policyRefusal } from "./policy-support.ts";
import {
  assertCanJoinDirectly,
  assertInvitee,
  authorize,
  can,
  canSee,
  type LeagueAction,
  type LeagueStanding,
  standingOf,
} from "../../src/modules/leagues/policy.ts";

/** Status and code only: these rules' messages are the routes' concern. */
const refusal = (rule: () => void) => {
  const refused = policyRefusal(rule);
  return refused && { status: refused.status, code: refused.code };
};

describe("standingOf: the viewer's membership, or outside the league", () => {
  test("admin, member, outsider", () => {
    expect(standingOf({ role: "admin" })).toBe("admin");
    expect(standingOf({ role: "member" })).toBe("member");
    expect(standingOf(undefined)).toBe("outsider");
    expect(standingOf(null)).toBe("outsider");
  });
});

describe("canSee: a private league exists only for its members and invitees", () => {
  test("public: everyone; private: admins, members and pending invitees, no outsider", () => {
    for (const standing of ["admin", "member", "outsider"] as const) {
      expect(canSee({ isPublic: true }, standing, false)).toBe(true);
      expect(canSee({ isPublic: false }, standing, true)).toBe(true);
    }
    expect(canSee({ isPublic: false }, "admin", false)).toBe(true);
    expect(canSee({ isPublic: false }, "member", false)).toBe(true);
    expect(canSee({ isPublic: false }, "outsider", false)).toBe(false);
  });
});

describe("league permissions: who may do what", () => {
  // The matrix the API answers (tests/api/leagues.test.ts checks the same over HTTP).
  const MATRIX: Record<LeagueAction, Record<LeagueStanding, boolean>> = {
    edit: { admin: true, member: false, outsider: false },
    invite: { admin: true, member: false, outsider: false },
    listInvitations: { admin: true, member: false, outsider: false },
    rotateInviteLink: { admin: true, member: false, outsider: false },
    shareInviteLink: { admin: true, member: true, outsider: false },
    placeBet: { admin: true, member: true, outsider: false },
    removeMember: { admin: true, member: false, outsider: false },
    appointAdmin: { admin: true, member: false, outsider: false },
    deleteLeague: { admin: true, member: false, outsider: false },
    viewFeed: { admin: true, member: true, outsider: false },
    viewHistory: { admin: true, member: true, outsider: false },
    pickPool: { admin: true, member: true, outsider: false },
    correctPool: { admin: true, member: false, outsider: false },
    comment: { admin: true, member: true, outsider: false },
    moderateComments: { admin: true, member: false, outsider: false },
    pinPost: { admin: true, member: false, outsider: false },
    manageWebhooks: { admin: true, member: false, outsider: false },
  };
  const REFUSED_WITH: Record<LeagueAction, string> = {
    edit: "league_admin_only",
    invite: "league_admin_only",
    listInvitations: "league_admin_only",
    rotateInviteLink: "league_admin_only",
    shareInviteLink: "members_only",
    placeBet: "not_member",
    viewFeed: "members_only",
    viewHistory: "members_only",
    removeMember: "league_admin_only",
    appointAdmin: "league_admin_only",
    deleteLeague: "league_admin_only",
    pickPool: "members_only",
    correctPool: "league_admin_only",
    comment: "members_only",
    moderateComments: "not_your_comment",
    pinPost: "league_admin_only",
    manageWebhooks: "league_admin_only",
  };

  for (const [action, row] of Object.entries(MATRIX) as [LeagueAction, Record<LeagueStanding, boolean>][]) {
    test(`${action}`, () => {
      for (const [standing, allowed] of Object.entries(row) as [LeagueStanding, boolean][]) {
        expect({ standing, allowed: can(standing, action) }).toEqual({ standing, allowed });
        expect(refusal(() => authorize(standing, action))).toEqual(
          allowed ? null : { status: 403, code: REFUSED_WITH[action] },
        );
      }
    });
  }
});

describe("joining and answering invitations", () => {
  test("a public league is open to all; a private one takes an invitation or the link", () => {
    expect(refusal(() => assertCanJoinDirectly({ isPublic: true }))).toBeNull();
    expect(refusal(() => assertCanJoinDirectly({ isPublic: false }))).toEqual({ status: 403, code: "league_private" });
  });

  test("only the invited player answers an invitation", () => {
    expect(refusal(() => assertInvitee({ invitedUserId: 3 }, 3))).toBeNull();
    expect(refusal(() => assertInvitee({ invitedUserId: 3 }, 4))).toEqual({ status: 403, code: "not_your_invitation" });
  });
});
