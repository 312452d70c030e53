import { forbidden } from "../../lib/errors.ts";
import { type ProfileAccess, profileAccess } from "./rules.ts";

const refusals: Record<Exclude<ProfileAccess, "allowed">, () => Error> = {
  friends_only: () => forbidden("Only this player's friends can see their profile.", "profile_friends_only"),
  only_me: () => forbidden("This player keeps their profile to themselves.", "profile_private"),
};

/** Throws the 403 a viewer gets for a profile they may not see (rules.ts `profileAccess` decides). */
export function assertMaySeeProfile(facts: Parameters<typeof profileAccess>[0]): void {
  const access = profileAccess(facts);
  if (access !== "allowed") throw refusals[access]();
}
