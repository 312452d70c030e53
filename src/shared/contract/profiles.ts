/** The profiles API's answers: a player's public record (GET /api/players/{username}) and who may see it. */
import { Type as t } from "@sinclair/typebox";
import { Bet, BetLeg } from "./betting.ts";

export const ProfileVisibility = t.Union(
  [t.Literal("everyone"), t.Literal("league_mates"), t.Literal("friends"), t.Literal("only_me")],
  { error: 'visibility: must be "everyone", "league_mates", "friends" or "only_me"' },
);
export type ProfileVisibility = typeof ProfileVisibility.static;

/** What an account that never chose gets (issue 44 item 6): its friends and the players it shares a league with. */
export const DEFAULT_PROFILE_VISIBILITY: ProfileVisibility = "league_mates";

/** Settled figures over a set of bets: the record, units and rates, and how the bets fared against the close. */
export const RecordFigures = t.Object({
  won: t.Number(),
  lost: t.Number(),
  pushed: t.Number(),
  /** Profit in units, two decimals ("+3.20" is written by the screen; the number here is signed). */
  units: t.String(),
  roi: t.Number(),
  winRate: t.Number(),
  /** Mean closing-line value in percent of the bets that had a closing line; null with none. */
  averageClv: t.Union([t.Number(), t.Null()]),
  /** Of the bets with a closing line, the share (percent) whose price beat the close; null with none. */
  beatClose: t.Union([t.Number(), t.Null()]),
  /** Bets with a closing line (what the two figures above average). */
  clvBets: t.Number(),
});
export type RecordFigures = typeof RecordFigures.static;

/**
 * A bet as a profile shows it: the pick, price, close and result — never the player's journal note,
 * confidence or league (a private league's name is not the viewer's business).
 */
export const ProfileBet = t.Object({
  ...t.Pick(Bet, [
    "id",
    "gameId",
    "betType",
    "selection",
    "odds",
    "point",
    "units",
    "isParlay",
    "status",
    "result",
    "placedAt",
    "settledAt",
    "game",
    "prop",
    "closingLine",
    "clv",
  ]).properties,
  legs: t.Union([t.Array(t.Omit(BetLeg, ["propId"])), t.Null()]),
});
export type ProfileBet = typeof ProfileBet.static;

export const Profile = t.Object({
  username: t.String(),
  isBot: t.Boolean(),
  memberSince: t.String(),
  /** Who may open this profile (the owner changes it in Settings). */
  visibility: ProfileVisibility,
  /** The viewer is the player themself. */
  isOwn: t.Boolean(),
  record: RecordFigures,
  byType: t.Array(t.Object({ betType: t.String(), figures: RecordFigures })),
  /** Newest week first. */
  byWeek: t.Array(
    t.Object({
      season: t.Number(),
      week: t.Number(),
      figures: RecordFigures,
      /** The week's biggest win (its share card names it); null when nothing won. */
      best: t.Union([ProfileBet, t.Null()]),
    }),
  ),
  /** The last settled bets, newest first. */
  recent: t.Array(ProfileBet),
  /** Unsettled bets whose games have all kicked off (a bet is never shown before then). */
  inPlay: t.Array(ProfileBet),
});
export type Profile = typeof Profile.static;

export const ProfileSettings = t.Object({ visibility: ProfileVisibility });
export type ProfileSettings = typeof ProfileSettings.static;
