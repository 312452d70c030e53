import type { Profile } from "../../../shared/contract/profiles.ts";
import { keys, useQuery } from "../../lib/queries.ts";

export const useProfile = (username: string) => useQuery<Profile>(keys.profile(username));
