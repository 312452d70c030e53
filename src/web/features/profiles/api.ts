import type { Profile } from "../../../shared/contract/profiles.ts";
import { apiRequest } from "../../lib/api.ts";
import { keys, useQuery } from "../../lib/queries.ts";

/** Asks the player behind a closed profile to be friends (spec §7's call). */
export const askToBeFriends = (addresseeId: number) => apiRequest("POST", "/api/friends/requests", { addresseeId });

export const useProfile = (username: string) => useQuery<Profile>(keys.profile(username));
