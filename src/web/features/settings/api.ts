import type { MessageResponse } from "../../../shared/contract/common.ts";
import type { User } from "../../../shared/contract/auth.ts";
import type { ProfileSettings, ProfileVisibility } from "../../../shared/contract/profiles.ts";
import type {
  PushDevices,
  PushPreferences,
  PushTestResult,
  SavedPushPreferences,
} from "../../../shared/contract/push.ts";
import { apiRequest } from "../../lib/api.ts";
import { afterCalendarChange, afterTokensChange, keys, useQuery } from "../../lib/queries.ts";
import type { ApiToken, CreatedApiToken } from "../../../shared/contract/tokens.ts";
import type { TokenScope } from "../../../shared/api-tokens.ts";
import { invalidate } from "../../lib/swr.ts";
import { setCurrentUser } from "../../lib/session.ts";

/** Renames the signed-in user and stores the answer as the current user. */
export async function changeUsername(username: string): Promise<User> {
  const user = await apiRequest<User>("PUT", "/api/user/username", { username });
  await setCurrentUser(user);
  return user;
}

/** Where the player's own data downloads from; plain links carry the session cookie. */
export const exportUrls = (userId: number) => ({
  betsCsv: `/api/users/${userId}/export/bets.csv`,
  accountJson: `/api/users/${userId}/export/account.json`,
});

/** Deletes the signed-in account (the password confirms it); the server ends its sessions. Returns the server's sentence. */
export async function deleteAccount(password: string): Promise<string> {
  const answer = await apiRequest<MessageResponse>("DELETE", "/api/user", { password });
  return answer.message;
}

/** Changes the signed-in player's password (the current one confirms it); other sessions end. Returns the server's sentence. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  const answer = await apiRequest<MessageResponse>("PUT", "/api/user/password", { currentPassword, newPassword });
  return answer.message;
}

export const useProfileVisibility = () => useQuery<ProfileSettings>(keys.profileVisibility());

/** Saves who may see the signed-in player's profile; the profile screens then ask again. */
export async function saveProfileVisibility(visibility: ProfileVisibility): Promise<ProfileSettings> {
  const saved = await apiRequest<ProfileSettings>("PUT", "/api/user/profile-visibility", { visibility });
  await invalidate(["profileVisibility", "profile"]);
  return saved;
}

export const usePushPreferences = () => useQuery<SavedPushPreferences>(keys.pushPreferences());
export const usePushDevices = () => useQuery<PushDevices>(keys.pushDevices());

/** Saves what is pushed, the daily cap and quiet hours. */
export async function savePushPreferences(preferences: PushPreferences): Promise<PushPreferences> {
  const saved = await apiRequest<PushPreferences>("PUT", "/api/push/preferences", preferences);
  await invalidate(["pushPreferences"]);
  return saved;
}

/** Turns push off on one of the player's devices (another browser, from here). */
export async function removePushDevice(id: number): Promise<void> {
  await apiRequest("DELETE", `/api/push/subscriptions/${id}`);
  await invalidate(["pushDevices"]);
}

/** Asks for a test notification on every device; the server sends it in the background. Returns its sentence. */
export async function sendTestPush(): Promise<string> {
  return (await apiRequest<PushTestResult>("POST", "/api/push/test", {})).message;
}

export const useApiTokens = () => useQuery<ApiToken[]>(keys.apiTokens());

/** Makes an API token; the answer is the only time it is shown. */
export async function createApiToken(name: string, scopes: TokenScope[]): Promise<CreatedApiToken> {
  const made = await apiRequest<CreatedApiToken>("POST", "/api/tokens", { name, scopes });
  await afterTokensChange();
  return made;
}

export async function revokeApiToken(id: number): Promise<void> {
  await apiRequest<MessageResponse>("DELETE", `/api/tokens/${id}`);
  await afterTokensChange();
}

export const useCalendarLink = () => useQuery<{ url: string | null }>(keys.calendarLink());

/** Makes the deadlines feed, or gives it a new URL (the old one stops working). */
export async function newCalendarLink(): Promise<string> {
  const { url } = await apiRequest<{ url: string }>("POST", "/api/user/calendar", {});
  await afterCalendarChange();
  return url;
}

export async function removeCalendarLink(): Promise<void> {
  await apiRequest<MessageResponse>("DELETE", "/api/user/calendar");
  await afterCalendarChange();
}
