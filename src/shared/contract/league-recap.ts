/** GET /api/recap/league/{id}/week/{week}: a league's week in review (issue 44 item 7). */
import { Type as t } from "@sinclair/typebox";
import { ProfileBet } from "./profiles.ts";

const Member = t.Object({ userId: t.Number(), username: t.String() });

/** One of the week's picks the recap names, whose it was, and the figure it is named for. */
const Highlight = t.Object({
  player: Member,
  bet: ProfileBet,
  /** Biggest hit: units won; worst beat: points it missed by; best CLV: percent; most tailed: tails. */
  figure: t.Number(),
});

export const LeagueRecap = t.Object({
  season: t.Number(),
  week: t.Number(),
  /** The week's top of the league's weekly standings (several when tied); empty when nobody settled a bet. */
  winners: t.Array(t.Object({ ...Member.properties, unitsWon: t.String() })),
  biggestHit: t.Union([Highlight, t.Null()]),
  worstBeat: t.Union([Highlight, t.Null()]),
  bestClv: t.Union([Highlight, t.Null()]),
  mostTailed: t.Union([Highlight, t.Null()]),
  /** The season so far: each member's settled tails of another's picks, most first. */
  tailRecords: t.Array(
    t.Object({
      tailer: Member,
      followed: Member,
      won: t.Number(),
      lost: t.Number(),
      pushed: t.Number(),
      /** Units won or lost following them, as a numeric string ("4.10"). */
      unitsWon: t.String(),
      /** The average CLV the later prices cost, in points; null when none had a closing line. */
      clvCost: t.Union([t.Number(), t.Null()]),
    }),
  ),
});
export type LeagueRecap = typeof LeagueRecap.static;
