import { apiRequest } from "../../lib/api.ts";
import { setCurrentUser, type CurrentUser } from "../../lib/session.ts";

/** Renames the signed-in user and stores the answer as the current user. */
export async function changeUsername(username: string): Promise<CurrentUser> {
  const user = await apiRequest<CurrentUser>("PUT", "/api/user/username", { username });
  await setCurrentUser(user);
  return user;
}
