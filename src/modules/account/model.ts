import { t } from "elysia";
import { DateTime } from "../../shared/contract/common.ts";
import { Bet } from "../../shared/contract/betting.ts";

/** The bets download: one row per bet, with a header row (account/csv.ts). */
export const BetsCsv = t.String({
  contentMediaType: "text/csv",
  description: "The player's bets as CSV, with a header row",
});

/** The account download (spec: Settings, "Your data"). */
export const AccountExport = t.Object({
  account: t.Object({
    id: t.Number(),
    email: t.String(),
    username: t.String(),
    role: t.Union([t.Literal("user"), t.Literal("admin")]),
    emailVerifiedAt: t.Union([DateTime(), t.Null()]),
    createdAt: DateTime(),
    signupAddress: t.Union([t.String(), t.Null()]),
    referral: t.Object({
      source: t.Union([t.String(), t.Null()]),
      medium: t.Union([t.String(), t.Null()]),
      campaign: t.Union([t.String(), t.Null()]),
      referrerUrl: t.Union([t.String(), t.Null()]),
    }),
  }),
  bets: t.Array(Bet),
});
