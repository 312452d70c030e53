import type { Profile, ProfileSettings, ProfileVisibility } from "../../../shared/contract/profiles.ts";
import { apiRequest } from "../../lib/api.ts";
import { invalidate } from "../../lib/swr.ts";
import { keys, useQuery } from "../../lib/queries.ts";

export const useProfile = (username: string) => useQuery<Profile>(keys.profile(username));
export const useProfileVisibility = (signedIn: boolean) =>
  useQuery<ProfileSettings>(signedIn ? keys.profileVisibility() : null);

/** Saves who may see the signed-in player's profile; the profile screens then ask again. */
export async function saveProfileVisibility(visibility: ProfileVisibility): Promise<ProfileSettings> {
  const saved = await apiRequest<ProfileSettings>("PUT", "/api/user/profile-visibility", { visibility });
  await invalidate(["profileVisibility", "profile"]);
  return saved;
}
