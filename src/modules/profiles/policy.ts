import { AppError } from "../../lib/errors.ts";
import { type ProfileAccess, profileAccess } from "./rules.ts";

const refusals: Record<Exclude<ProfileAccess, "allowed">, { message: string; code: string }> = {
  friends_only: { message: "Only this player's friends can see their profile.", code: "profile_friends_only" },
  league_mates_only: {
    message: "Only this player's friends and league-mates can see their profile.",
    code: "profile_league_mates_only",
  },
  only_me: { message: "This player keeps their profile to themselves.", code: "profile_private" },
};

/**
 * Throws the 403 a viewer gets for a profile they may not see (rules.ts `profileAccess` decides). It
 * names the player's id, so the refusal can offer "Add friend" (user search gives the same).
 */
export function assertMaySeeProfile(facts: Parameters<typeof profileAccess>[0], playerId: number): void {
  const access = profileAccess(facts);
  if (access === "allowed") return;
  const { message, code } = refusals[access];
  throw new AppError(403, code, message, {}, { userId: playerId });
}
