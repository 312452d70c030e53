import { Elysia } from "elysia";
import type { Db } from "../../runtime/index.ts";
import type { Clock } from "../../lib/clock.ts";
import type { AuthPlugin } from "../auth/plugin.ts";
import { Profile, ProfileSettings } from "../../shared/contract/profiles.ts";
import { PlayerParams, VisibilityBody } from "./model.ts";
import * as service from "./service.ts";

/** Players' profiles (/players/{username}) and who may see one's own. */
export function profilesRoutes({ db, clock, auth }: { db: Db; clock: Clock; auth: AuthPlugin }) {
  return new Elysia({ name: "profiles", prefix: "/api", tags: ["Profiles"] })
    .use(auth)
    .get(
      "/players/:username",
      ({ params, viewer }) => service.profile(db, clock.now(), viewer?.id ?? null, params.username),
      {
        viewer: true,
        params: PlayerParams,
        detail: { summary: "A player's graded record, as the viewer may see it", operationId: "getProfile" },
        response: { 200: Profile },
      },
    )
    .get("/user/profile-visibility", ({ user }) => service.visibilityOf(db, user.id), {
      auth: true,
      detail: { summary: "Who may see one's profile", operationId: "getProfileVisibility" },
      response: { 200: ProfileSettings },
    })
    .put("/user/profile-visibility", ({ user, body }) => service.changeVisibility(db, user.id, body.visibility), {
      auth: true,
      body: VisibilityBody,
      detail: { summary: "Choose who may see one's profile", operationId: "setProfileVisibility" },
      response: { 200: ProfileSettings },
    });
}
