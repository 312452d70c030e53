/**
 * Messages of the live channel /ws (DESIGN "Access"): JSON objects with a `type` — `odds_update`
 * and `scores_update` (to everyone), `notification`, `bet_settlements` and `league_comments` (to one player), `hello` and `pong`;
 * the browser sends `ping`. The schemas are the contract: the types below come from them, and so
 * does the AsyncAPI document (GET /api/asyncapi.json, src/http/asyncapi.ts).
 */
import { Type as t } from "@sinclair/typebox";
import { CurrentWeek, Game } from "./games.ts";

const BetStatus = t.Union([t.Literal("pending"), t.Literal("won"), t.Literal("lost"), t.Literal("push")]);
const LegBetType = t.Union([t.Literal("spread"), t.Literal("total"), t.Literal("moneyline"), t.Literal("prop")]);
const Score = t.Object({ awayScore: t.Number(), homeScore: t.Number() });

/** A pick as settlement messages name it (a single bet's, or a parlay leg's), for the toast's line ("LAC −3.5"). */
export const SettledPick = t.Object({
  betType: LegBetType,
  selection: t.String(),
  point: t.Union([t.String(), t.Null()], {
    description: 'The line of the chosen side, a numeric string ("-3.5"); null for moneylines',
  }),
  team: t.Union([t.String(), t.Null()], {
    description: 'The chosen team\'s abbreviation ("LAC") for spreads and moneylines; null otherwise',
  }),
  prop: t.Union([t.Object({ playerName: t.String(), propType: t.String() }), t.Null()], {
    description: 'A prop\'s player and stat ("passing_yards"); null for the other types',
  }),
  status: t.Union(BetStatus.anyOf, {
    description: "The pick's grade: for a leg, its own; for a single bet, the bet's",
  }),
  game: t.Object({
    awayAbbr: t.String(),
    homeAbbr: t.String(),
    awayScore: t.Union([t.Number(), t.Null()]),
    homeScore: t.Union([t.Number(), t.Null()]),
  }),
});
export type SettledPick = typeof SettledPick.static;

/**
 * Spec §3 Settlement message, plus the bet's id: one settled (or re-settled) bet of one player.
 * Beyond the spec: `betDetails.pick` (a single bet) or `betDetails.legs` (a parlay, every leg in
 * order); `leg` when one leg of a still-pending parlay was graded (status stays "pending"); and
 * `corrected` when a final score was corrected (a regrade) and changed what had been settled.
 */
export const SettlementMessage = t.Object({
  betId: t.Number(),
  userId: t.Number(),
  status: BetStatus,
  result: t.Union([t.String(), t.Null()], {
    description: 'The profit as a numeric string ("90.91", "-100.00", "0.00")',
  }),
  betDetails: t.Object({
    selection: t.String(),
    wagerAmount: t.String(),
    gameInfo: t.Object({ awayTeam: t.String(), homeTeam: t.String(), awayScore: t.Number(), homeScore: t.Number() }),
    pick: t.Optional(SettledPick),
    legs: t.Optional(t.Array(SettledPick)),
  }),
  leg: t.Optional(
    t.Object(
      { index: t.Number(), legsLeft: t.Number() },
      { description: "The leg just graded (its index in `betDetails.legs`) and how many legs are still to be graded" },
    ),
  ),
  corrected: t.Optional(
    t.Object(
      {
        status: BetStatus,
        result: t.Union([t.String(), t.Null()]),
        game: t.Object({
          awayAbbr: t.String(),
          homeAbbr: t.String(),
          before: t.Union([Score, t.Null()], { description: "Null when the event did not say" }),
          after: Score,
        }),
      },
      {
        description:
          "What the bet (for a `leg` message: that leg) was before a corrected score, and the corrected game's score before and after",
      },
    ),
  ),
});
export type SettlementMessage = typeof SettlementMessage.static;

/** The changed games of an odds or scores update, as GET /api/games answers them; null when too many changed to send (refetch). */
export const GamesUpdate = t.Object({
  games: t.Union([t.Array(Game), t.Null()]),
  currentWeek: CurrentWeek,
});
export type GamesUpdate = typeof GamesUpdate.static;

/** A games update as it goes out: the update, with where it stands in the sequence of updates. */
const gamesMessage = {
  version: t.Number({ description: "This update's place in the sequence (increasing)" }),
  previous: t.Union([t.Number(), t.Null()], {
    description:
      "The version of the update this process sent before it (null for its first): a browser that saw another has missed one and refetches",
  }),
  ...GamesUpdate.properties,
};

/** What the server sends on /ws, by `type`. */
export const ServerMessages = {
  hello: t.Object(
    {
      type: t.Literal("hello"),
      signedIn: t.Boolean(),
      hub: t.String({ description: "Which server process holds the socket" }),
      heard: t.Integer({
        minimum: 0,
        description:
          "How many messages that process had sent that this socket could have heard, before it joined: a page the same process rendered at the same count missed nothing",
      }),
    },
    { description: "Sent once the socket is open: whether it belongs to a signed-in player, and where it joined" },
  ),
  pong: t.Object({ type: t.Literal("pong") }, { description: "The answer to a ping" }),
  odds_update: t.Object(
    { type: t.Literal("odds_update"), ...gamesMessage },
    {
      description:
        "Lines, kick-offs or finals changed (to everyone): the changed games, to put in place of the shown ones; `games` null means refetch",
    },
  ),
  scores_update: t.Object(
    { type: t.Literal("scores_update"), ...gamesMessage },
    { description: "Games under way changed score or status (to everyone): the changed games, as for odds_update" },
  ),
  notification: t.Object(
    { type: t.Literal("notification") },
    { description: "A friend request or a league invitation for this player: refetch the notifications" },
  ),
  bet_settlements: t.Object(
    { type: t.Literal("bet_settlements"), settlements: t.Array(SettlementMessage) },
    { description: "This player's bets just settled (only their own)" },
  ),
  league_comments: t.Object(
    { type: t.Literal("league_comments"), leagueId: t.Number() },
    { description: "The talk of one of this player's leagues changed: refetch the comments shown of it" },
  ),
};

/** What the browser may send on /ws; anything else is ignored (and a chatty socket closed). */
export const ClientMessages = {
  ping: t.Object({ type: t.Literal("ping") }, { description: "Asks for a pong" }),
};

export type ServerMessage = {
  [K in keyof typeof ServerMessages]: (typeof ServerMessages)[K]["static"];
}[keyof typeof ServerMessages];
